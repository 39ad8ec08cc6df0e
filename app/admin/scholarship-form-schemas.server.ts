import { z } from 'zod';

/** The scholarship pages' actions; the fields of each are the domain's to check (server/domain/scholarship). */

export const RoundFormSchema = z.object({
  intent: z.enum(['assign', 'send-awards'], { error: 'Unknown action.' }),
});

export const ApplicationFormSchema = z.object({
  intent: z.enum(['score', 'conflict'], { error: 'Unknown action.' }),
});
