import type { ActionResult, BackOfficeActions, RefundInput, StaffActor } from '../../../common/back-office';
import { REFUND_REASONS } from '../../../common/back-office';
import { formatCents, parseAmountToCents } from '../../../common/money';
import { hasControlCharacters } from '../../../common/text';
import type { Db } from '../../db/database';
import { findEventByNumber, setArrival } from '../../db/repositories/back-office';
import type { Logger } from '../../logger';
import { DomainError } from '../errors';
import type { PaymentCore } from '../payments/core';
import { recordAudit } from './audit';

const REFUND_REASON_TEXT: Record<(typeof REFUND_REASONS)[number], string> = {
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

/** The refund form's fields, checked before anything is touched. */
function parseRefund(input: RefundInput): { amountCents: number | undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const amountText = (input.amount ?? '').trim();
  const amountCents = amountText === '' ? undefined : parseAmountToCents(amountText);
  if (amountCents === null || amountCents === 0) errors.amount = 'Enter an amount in dollars, like 20.00, or leave it empty to refund everything left.';
  if (!(REFUND_REASONS as readonly string[]).includes(input.reason)) errors.reason = 'Choose why the money goes back.';
  const note = input.note.trim();
  if (note.length === 0) errors.note = 'Say why, for the record.';
  else if (note.length > 500) errors.note = 'Keep the note under 500 characters.';
  else if (hasControlCharacters(note)) errors.note = 'Remove the invisible control characters from the note.';
  if (!/^[\w-]{8,120}$/.test(input.requestKey)) errors.form = 'This form has expired. Reload the page and try again.';
  return { amountCents: amountCents ?? undefined, errors };
}

/** What staff change: refunds (through the payment core), resends and check-in; every one audited. */
export function createBackOfficeActions({ db, core, clock = () => new Date(), logger }: { db: Db; core: PaymentCore; clock?: () => Date; logger: Logger }): BackOfficeActions {
  return {
    async refund(actor: StaffActor, paymentId: number, input: RefundInput): Promise<ActionResult> {
      if (actor.role !== 'admin') return fail({ refund: 'Only an admin can refund.' });
      const { amountCents, errors } = parseRefund(input);
      if (Object.keys(errors).length > 0) return fail(errors);
      const note = input.note.trim();
      return asResult(async () => {
        const refund = await core.refund(paymentId, {
          amountCents,
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

    async checkIn(actor: StaffActor, eventNumber: number, personKey: string, arrived: boolean): Promise<ActionResult> {
      const match = /^(player|attendee):(\d{1,9})$/.exec(personKey);
      if (!match) return fail({ person: 'Choose a person on the list.' });
      const table = match[1] === 'player' ? 'signup_players' : 'signup_attendees';
      const event = await findEventByNumber(db, eventNumber);
      if (!event) return fail({ person: 'This event does not exist.' });
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const before = await setArrival(trx, { table, id: Number(match[2]) }, Number(event.id), arrived ? { at: now.toISOString(), staffId: actor.id } : null);
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
