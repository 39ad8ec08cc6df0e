import { z } from 'zod';
import { parseFields, type FieldsParse } from '../../../common/api-errors';
import type { FormFields } from '../../../common/back-office';
import { ACCOMMODATION_ICONS, EVENT_TYPES } from '../../../common/content-admin';
import { ExternalUrlSchema, InternalPathSchema } from '../../../common/content';
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN, type EventSignupRules } from '../../../common/events';
import { parseAmountToCents } from '../../../common/money';
import { rulesOfEventType } from '../../../common/signups/kinds';
import { calendarDate as date, checkbox, evenWithFieldErrors, MEDIA_PATH, onceRead, optionalText, optionalValue, postedText, present, requiredText } from './form-fields';

/** Pictures still as addresses (their sizes are looked up after). */
export interface EventFormValues {
  eventType: string;
  name: string;
  description: string;
  location: string;
  eventDate: string;
  startTime: string | null;
  image: { src: string; alt: string } | null;
  active: boolean;
  capacity: number | null;
  signup: EventSignupRules;
  stats: { text: string; price: '' | 'price' | 'child' }[];
  accommodations: { icon: string; text: string }[];
  proceeds: string;
  showSponsor: boolean;
  sponsor: { name: string; href: string; logo: { src: string; alt: string } | null } | null;
  partnershipFlyer: string | null;
  rulesFlyer: string | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Rows of price lines and included items read. */
const ROWS = 50;

const wholeNumber = (label: string, min: number, max: number) =>
  optionalValue((text) => (/^\d{1,7}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null), `${label} must be a whole number from ${min} to ${max}.`);

const dollars = (label: string) =>
  optionalValue((text) => {
    const cents = parseAmountToCents(text);
    return cents === null || cents <= 0 || cents > 10_000_000 ? null : cents;
  }, `${label} must be an amount in dollars, like 400.00.`);


const mediaPath = optionalValue((text) => (MEDIA_PATH.test(text) ? text : null), 'Choose a file from the media library.');

const flyer = optionalValue((text) => (InternalPathSchema.safeParse(text).success && MEDIA_PATH.test(text) ? text : null), 'Choose a flyer from the media library.');

/** ADR 025: empty or 0 when nothing; refused, it reads as 0. */
const fairValue = (label: string) =>
  postedText.transform((text, ctx) => {
    if (text === '') return 0;
    const cents = parseAmountToCents(text);
    if (cents !== null && cents >= 0 && cents <= 10_000_000) return cents;
    ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars, like 45.00, or 0.` });
    return 0;
  });

const CHILD_VALUE_TOO_HIGH = 'The value per child cannot be more than the price it comes with.';

/** A field this type of event does not have, whatever was posted. */
const notAsked = <T>(value: T) => z.unknown().optional().transform((): T => value);

/** Posted as statText.0, statPrice.0, accText.0, accIcon.0… */
const ROW_FIELDS: Record<string, Record<string, string>> = {
  stats: { text: 'statText', price: 'statPrice' },
  accommodations: { text: 'accText', icon: 'accIcon' },
};

function withRows(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const posted = new Map(Object.entries(input));
  const rows = Array.from({ length: ROWS }, (_, i) => i);
  return {
    ...input,
    stats: rows.map((i) => ({ text: posted.get(`statText.${i}`), price: posted.get(`statPrice.${i}`) })),
    accommodations: rows.map((i) => ({ text: posted.get(`accText.${i}`), icon: posted.get(`accIcon.${i}`) })),
  };
}

/** A row's field as the form names it, e.g. statText.2. */
function eventFormKey(path: readonly PropertyKey[]): string {
  const [first, index, field] = path;
  const row = ROW_FIELDS[String(first)];
  if (row && typeof index === 'number' && typeof field === 'string' && row[field]) return `${row[field]}.${index}`;
  return String(first ?? 'form');
}

function eventFormSchema(eventType: string) {
  // A party has prices and values per adult and per child; a team one fee and its number of players.
  const { party, admin: words } = rulesOfEventType(eventType);
  const teamSize = `Players per team must be a whole number from ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}.`;

  const statRow = z
    .object({
      text: optionalText('The line', 200),
      price: postedText.pipe(
        z.enum(['', 'price', 'child'], { error: 'Choose which price this line shows.' }).refine((p) => party || p !== 'child', 'Only a benefit dinner has a child price.'),
      ),
    })
    .refine((row) => row.text !== '' || row.price === '', { path: ['text'], message: 'Write what this price is for, or clear its price.', when: evenWithFieldErrors });

  const includedRow = z
    .object({ text: optionalText('The item', 200), icon: postedText })
    .refine((row) => row.text === '' || ACCOMMODATION_ICONS.some((icon) => icon === row.icon), { path: ['icon'], message: 'Choose an icon.', when: evenWithFieldErrors });

  return z.preprocess(
    withRows,
    z
      .object({
        name: requiredText('Name', 120),
        description: requiredText('Description', 5000),
        location: requiredText('Location', 200),
        eventDate: present(date('The date'), 'The date is required.'),
        startTime: optionalValue((text) => (TIME.test(text) ? text : null), 'Start time must look like 18:30.'),
        imageSrc: mediaPath,
        imageAlt: optionalText('Alt text', 300),
        active: checkbox,
        capacity: wholeNumber('Capacity', 1, 100_000),
        price: present(dollars(words.priceName), words.priceMissing),
        childPrice: party ? dollars('The price per child') : notAsked(null),
        playersPerTeam: party ? notAsked(null) : present(wholeNumber('Players per team', TEAM_SIZE_MIN, TEAM_SIZE_MAX), teamSize),
        signupOpensOn: date('The opening date'),
        signupClosesOn: date('The closing date'),
        refundDaysBefore: wholeNumber('Refund days', 0, 365),
        fairValue: fairValue(words.fairValueName),
        childFairValue: party ? fairValue('The value per child') : notAsked(0),
        stats: z.array(statRow),
        accommodations: z.array(includedRow),
        proceeds: optionalText('Where the money goes', 2000),
        showSponsor: checkbox,
        sponsorName: optionalText('Sponsor name', 120),
        sponsorHref: postedText,
        sponsorLogoSrc: mediaPath,
        sponsorLogoAlt: optionalText('Alt text', 300),
        partnershipFlyer: flyer,
        rulesFlyer: flyer,
      })
      .refine((f) => !f.imageSrc || f.imageAlt !== '', { path: ['imageAlt'], message: 'Describe the picture for people who cannot see it.', when: evenWithFieldErrors })
      // The day of the event is said before the opening date when both are wrong.
      .refine((f) => !f.signupClosesOn || f.signupClosesOn <= f.eventDate, {
        path: ['signupClosesOn'],
        message: 'Sign-up must close on or before the day of the event.',
        when: onceRead('eventDate'),
      })
      .refine((f) => !f.signupOpensOn || !f.signupClosesOn || f.signupClosesOn >= f.signupOpensOn, {
        path: ['signupClosesOn'],
        message: 'Sign-up cannot close before it opens.',
        when: evenWithFieldErrors,
      })
      // A child's value against the child price, else the adult's.
      .refine((f) => f.fairValue <= f.price, { path: ['fairValue'], message: `${words.fairValueName} cannot be more than the price it comes with.`, when: onceRead('price') })
      .refine((f) => f.childPrice === null || f.childFairValue <= f.childPrice, { path: ['childFairValue'], message: CHILD_VALUE_TOO_HIGH, when: evenWithFieldErrors })
      .refine((f) => f.childPrice !== null || f.childFairValue <= f.price, { path: ['childFairValue'], message: CHILD_VALUE_TOO_HIGH, when: onceRead('price') })
      .superRefine((f, ctx) => sponsorChecks(f, ctx), { when: evenWithFieldErrors })
      .transform(
        (f): Omit<EventFormValues, 'eventType'> => ({
          name: f.name,
          description: f.description,
          location: f.location,
          eventDate: f.eventDate,
          startTime: f.startTime,
          image: f.imageSrc ? { src: f.imageSrc, alt: f.imageAlt } : null,
          active: f.active,
          capacity: f.capacity,
          signup: {
            priceCents: f.price,
            childPriceCents: f.childPrice,
            playersPerTeam: f.playersPerTeam,
            opensOn: f.signupOpensOn,
            closesOn: f.signupClosesOn,
            refundDaysBefore: f.refundDaysBefore,
            fairValueCents: f.fairValue,
            childFairValueCents: f.childFairValue,
          },
          stats: f.stats.filter((s) => s.text !== ''),
          accommodations: f.accommodations.filter((a) => a.text !== ''),
          proceeds: f.proceeds,
          showSponsor: f.showSponsor,
          sponsor: hasSponsor(f) ? { name: f.sponsorName, href: f.sponsorHref, logo: f.sponsorLogoSrc ? { src: f.sponsorLogoSrc, alt: f.sponsorLogoAlt } : null } : null,
          partnershipFlyer: f.partnershipFlyer,
          rulesFlyer: f.rulesFlyer,
        }),
      ),
  );
}

interface SponsorFields {
  showSponsor: boolean;
  sponsorName: string;
  sponsorHref: string;
  sponsorLogoSrc: string | null;
  sponsorLogoAlt: string;
}

const hasSponsor = (f: SponsorFields) => f.sponsorName !== '' || f.sponsorHref !== '' || f.sponsorLogoSrc !== null;

function sponsorChecks(f: SponsorFields, ctx: z.RefinementCtx) {
  if (!hasSponsor(f)) {
    if (f.showSponsor) ctx.addIssue({ code: 'custom', path: ['sponsorName'], message: 'Add the sponsor before showing it.' });
    return;
  }
  if (f.sponsorName === '') ctx.addIssue({ code: 'custom', path: ['sponsorName'], message: 'Name the sponsor, or clear the sponsor fields.' });
  if (!ExternalUrlSchema.safeParse(f.sponsorHref).success) ctx.addIssue({ code: 'custom', path: ['sponsorHref'], message: "Enter the sponsor's web address, starting with https://." });
  if (f.sponsorLogoSrc && f.sponsorLogoAlt === '') {
    ctx.addIssue({ code: 'custom', path: ['sponsorLogoAlt'], message: 'Describe the logo for people who cannot see it (usually the sponsor’s name).' });
  }
}

/** A new event's (an existing one keeps its own). */
const EventTypeSchema = z.object({ eventType: postedText.pipe(z.enum(EVENT_TYPES, { error: 'Choose the type of event.' })) });

/** Every problem a message beside its field; nothing throws. */
export function parseEventForm(fields: FormFields, { eventType: fixedType }: { eventType: string | null }): FieldsParse<EventFormValues> {
  const type: FieldsParse<{ eventType: string }> = fixedType === null ? parseFields(EventTypeSchema, fields) : { ok: true, data: { eventType: fixedType } };
  const form = parseFields(eventFormSchema(type.ok ? type.data.eventType : ''), fields, eventFormKey);
  if (!type.ok || !form.ok) return { ok: false, errors: { ...(type.ok ? {} : type.errors), ...(form.ok ? {} : form.errors) } };
  return { ok: true, data: { ...form.data, eventType: type.data.eventType } };
}
