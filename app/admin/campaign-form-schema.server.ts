import { z } from 'zod';

/** The campaigns page's actions; the campaign's own fields are the domain's (CampaignFormSchema). */

const CHOOSE_CAMPAIGN = 'Choose a campaign.';
const campaignId = z.string({ error: CHOOSE_CAMPAIGN }).regex(/^\d{1,9}$/, CHOOSE_CAMPAIGN).transform(Number).pipe(z.number().positive(CHOOSE_CAMPAIGN));

export const CampaignsFormSchema = z.discriminatedUnion(
  'intent',
  [
    // Empty: a new one.
    z.object({
      intent: z.literal('save'),
      id: z
        .union([z.literal('').transform(() => null), campaignId], { error: CHOOSE_CAMPAIGN })
        .optional()
        .transform((id) => id ?? null),
    }),
    z.object({ intent: z.literal('feature'), id: campaignId }),
    z.object({ intent: z.literal('unfeature') }),
  ],
  { error: 'Unknown action.' },
);
