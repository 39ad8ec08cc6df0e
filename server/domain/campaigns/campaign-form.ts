import { z } from 'zod';
import { CAMPAIGN_SLUG, CAMPAIGN_SLUG_MAX } from '../../../common/campaigns';
import { parseAmountToCents } from '../../../common/money';
import { checkbox, evenWithFieldErrors, MEDIA_PATH, onceRead, optionalText, optionalValue, postedText, present, requiredText } from '../back-office/form-fields';

/** The back office's campaign form (ADR 047); the picture is looked up in the library after. */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const day = (label: string) =>
  present(
    optionalValue((text) => (isRealDate(text) ? text : null), `${label} must be a date.`),
    `${label} is required.`,
  );

/** Up to $10,000,000.00, like other amounts staff type. */
const GOAL_MAX_CENTS = 1_000_000_000;

/** "Spring Groceries!" → "spring-groceries": lower-case letters and digits joined by hyphens. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CAMPAIGN_SLUG_MAX)
    .replace(/-+$/, '');
}

export const CampaignFormSchema = z
  .object({
    name: requiredText('The name', 120),
    slug: optionalText('The web address', CAMPAIGN_SLUG_MAX).refine(
      (slug) => slug === '' || CAMPAIGN_SLUG.test(slug),
      'The web address can hold lower-case letters, digits and single hyphens between them, like spring-groceries.',
    ),
    story: requiredText('The story', 5000),
    imageSrc: optionalValue((text) => (MEDIA_PATH.test(text) ? text : null), 'Choose a picture from the media library.'),
    imageAlt: optionalText('The alt text', 300),
    goal: present(
      optionalValue((text) => {
        const cents = parseAmountToCents(text);
        return cents === null || cents < 100 || cents > GOAL_MAX_CENTS ? null : cents;
      }, 'The goal must be an amount in dollars from 1.00 to 10,000,000.00, like 5,000.'),
      'The goal is required.',
    ),
    startsOn: day('The start date'),
    endsOn: day('The end date'),
    familyYear: postedText.pipe(z.string().regex(/^(\d{4})?$/, 'Choose a family from the list.')).transform((text) => (text === '' ? null : Number(text))),
    published: checkbox,
  })
  .refine((c) => c.endsOn >= c.startsOn, { path: ['endsOn'], message: 'The end date must be on or after the start date.', when: onceRead('startsOn', 'endsOn') })
  .refine((c) => c.imageSrc === null || c.imageAlt !== '', { path: ['imageAlt'], message: 'Describe the picture for people who cannot see it.', when: evenWithFieldErrors })
  .transform((c) => ({ ...c, slug: c.slug || slugFrom(c.name) }))
  .refine((c) => c.slug !== '', { path: ['slug'], message: 'Give the campaign a web address, like spring-groceries: its name has no letters or digits to make one from.' });
