import express, { Router } from 'express';
import type { FieldErrors } from '../../../common/api-errors';
import type { Db } from '../../db/database';
import type { Logger } from '../../logger';
import { WebhookSignatureError, type GatewayEvent, type GatewayIntent, type PaymentGateway } from '../../payments/gateway';

export interface PaymentWebhookDeps {
  gateway: PaymentGateway;
  db: Db;
  logger: Logger;
  onSucceeded: (intent: GatewayIntent) => Promise<void>;
}

async function alreadyHandled(db: Db, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('webhook_events').select('id').where('id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

async function rememberHandled(db: Db, event: GatewayEvent): Promise<void> {
  await db
    .insertInto('webhook_events')
    .values({ id: event.id, type: event.type.slice(0, 100), received_at: new Date().toISOString() })
    // Two deliveries of one event racing each other both get here; the handler below is idempotent anyway.
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * POST / — the payment provider's webhook. The signature covers the exact bytes, so the body is
 * read raw (mount this before any JSON parser). An event is remembered only after it was handled,
 * so when handling fails the 500 makes Stripe deliver it again.
 */
export function paymentWebhookRouter({ gateway, db, logger, onSucceeded }: PaymentWebhookDeps): Router {
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

    if (await alreadyHandled(db, event.id)) {
      res.json({ received: true, duplicate: true });
      return;
    }

    if (event.type === 'payment_intent.succeeded' && event.intent) {
      try {
        await onSucceeded(event.intent);
      } catch (error) {
        logger.error({ err: error, eventId: event.id, intentId: event.intent.id }, 'payment webhook could not be handled; the provider will retry');
        res.status(500).json({ webhook: 'The event could not be handled now; please retry.' } satisfies FieldErrors);
        return;
      }
      logger.info({ eventId: event.id, intentId: event.intent.id }, 'payment webhook handled');
    }

    await rememberHandled(db, event);
    res.json({ received: true });
  });

  return router;
}
