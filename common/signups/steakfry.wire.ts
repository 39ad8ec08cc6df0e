import { z } from 'zod';
import { plainText, requiredText } from '../text.wire';
import { ALLERGIES_MAX, steakfry, STEAKFRY_MAX_ATTENDEES, STEAKFRY_MIN_ATTENDEES, type SteakfryParty } from './steakfry';
import { signupEnvelope } from './wire-fields';

const attendee = z.object({
  name: requiredText('Name', 100),
  allergies: plainText('Allergies')
    .pipe(z.string().max(ALLERGIES_MAX, `Allergies must be at most ${ALLERGIES_MAX} characters.`))
    .optional()
    .transform((v) => v || null),
  child: z.boolean({ error: 'Say whether this attendee is a child.' }).optional().default(false),
});

export const steakfryWire = z
  .object({
    ...signupEnvelope,
    attendees: z
      .array(attendee, { error: 'Add at least one attendee.' })
      .min(STEAKFRY_MIN_ATTENDEES, 'Add at least one attendee.')
      .max(STEAKFRY_MAX_ATTENDEES, `A party can have at most ${STEAKFRY_MAX_ATTENDEES} attendees.`),
    /** ADR 024. */
    partyOf: z.int({ error: 'Choose one of your parties.' }).min(1, 'Choose one of your parties.').max(2 ** 31 - 1, 'Choose one of your parties.').optional(),
  })
  .transform((w) => ({
    kind: steakfry.kind,
    eventNumber: w.eventNumber,
    receiptEmail: w.receiptEmail,
    amountCents: w.amount,
    details: { attendees: w.attendees } satisfies SteakfryParty,
    partyOf: w.partyOf ?? null,
  }));
