import type { Db } from '../../db/database';
import { findPaymentByIntent } from '../../db/repositories/payments';
import { rememberWebhookEvent, webhookEventHandled } from '../../db/repositories/webhook-events';
import type { Logger } from '../../logger';
import type { GatewayEvent, GatewayInvoice } from '../../payments/gateway';
import type { PaymentCore } from './core';

/** ADR 027. */
export interface SubscriptionEvents {
  invoicePaid(invoice: GatewayInvoice): Promise<unknown>;
  invoiceFailed(invoice: GatewayInvoice): Promise<void>;
  subscriptionEnded(subscriptionId: string): Promise<void>;
}

/** Remembered only once handled, so a throw makes the provider deliver it again. */
export function createGatewayEvents({ db, core, subscriptions, logger }: { db: Db; core: PaymentCore; subscriptions: SubscriptionEvents; logger: Logger }) {
  async function dispatch(event: GatewayEvent): Promise<void> {
    const intent = event.intent;
    switch (event.type) {
      case 'payment_intent.succeeded':
        if (intent) await core.settle(intent);
        return;
      case 'payment_intent.payment_failed':
        if (intent) await core.cardDeclined(intent.id, null);
        return;
      case 'payment_intent.canceled': {
        const payment = intent ? await findPaymentByIntent(db, intent.id) : null;
        if (payment?.status === 'pending') await core.giveUp(payment, 'abandoned');
        return;
      }
      case 'charge.refunded':
        if (event.refunded) await core.refundedOutside(event.refunded.intentId, event.refunded.amountRefundedCents);
        return;
      case 'invoice.paid':
        if (event.invoice) await subscriptions.invoicePaid(event.invoice);
        return;
      case 'invoice.payment_failed':
        if (event.invoice) await subscriptions.invoiceFailed(event.invoice);
        return;
      case 'customer.subscription.deleted':
        if (event.subscriptionEnded) await subscriptions.subscriptionEnded(event.subscriptionEnded.subscriptionId);
        return;
      default:
        return;
    }
  }

  return {
    async handle(event: GatewayEvent): Promise<'handled' | 'duplicate'> {
      if (await webhookEventHandled(db, event.id)) return 'duplicate';
      await dispatch(event);
      await rememberWebhookEvent(db, event, new Date().toISOString());
      logger.info({ eventId: event.id, type: event.type, intentId: event.intent?.id ?? event.refunded?.intentId, invoiceId: event.invoice?.id }, 'payment webhook handled');
      return 'handled';
    },
  };
}

export type GatewayEvents = ReturnType<typeof createGatewayEvents>;
