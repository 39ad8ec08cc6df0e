import express, { Router } from 'express';
import type { FieldErrors } from '../../../common/api-errors';
import type { GatewayEvents } from '../../domain/payments/gateway-events';
import type { Logger } from '../../logger';
import { WebhookSignatureError, type GatewayEvent, type PaymentGateway } from '../../payments/gateway';

/** The signature covers the exact bytes, so the body is read raw; a 500 makes Stripe retry. */
export function paymentWebhookRouter({ gateway, events, logger }: { gateway: PaymentGateway; events: GatewayEvents; logger: Logger }): Router {
  const router = Router();

  router.post('/', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: GatewayEvent;
    try {
      event = gateway.parseWebhook(rawBody, req.get('stripe-signature'));
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      logger.warn({ reason: error.message }, 'payment webhook refused: bad signature');
      res.status(400).json({ webhook: 'Invalid signature.' } satisfies FieldErrors);
      return;
    }
    try {
      const outcome = await events.handle(event);
      res.json(outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true });
    } catch (error) {
      logger.error({ err: error, eventId: event.id, type: event.type }, 'payment webhook could not be handled; the provider will retry');
      res.status(500).json({ webhook: 'The event could not be handled now; please retry.' } satisfies FieldErrors);
    }
  });

  return router;
}
