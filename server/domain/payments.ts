import type { Db } from '../db/database';
import { listPendingDonationIntents } from '../db/repositories/donations';
import type { Logger } from '../logger';
import type { GatewayIntent, PaymentGateway } from '../payments/gateway';

/** Something paid by card that a succeeded intent settles (donations, event sign-ups). */
export interface PaidRecordKind {
  /** The intent's metadata.kind values this kind handles. */
  kinds: readonly string[];
  intentSucceeded(intent: GatewayIntent): Promise<void>;
  /** Intent ids of records still pending since `since` (ISO). */
  pendingIntentIds(since: string): Promise<string[]>;
}

const RECONCILE_LOOKBACK_DAYS = 30;

/**
 * One door for "the gateway says this intent succeeded": the webhook, the simulated gateway's own
 * event and the reconciliation sweep all come through here, so every path marks records alike.
 */
export function createPaymentEvents({ gateway, logger, kinds }: { gateway: PaymentGateway; logger: Logger; kinds: PaidRecordKind[] }) {
  async function intentSucceeded(intent: GatewayIntent): Promise<void> {
    const handler = kinds.find((k) => k.kinds.includes(intent.metadata.kind ?? ''));
    if (!handler) {
      logger.warn({ intentId: intent.id, kind: intent.metadata.kind }, 'succeeded intent of an unknown kind');
      return;
    }
    await handler.intentSucceeded(intent);
  }

  /** Records still pending although their payment went through (the browser died before saving). */
  async function reconcile(): Promise<{ checked: number; settled: number }> {
    const since = new Date(Date.now() - RECONCILE_LOOKBACK_DAYS * 86_400_000).toISOString();
    let checked = 0;
    let settled = 0;
    for (const kind of kinds) {
      for (const intentId of await kind.pendingIntentIds(since)) {
        checked++;
        try {
          const intent = await gateway.retrieveIntent(intentId);
          if (intent.status === 'succeeded') {
            await kind.intentSucceeded(intent);
            settled++;
          }
        } catch (error) {
          logger.warn({ err: error, intentId }, 'reconciliation could not check an intent');
        }
      }
    }
    if (settled > 0) logger.info({ checked, settled }, 'reconciled pending payments');
    return { checked, settled };
  }

  return { intentSucceeded, reconcile };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;

export const donationRecords = (db: Db, intentSucceeded: (intent: GatewayIntent) => Promise<void>): PaidRecordKind => ({
  kinds: ['donation'],
  intentSucceeded,
  pendingIntentIds: (since) => listPendingDonationIntents(db, since),
});
