import { z } from 'zod';
import { ExternalUrlSchema, InternalPathSchema } from '../../../common/content';
import { foundationTimeToUtc } from '../../../common/dates';
import { checkbox, evenWithFieldErrors, MEDIA_PATH, optionalValue, postedText, requiredChecks, requiredText } from './form-fields';

const LOCAL_MOMENT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** "2026-03-14T18:30" in the foundation's time zone; empty: no limit. */
function moment(label: string) {
  return optionalValue((text) => {
    const match = LOCAL_MOMENT.exec(text);
    if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return null;
    return new Date(foundationTimeToUtc(match[1]!, `${match[2]}:${match[3]}`)).toISOString();
  }, `${label} must be a date and time.`);
}

const CHOOSE_PICTURE = 'Choose a picture from the media library.';

/** The picture is looked up in the library after. */
export const AnnouncementFormSchema = z
  .object({
    heading: requiredText('The heading', 120),
    meta: requiredText('The date and place line', 120),
    // Said before the length, as before.
    linkHref: postedText.pipe(
      requiredChecks(
        'The link',
        500,
        z
          .string()
          .refine((href) => !href.includes('\\'), 'The link must not contain a backslash "\\": browsers read it as "/" and would open another site.')
          .refine(
            (href) => href === '' || href.includes('\\') || ExternalUrlSchema.safeParse(href).success || InternalPathSchema.safeParse(href).success,
            'Enter a page of this site such as /events/4, or an address starting with https://.',
          ),
      ),
    ),
    linkLabel: requiredText('The link text', 80),
    imageSrc: postedText.pipe(z.string().regex(MEDIA_PATH, CHOOSE_PICTURE)),
    imageAlt: requiredText('The alt text', 300),
    showFrom: moment('Show from'),
    showUntil: moment('Show until'),
    published: checkbox,
  })
  .refine((a) => !a.showFrom || !a.showUntil || a.showUntil > a.showFrom, {
    path: ['showUntil'],
    message: 'Show until must be after show from.',
    when: evenWithFieldErrors,
  });
