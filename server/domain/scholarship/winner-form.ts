import { z } from 'zod';
import { checkbox, MEDIA_PATH, optionalText, optionalValue, requiredText } from '../back-office/form-fields';

/** A winner's public profile (issue 34): published only with the winner's consent and a photo. */
export const WinnerFormSchema = z
  .object({
    applicationId: z.string({ error: 'Choose a winner.' }).regex(/^\d{1,9}$/, 'Choose a winner.').transform(Number),
    name: requiredText('The name', 120),
    school: requiredText('The school', 200),
    field: optionalText('The field of study', 200),
    quote: optionalText('The quote', 1000),
    photoSrc: optionalValue((text) => (MEDIA_PATH.test(text) ? text : null), 'Choose a photo from the media library.'),
    photoAlt: optionalText('The photo’s alt text', 300),
    consent: checkbox,
    published: checkbox,
  })
  .refine((w) => !w.published || w.consent, { path: ['consent'], message: 'Publish only once the winner agreed to have this shown on the site: tick the box.' })
  .refine((w) => !w.published || w.photoSrc !== null, { path: ['photoSrc'], message: 'Choose a photo to publish the profile: the card shows one.' })
  .refine((w) => w.photoSrc === null || w.photoAlt !== '', { path: ['photoAlt'], message: 'Describe the photo for people who cannot see it.' });
