import { todayInFoundationZone } from '../../common/dates';
import { centsToDecimalString, formatCents } from '../../common/money';
import { partyRefundCents, signupTerms, type MySignup, type SignupTerms } from '../../common/signup-policy';
import { assess, formValuesOf, peopleOf, rulesOf } from '../../common/signups/kinds';
import { SIGNUP_WIRE, type SignupRequest } from '../../common/signups/wire';
import { signupErrorKey } from '../../common/signups/wire-fields';
import type { Db } from '../db/database';
import { combinedPayments, findPayment, lockPayment, type Payment } from '../db/repositories/payments';
import {
  cancelPartyAdditions,
  findEventForSignup,
  findSignup,
  loadStoredDetails,
  markSignupCancelled,
  partyPaymentIds,
  placesTaken,
  replaceSignupDetails,
  teamNameTaken,
  type EventForSignup,
  type Signup,
} from '../db/repositories/signups';
import type { Logger } from '../logger';
import { signupUpdateEmail } from '../mail/templates/signup-update';
import type { MailSiteFacts } from '../mail/templates/site';
import { ConflictError, NotFoundError, ValidationError } from './errors';
import { queueMail, type MailDelivery } from './mail-queue';
import { parseBody } from './parse';
import type { PaymentCore, Trx } from './payments/core';

export interface SignupChangesDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  core: PaymentCore;
  mail: MailDelivery;
  logger: Logger;
  siteFacts: () => Promise<MailSiteFacts>;
  clock?: () => Date;
  /** ADR 053: the waiting list's offers, once the freed places are committed; never throws. */
  placesFreed?: () => Promise<void>;
}

interface Loaded {
  signup: Signup;
  payment: Payment;
  /** Its own, then those of people added to a party (ADR 024). */
  payments: Payment[];
  paid: PaidTogether;
  event: EventForSignup;
  terms: SignupTerms;
}

type PaidTogether = ReturnType<typeof combinedPayments>;

const LIVE: readonly string[] = ['paid', 'partially_refunded'];

/** Newest first, so the people added last are paid back from what they paid. */
function refundParts(payments: Payment[], refundCents: number): { paymentId: number; amountCents: number }[] {
  let left = refundCents;
  const parts = new Map<number, number>();
  for (const payment of [...payments].reverse()) {
    if (!LIVE.includes(payment.status) || left === 0) continue;
    const take = Math.min(left, payment.amountCents - payment.refundedCents);
    if (take > 0) parts.set(payment.id, take);
    left -= take;
  }
  return payments.filter((p) => parts.has(p.id)).map((p) => ({ paymentId: p.id, amountCents: parts.get(p.id)! }));
}

/**
 * ADR 024. A refund commits with what it is for; a change made meanwhile in another tab is refused,
 * not overwritten (the calendar sequence is compared).
 */
export function createSignupChanges({ db, dialect, core, mail, logger, siteFacts, clock = () => new Date(), placesFreed = async () => undefined }: SignupChangesDeps) {
  const lock = dialect === 'postgres';
  const notYours = (id: unknown) => new NotFoundError({ signup: `Sign-up ${String(id)} isn't one of yours.` });

  async function load(userId: number, rawId: unknown): Promise<Loaded> {
    const id = Number(rawId);
    if (!Number.isSafeInteger(id) || id < 1 || id >= 2 ** 31) throw notYours(rawId);
    let signup = await findSignup(db, id);
    if (signup && signup.partyOf !== null && signup.mergedAt !== null) signup = await findSignup(db, signup.partyOf);
    const payment = signup ? await findPayment(db, signup.paymentId) : null;
    if (!signup || !payment || payment.userId !== userId || !['paid', 'partially_refunded', 'refunded'].includes(payment.status)) throw notYours(rawId);
    const event = (await findEventForSignup(db, { id: signup.eventId }, false))!;
    const payments = await Promise.all((await partyPaymentIds(db, signup)).map(async (paymentId) => (await findPayment(db, paymentId))!));
    const paid = combinedPayments(payments);
    return { signup, payment, payments, paid, event, terms: termsOf(signup, paid, event) };
  }

  function termsOf(signup: Signup, paid: PaidTogether, event: EventForSignup): SignupTerms {
    return signupTerms(event, { ...paid, cancelled: signup.cancelledAt !== null }, todayInFoundationZone(clock()));
  }

  async function view(userId: number, rawId: unknown): Promise<MySignup> {
    const { signup, paid, event, terms } = await load(userId, rawId);
    const stored = await loadStoredDetails(db, signup.id);
    return {
      id: signup.id,
      kind: signup.kind,
      status: paid.status,
      cancelled: signup.cancelledAt !== null,
      amount: centsToDecimalString(paid.amountCents),
      refunded: centsToDecimalString(paid.refundedCents),
      event: {
        eventNumber: event.eventNumber,
        name: event.name,
        eventType: event.eventType,
        eventDate: event.eventDate,
        location: event.location,
        description: event.description,
        signup: event.signup,
      },
      values: formValuesOf(signup.kind, stored, signup.receiptEmail),
      terms,
    };
  }

  async function queueUpdateMail(trx: Trx, change: 'changed' | 'cancelled', loaded: Loaded, refundCents: number, site: MailSiteFacts): Promise<void> {
    const signup = (await findSignup(trx, loaded.signup.id))!;
    const message = signupUpdateEmail({
      to: signup.receiptEmail,
      site,
      change,
      signup: {
        id: signup.id,
        teamName: signup.teamName,
        people: peopleOf(signup.kind, await loadStoredDetails(trx, signup.id)),
        calendarSequence: signup.calendarSequence,
        refundCents,
        policy: loaded.terms.policy,
      },
      event: loaded.event,
    });
    await queueMail(trx, message, { purpose: `signup_${change}`, paymentId: loaded.payment.id, dedupeKey: `signup:${signup.id}:${change}:${signup.calendarSequence}` }, clock());
  }

  /** The refund, the payment's new state and the change commit together; then the gateway is asked. */
  async function withRefund(loaded: Loaded, refundCents: number, requestKey: string, apply: (trx: Trx) => Promise<void>): Promise<void> {
    if (refundCents > 0) {
      await core.refundParts(refundParts(loaded.payments, refundCents), { reason: 'requested_by_customer', requestKey, within: (trx) => apply(trx) });
    } else {
      await db.transaction().execute(async (trx) => {
        const payment = (await lockPayment(trx, loaded.payment.id, lock))!;
        if (payment.status !== 'paid' && payment.status !== 'partially_refunded') throw new ConflictError({ signup: 'This sign-up has been refunded, so it can no longer be changed.' });
        await apply(trx);
      });
    }
    mail.kick();
  }

  async function cancel(userId: number, rawId: unknown): Promise<MySignup> {
    const loaded = await load(userId, rawId);
    const { signup, terms } = loaded;
    if (signup.cancelledAt !== null) return view(userId, signup.id);
    if (!terms.mayCancel) {
      throw new ConflictError({ signup: loaded.paid.status === 'refunded' ? 'This sign-up has already been refunded.' : 'This event has taken place; the sign-up can no longer be cancelled.' });
    }
    const site = await siteFacts();
    const refundCents = terms.refundIfCancelledCents;
    await withRefund(loaded, refundCents, `cancel:signup:${signup.id}`, async (trx) => {
      if (!(await markSignupCancelled(trx, signup.id, signup.calendarSequence, clock().toISOString()))) {
        throw new ConflictError({ signup: 'This sign-up was changed a moment ago. Please reload the page and try again.' });
      }
      await cancelPartyAdditions(trx, signup.id, clock().toISOString());
      await queueUpdateMail(trx, 'cancelled', loaded, refundCents, site);
    });
    logger.info({ signupId: signup.id, paymentId: signup.paymentId, refundCents }, 'sign-up cancelled by the supporter');
    await placesFreed();
    return view(userId, signup.id);
  }

  async function change(userId: number, rawId: unknown, body: unknown): Promise<MySignup> {
    const loaded = await load(userId, rawId);
    const { signup, paid, event, terms } = loaded;
    if (!terms.mayChange) {
      throw new ConflictError({ signup: signup.cancelledAt !== null || paid.status === 'refunded' ? 'This sign-up is cancelled or refunded, so it can no longer be changed.' : 'Changes to this sign-up closed with the event’s change deadline.' });
    }
    const { party } = rulesOf(signup.kind);
    // The event is this sign-up's, whatever the body says (and a team's fee what it paid).
    const request = parseBody(
      SIGNUP_WIRE[signup.kind](event.signup.playersPerTeam ?? 4),
      { ...(body as object), eventNumber: event.eventNumber, partyOf: undefined, ...(party ? {} : { amount: centsToDecimalString(paid.amountCents) }) },
      signupErrorKey,
    ) as SignupRequest;
    const before = assess({ ...request, details: rulesOf(signup.kind).fromStorage(await loadStoredDetails(db, signup.id)) } as SignupRequest, event.signup);
    const after = assess(request, event.signup);
    // Only a party's price moves: people removed get their share back while the policy allows.
    if (party && after.priceCents > before.priceCents) {
      throw new ConflictError({ attendees: 'To add people, use “Add people” below: you pay for them there, and they join this party.' });
    }
    const paidCents = paid.amountCents - paid.refundedCents;
    const refundCents = terms.refundIfCancelledCents > 0 ? partyRefundCents(paidCents, before.priceCents, after.priceCents) : 0;
    if (party && request.amountCents !== paidCents - refundCents) {
      throw new ValidationError({ amount: `The amount for this party is now ${formatCents(paidCents - refundCents)}. Please check it and save again.` });
    }
    const site = await siteFacts();
    await withRefund(loaded, refundCents, `change:signup:${signup.id}:${signup.calendarSequence}`, async (trx) => {
      const nowIso = clock().toISOString();
      if (after.places > signup.places) {
        const locked = (await findEventForSignup(trx, { id: event.id }, lock))!;
        if (locked.capacity !== null && (await placesTaken(trx, locked.id, nowIso, signup.id)) + after.places > locked.capacity) {
          throw new ConflictError({ attendees: 'This event is full, so no one can be added.' });
        }
      }
      if (after.teamName && (await teamNameTaken(trx, event.id, after.teamName, nowIso, signup.id))) {
        throw new ValidationError({ teamName: 'A team with this name is already signed up for this event. Please choose another.' });
      }
      if (!(await replaceSignupDetails(trx, signup.id, signup.calendarSequence, { stored: after.stored, places: after.places, receiptEmail: request.receiptEmail, now: nowIso }))) {
        throw new ConflictError({ signup: 'This sign-up was changed a moment ago. Please reload the page and try again.' });
      }
      await queueUpdateMail(trx, 'changed', loaded, refundCents, site);
    });
    logger.info({ signupId: signup.id, paymentId: signup.paymentId, refundCents }, 'sign-up changed by the supporter');
    // A smaller party frees seats for the waiting list now, not at the next minute's run.
    if (after.places < signup.places) await placesFreed();
    return view(userId, signup.id);
  }

  return { view, cancel, change };
}

export type SignupChanges = ReturnType<typeof createSignupChanges>;
