import { z } from 'zod';
import { emailField } from '../../../common/accounts.wire';
import { parseAmountToCents } from '../../../common/money';
import { isValidPhoneNumber } from '../../../common/signups/gaming';
import { calendarDate, checkbox, onceRead, optionalValue, postedText, present, requiredText } from '../back-office/form-fields';

/** ADR 052: the back office's package form and the sponsor's order form. */

/** Up to $1,000,000.00 a package. */
const PRICE_MAX_CENTS = 100_000_000;

const dollars = (label: string, min: number, required: string) =>
  present(
    optionalValue((text) => {
      const cents = parseAmountToCents(text);
      return cents === null || cents < min || cents > PRICE_MAX_CENTS ? null : cents;
    }, `${label} must be an amount in dollars from ${min === 0 ? '0' : '1.00'} to 1,000,000.00, like 2,500.`),
    required,
  );

const whole = (label: string, min: number, max: number, required: string) =>
  present(
    optionalValue((text) => (/^\d{1,4}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null), `${label} must be a whole number from ${min} to ${max}.`),
    required,
  );

export const PackageFormSchema = z
  .object({
    name: requiredText('The name', 80),
    price: dollars('The price', 100, 'The price is required.'),
    quantity: whole('How many are available', 1, 1000, 'Say how many are available.'),
    includes: requiredText('What it includes', 2000),
    places: postedText.transform((t) => (t === '' ? '0' : t)).pipe(z.string().regex(/^\d{1,2}$/, 'Team or party places must be a whole number from 0 to 20.').transform(Number).pipe(z.number().max(20, 'Team or party places must be a whole number from 0 to 20.'))),
    placesDue: calendarDate('The day names are due'),
    goodsValue: dollars('The value of goods and services', 0, 'The value of goods and services is required (0 if none).'),
    published: checkbox,
  })
  .refine((p) => p.goodsValue <= p.price, { path: ['goodsValue'], message: 'The value of goods and services cannot be more than the price.', when: onceRead('price', 'goodsValue') })
  // ADR 054: the sponsor names the places by then, from their dashboard.
  .refine((p) => p.places === 0 || p.placesDue !== null, { path: ['placesDue'], message: 'Say by which day the sponsor must name the people for the places.', when: onceRead('places', 'placesDue') })
  .transform((p) => ({ ...p, placesDue: p.places === 0 ? null : p.placesDue }));

/** A link to the sponsor's site: https only, so no script or plain-text link is ever shown. */
const httpsLink = postedText.pipe(
  z
    .string()
    .max(500, 'The link must be at most 500 characters.')
    .refine((text) => {
      if (text === '') return true;
      try {
        const url = new URL(text);
        return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'The link must be a web address starting with https://, like https://example.com.'),
).transform((text) => (text === '' ? null : new URL(text).toString()));

export const OrderFormSchema = z.object({
  eventNumber: z.string({ error: 'Choose an event.' }).regex(/^\d{1,9}$/, 'Choose an event.').transform(Number),
  packageId: z.string({ error: 'Choose a package.' }).regex(/^\d{1,9}$/, 'Choose a package.').transform(Number),
  companyName: requiredText('The company name', 120),
  contactName: requiredText('The contact name', 120),
  contactEmail: postedText.pipe(emailField),
  phone: requiredText('A phone number', 30).refine(isValidPhoneNumber, 'Enter a phone number like (740) 555-0142.'),
  displayName: requiredText('The name to display', 120),
  link: httpsLink,
});
