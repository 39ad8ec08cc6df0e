import type { ActionResult, BackOfficeActions, CheckInPersonRef, RefundInput, StaffActor, StaffRefundReason } from '../../../common/back-office';
import { formatCents } from '../../../common/money';
import type { Db } from '../../db/database';
import { findEventByNumber, setArrival } from '../../db/repositories/back-office';
import type { Logger } from '../../logger';
import { DomainError } from '../errors';
import type { PaymentCore } from '../payments/core';
import { recordAudit } from './audit';

const REFUND_REASON_TEXT: Record<StaffRefundReason, string> = {
  requested_by_customer: "at the payer's request",
  staff: "the foundation's decision",
};

/** Resends of one payment's receipt or confirmation: a few for a lost or filtered mail, never a flood. */
const RESEND_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };

const fail = (errors: Record<string, string>): ActionResult => ({ ok: false, errors });

async function asResult(run: () => Promise<string>): Promise<ActionResult> {
  try {
    return { ok: true, message: await run() };
  } catch (error) {
    if (error instanceof DomainError) return fail(error.fields);
    throw error;
  }
}

/** What staff change: refunds (through the payment core), resends and check-in; every one audited. */
export function createBackOfficeActions({
  db,
  core,
  clock = () => new Date(),
  logger,
  placesFreed = async () => undefined,
}: {
  db: Db;
  core: PaymentCore;
  clock?: () => Date;
  logger: Logger;
  /** ADR 053: a refund may free places for the waiting list; never throws. */
  placesFreed?: () => Promise<void>;
}): BackOfficeActions {
  return {
    /** The action parsed the form; the core checks what is left to refund. */
    async refund(actor: StaffActor, paymentId: number, input: RefundInput): Promise<ActionResult> {
      if (actor.role !== 'admin') return fail({ refund: 'Only an admin can refund.' });
      const { note } = input;
      return asResult(async () => {
        const refund = await core.refund(paymentId, {
          amountCents: input.amountCents ?? undefined,
          reason: input.reason,
          requestKey: `staff:${input.requestKey}`,
          staff: {
            id: actor.id,
            note,
            notifyPayer: true,
            audit: (trx, before, made) =>
              recordAudit(
                trx,
                actor,
                {
                  action: 'refund',
                  subject: `payment:${paymentId}`,
                  summary: `Refunded ${formatCents(made.amountCents)} of payment ${paymentId} (${REFUND_REASON_TEXT[input.reason]})`,
                  before: { status: before.status, refundedCents: before.refundedCents },
                  after: { refundId: made.id, amountCents: made.amountCents, note },
                },
                clock(),
              ),
          },
        });
        logger.info({ paymentId, refundId: refund.id, staffId: actor.id }, 'refund by staff');
        await placesFreed();
        if (refund.status === 'failed') return `The card processor refused this refund: ${refund.lastError ?? 'no reason given'}. Nothing was refunded.`;
        return `Refunded ${formatCents(refund.amountCents)}. The payer has been emailed.`;
      });
    },

    async resend(actor: StaffActor, paymentId: number): Promise<ActionResult> {
      const what = (purpose: string) => (purpose === 'donation' ? 'receipt' : 'confirmation');
      let done: Awaited<ReturnType<PaymentCore['resendPaidMail']>>;
      try {
        done = await core.resendPaidMail(paymentId, {
          limit: RESEND_LIMIT,
          audit: (trx, payment, address) => recordAudit(trx, actor, { action: 'resend', subject: `payment:${paymentId}`, summary: `Sent the ${what(payment.purpose)} of payment ${paymentId} again to ${address}` }, clock()),
          auditRefusal: (trx, payment, recent) =>
            recordAudit(trx, actor, { action: 'resend_refused', subject: `payment:${paymentId}`, summary: `Refused to send the ${what(payment.purpose)} of payment ${paymentId} again: already sent again ${recent} times in the last hour` }, clock()),
        });
      } catch (error) {
        if (error instanceof DomainError) return fail(error.fields);
        throw error;
      }
      if (done.sent) return { ok: true, message: `Sent again to ${done.to}.` };
      const minutes = Math.max(1, Math.ceil((done.nextAt.getTime() - clock().getTime()) / 60_000));
      return fail({ resend: `It was already sent again ${done.recent} times in the last hour, the most allowed, so the payer's inbox is not flooded. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
    },

    async checkIn(actor: StaffActor, eventNumber: number, person: CheckInPersonRef, arrived: boolean): Promise<ActionResult> {
      const personKey = `${person.list}:${person.id}`;
      const table = person.list === 'player' ? 'signup_players' : 'signup_attendees';
      const event = await findEventByNumber(db, eventNumber);
      if (!event) return fail({ person: 'This event does not exist.' });
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const before = await setArrival(trx, { table, id: person.id }, Number(event.id), arrived ? { at: now.toISOString(), staffId: actor.id } : null);
        if (!before) return fail({ person: 'This person is not on a paid registration of this event.' });
        const changed = (before.checkedInAt !== null) !== arrived;
        if (changed) {
          await recordAudit(
            trx,
            actor,
            {
              action: arrived ? 'check_in' : 'check_in_undone',
              subject: personKey,
              summary: arrived ? `Marked ${before.name} as arrived at ${event.name}` : `${before.name} is no longer marked as arrived at ${event.name}`,
              before: { checkedInAt: before.checkedInAt },
              after: { checkedInAt: arrived ? now.toISOString() : null },
            },
            now,
          );
        }
        return { ok: true, message: arrived ? `Marked ${before.name} as arrived.` : `${before.name} is no longer marked as arrived.` };
      });
    },
  };
}
