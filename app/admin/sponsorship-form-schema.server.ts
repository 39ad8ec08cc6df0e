import { z } from 'zod';

/** The event's sponsorships page's actions; a package's own fields are the domain's (PackageFormSchema). */

const CHOOSE = 'Choose a package.';
const rowId = (message: string) => z.string({ error: message }).regex(/^\d{1,9}$/, message).transform(Number).pipe(z.number().positive(message));

export const SponsorshipsFormSchema = z.discriminatedUnion(
  'intent',
  [
    // Empty: a new package.
    z.object({
      intent: z.literal('save'),
      id: z
        .union([z.literal('').transform(() => null), rowId(CHOOSE)], { error: CHOOSE })
        .optional()
        .transform((id) => id ?? null),
    }),
    z.object({ intent: z.enum(['approve', 'reject']), sponsorship: rowId('Choose a sponsor.') }),
  ],
  { error: 'Unknown action.' },
);
