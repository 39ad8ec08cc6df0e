import express, { Router, type Request } from 'express';
import { z } from 'zod';
import type { FieldErrors } from '../../../common/api-errors';
import type { PaymentCore } from '../../domain/payments/core';
import { CardError, IntentNotFoundError, intentIdFromSecret, type PaymentGateway } from '../../payments/gateway';
import { isSimulatedGateway } from '../../payments/simulated';
import type { RateLimits } from '../middleware/rate-limits';

// Generous bounds: the form groups digits with spaces; anything longer is not a card.
export const ConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(255).regex(/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_]+$/),
  number: z.string().max(32),
  expiry: z.string().max(16),
  cvc: z.string().max(8),
  zip: z.string().max(16),
});

/** Stands in for Stripe.js confirming a card. Declines count toward the card-testing streak of payer and address. */
export function simulatedPaymentsRouter(
  gateway: PaymentGateway,
  { payments, limits, clientKey }: { payments: PaymentCore; limits: RateLimits; clientKey: (req: Request) => string | null },
): Router {
  const router = Router();
  if (!isSimulatedGateway(gateway)) {
    // With real Stripe a card must never reach our server.
    router.use((req, res) => {
      res.status(404).json({ path: `No API endpoint at ${req.method} ${req.baseUrl}${req.path}.` } satisfies FieldErrors);
    });
    return router;
  }

  router.post('/confirm', express.json({ limit: '4kb' }), ...limits.cardConfirmations(), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const parsed = ConfirmSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ card: 'Please enter the card number, expiration date, CVC and ZIP.' } satisfies FieldErrors);
      return;
    }
    const { clientSecret, ...card } = parsed.data;
    const requester = clientKey(req);
    await payments.assertMayConfirm(intentIdFromSecret(clientSecret), requester);
    try {
      const intent = await gateway.confirmCard(clientSecret, card);
      res.json({ status: 'succeeded', paymentIntent: { id: intent.id, status: intent.status } });
    } catch (error) {
      if (error instanceof CardError) {
        await payments.cardDeclined(intentIdFromSecret(clientSecret), requester);
        res.status(402).json({ card: error.message } satisfies FieldErrors);
        return;
      }
      if (error instanceof IntentNotFoundError) {
        res.status(404).json({ card: 'This payment could not be found. Please start again.' } satisfies FieldErrors);
        return;
      }
      throw error;
    }
  });

  return router;
}
