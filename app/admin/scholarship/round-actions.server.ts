import { z } from 'zod';

/** The round and winners pages' actions; the fields themselves are the domain's to read. */

const CHOOSE_ROUND = 'Choose a round.';
const roundId = z.string({ error: CHOOSE_ROUND }).regex(/^\d{1,9}$/, CHOOSE_ROUND).transform(Number);

export const RoundActionSchema = z.object({
  intent: z.literal('save', { error: 'Unknown action.' }),
  // Empty: a new round.
  id: z
    .union([z.literal('').transform(() => null), roundId], { error: CHOOSE_ROUND })
    .optional()
    .transform((id) => id ?? null),
});

export const WinnerActionSchema = z.object({ intent: z.literal('save-winner', { error: 'Unknown action.' }) });
