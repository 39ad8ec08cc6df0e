import { todayInFoundationZone } from '../../common/dates';
import { signupClosed } from '../../common/events';
import { centsToDecimalString, formatCents } from '../../common/money';
import type { RefundReason } from '../../common/payments';
import { HOLD_MINUTES } from '../../common/signups/kind';
import { STEAKFRY_MAX_ATTENDEES } from '../../common/signups/steakfry';
import { assess, peopleOf, rulesOf, signupKindOfEventType, type SignupKind } from '../../common/signups/kinds';
import { SIGNUP_WIRE, type SignupRequest } from '../../common/signups/wire';
import { SaveSignupSchema, signupErrorKey } from '../../common/signups/wire-fields';
import type { Db } from '../db/database';
import type { Payment } from '../db/repositories/payments';
import {
  findEventForSignup,
  findSignup,
  findSignupOfPayment,
  insertSignup,
  loadStoredDetails,
  mergeIntoParty,
  openHolds,
  placesTaken,
  releaseHold,
  teamNameTaken,
  type EventForSignup,
  type Signup,
} from '../db/repositories/signups';
import { findPayment, lockPayment } from '../db/repositories/payments';
import { acceptOfferOfSignup, linkOfferedSignup } from '../db/repositories/waitlist';
import { refundPolicyText, signupTerms } from '../../common/signup-policy';
import { signupUpdateEmail } from '../mail/templates/signup-update';
import type { Logger } from '../logger';
import { refundNoticeEmail } from '../mail/templates/refund-notice';
import { receiptNumber } from '../../common/receipts';
import type { MailSiteFacts } from '../mail/templates/site';
import { signupConfirmationEmail } from '../mail/templates/signup-confirmation';
import type { AuthUser } from './supporter-sessions';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from './errors';
import { parseBody } from './parse';
import type { PaymentCore, PaymentPurposeHandler, Trx } from './payments/core';

const LIVE_PAYMENT: readonly string[] = ['paid', 'partially_refunded'];
const PARTY_GONE = 'This party has been cancelled or refunded, so no one can be added to it.';

const PAYABLE_AFTER_HOLD_MS = 15 * 60_000;
/** A family, not a script filling the event. */
export const MAX_OPEN_HOLDS_PER_ADDRESS = 3;

/** Four players when it names no event we know: the parse then says what is wrong. */
async function parsedRequest(db: Db, kind: SignupKind, body: unknown): Promise<SignupRequest> {
  const named = Number((body as { eventNumber?: unknown } | null)?.eventNumber);
  const event = Number.isSafeInteger(named) && named > 0 && named < 2 ** 31 ? await findEventForSignup(db, { eventNumber: named }, false) : null;
  const players = event?.signup.playersPerTeam ?? 4;
  return parseBody(SIGNUP_WIRE[kind](players), body, signupErrorKey) as SignupRequest;
}

async function signupOf(db: Db | Trx, payment: Payment): Promise<Signup> {
  const signup = await findSignupOfPayment(db, payment.id);
  if (!signup) throw new Error(`payment ${payment.id} has no sign-up`);
  return signup;
}

/** Checked when asked and again for late payments, and by waiting-list offers; places are counted apart. */
export function closedReason(event: EventForSignup, today: string): { reason: RefundReason; message: string } | null {
  if (!event.published) return { reason: 'event_closed', message: 'Sign-up for this event is closed.' };
  const closed = signupClosed(event, today, null);
  return closed ? { reason: 'event_closed', message: closed.message } : null;
}

export interface SignupsDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  core: PaymentCore;
  logger: Logger;
  clock?: () => Date;
}

/** A late payment whose places went meanwhile is refunded at once (ADR 014). */
export function signupPurpose({
  dialect,
  clock = () => new Date(),
  receiptUrl,
}: Pick<SignupsDeps, 'dialect' | 'clock'> & { receiptUrl: (site: MailSiteFacts, paymentId: number) => string }): PaymentPurposeHandler {
  const lock = dialect === 'postgres';
  return {
    purpose: 'signup',

    async refusal(trx, payment, now) {
      const signup = await signupOf(trx, payment);
      if (signup.partyOf !== null) {
        // Locks the party's payment as a cancellation does: either it sees these people, or they see it cancelled.
        const party = (await findSignup(trx, signup.partyOf))!;
        const partyPayment = (await lockPayment(trx, party.paymentId, lock))!;
        if (party.cancelledAt !== null || !LIVE_PAYMENT.includes(partyPayment.status)) {
          await releaseHold(trx, signup.id);
          return 'party_cancelled';
        }
      }
      const holdValid = signup.holdExpiresAt !== null && signup.holdExpiresAt > now;
      await releaseHold(trx, signup.id);
      // A live hold reserved the places.
      if (holdValid) return null;
      // Others may have taken the places: decide under the event's lock.
      const event = (await findEventForSignup(trx, { id: signup.eventId }, lock))!;
      const closed = closedReason(event, todayInFoundationZone(clock()));
      if (closed) return closed.reason;
      // Their own standing offer is theirs to use (ADR 053), as when they start a sign-up.
      if (event.capacity !== null && (await placesTaken(trx, event.id, now, signup.id, payment.userId ?? undefined)) + signup.places > event.capacity) return 'event_full';
      const teamName = signup.teamName;
      if (teamName && (await teamNameTaken(trx, event.id, teamName, now, signup.id))) return 'event_full';
      return null;
    },

    async paid(trx, payment, _intent, now) {
      const signup = await signupOf(trx, payment);
      // An offer made after this sign-up started (its own lapsed hold, offered back) is used by it too.
      if (payment.userId !== null) await linkOfferedSignup(trx, signup.eventId, payment.userId, signup, now.toISOString());
      await acceptOfferOfSignup(trx, signup.id);
      if (signup.partyOf !== null && signup.mergedAt === null) await mergeIntoParty(trx, signup, (await findSignup(trx, signup.partyOf))!, now.toISOString());
    },

    async paidMail(trx, payment, site) {
      const signup = await signupOf(trx, payment);
      const event = (await findEventForSignup(trx, { id: signup.eventId }, false))!;
      if (signup.partyOf !== null && signup.mergedAt !== null) {
        // The party's update, not a sign-up of their own.
        const party = (await findSignup(trx, signup.partyOf))!;
        return signupUpdateEmail({
          to: signup.receiptEmail,
          site,
          change: 'changed',
          signup: {
            id: party.id,
            teamName: null,
            people: peopleOf(party.kind, await loadStoredDetails(trx, party.id)),
            calendarSequence: party.calendarSequence,
            refundCents: 0,
            policy: refundPolicyText(event),
            chargedCents: payment.amountCents,
          },
          event,
          receiptUrl: receiptUrl(site, payment.id),
        });
      }
      const people = peopleOf(signup.kind, await loadStoredDetails(trx, signup.id));
      return signupConfirmationEmail({
        to: signup.receiptEmail,
        site,
        signup: {
          id: signup.id,
          amountCents: payment.amountCents,
          paidAt: new Date(payment.paidAt!),
          teamName: signup.teamName,
          people,
        },
        event,
        receiptUrl: receiptUrl(site, payment.id),
      });
    },

    async refundMail(trx, payment, refund, site) {
      const signup = await signupOf(trx, payment);
      const event = (await findEventForSignup(trx, { id: signup.eventId }, false))!;
      return refundNoticeEmail({
        to: signup.receiptEmail,
        site,
        what: `your ${event.eventType} sign-up for ${event.name} (receipt ${receiptNumber({ signupId: signup.id })})`,
        amountCents: refund.amountCents,
        reason: refund.reason,
        paid: { kind: 'signup', amountCents: payment.amountCents, leftCents: payment.amountCents - (refund.refundedBeforeCents ?? 0) - refund.amountCents },
      });
    },

    async released(trx, payment) {
      const signup = await findSignupOfPayment(trx, payment.id);
      if (signup) await releaseHold(trx, signup.id);
    },
  };
}

/** Spec §7. */
export function createSignups({ db, dialect, core, logger, clock = () => new Date() }: SignupsDeps) {
  const lock = dialect === 'postgres';

  function requireOpenEvent(kind: SignupKind, event: EventForSignup | null, eventNumber: number): EventForSignup {
    if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
    const eventKind = signupKindOfEventType(event.eventType);
    if (!eventKind) {
      logger.warn({ eventNumber, eventType: event.eventType }, 'sign-up asked for an event of an unknown type');
      throw new ValidationError({ eventNumber: 'This event does not take sign-ups online.' });
    }
    if (eventKind !== kind) throw new ValidationError({ eventNumber: `This form is for a ${rulesOf(kind).eventType}; event ${eventNumber} is a ${event.eventType}.` });
    const closed = closedReason(event, todayInFoundationZone(clock()));
    if (closed) throw new ConflictError({ eventNumber: closed.message });
    return event;
  }

  /** ADR 024: they pay only for themselves, at the event's prices now. */
  async function joinableParty(partyOf: number, event: EventForSignup, user: AuthUser, adding: number): Promise<number> {
    const party = await findSignup(db, partyOf);
    const payment = party ? await findPayment(db, party.paymentId) : null;
    if (!party || !payment || payment.userId !== user.id || !rulesOf(party.kind).party || party.partyOf !== null || party.eventId !== event.id) {
      throw new ValidationError({ partyOf: 'This is not one of your parties for this event.' });
    }
    const terms = signupTerms(event, { amountCents: payment.amountCents, refundedCents: payment.refundedCents, status: payment.status, cancelled: party.cancelledAt !== null }, todayInFoundationZone(clock()));
    if (party.cancelledAt !== null || !LIVE_PAYMENT.includes(payment.status)) throw new ConflictError({ partyOf: PARTY_GONE });
    if (!terms.mayChange) throw new ConflictError({ partyOf: 'Changes to this party closed with the event’s change deadline.' });
    // Stays within a sign-up's limit, so it can still be edited.
    const room = STEAKFRY_MAX_ATTENDEES - party.places;
    if (adding > room) {
      throw new ValidationError({ attendees: room > 0 ? `A party can have at most ${STEAKFRY_MAX_ATTENDEES} people; yours has ${party.places}, so you can add up to ${room}.` : `Your party already has the most people a party can have (${STEAKFRY_MAX_ATTENDEES}).` });
    }
    return party.id;
  }

  /** Asking again lets the earlier attempt go (its intent cancelled first). */
  async function replaceOpenHolds(event: EventForSignup, user: AuthUser): Promise<void> {
    for (const hold of await openHolds(db, event.id, clock().toISOString(), { userId: user.id })) {
      const payment = await findPayment(db, hold.paymentId);
      if (payment?.status === 'pending') await core.giveUp(payment, 'replaced');
    }
  }

  return {
    async createIntent(kind: SignupKind, body: unknown, user: AuthUser, clientKey: string | null) {
      const request = await parsedRequest(db, kind, body);
      const rules = rulesOf(kind);
      const event = requireOpenEvent(kind, await findEventForSignup(db, { eventNumber: request.eventNumber }, false), request.eventNumber);
      const { priceCents: price, places, teamName, stored } = assess(request, event.signup);
      if (request.amountCents !== price) throw new ValidationError({ amount: `The amount for this sign-up is $${centsToDecimalString(price)}.` });
      const partyOf = 'partyOf' in request && request.partyOf !== null ? await joinableParty(request.partyOf, event, user, places) : undefined;
      await replaceOpenHolds(event, user);

      const { intent, record: signup } = await core.open({
        purpose: 'signup',
        amountCents: price,
        payer: { userId: user.id, clientKey },
        payableForMs: HOLD_MINUTES * 60_000 + PAYABLE_AFTER_HOLD_MS,
        receiptEmail: request.receiptEmail,
        description: (site) => `${rules.eventType} ${event.eventNumber} sign-up — ${site.name}`,
        metadata: { eventNumber: String(event.eventNumber) },
        record: async (trx, payment, now) => {
          const nowIso = now.toISOString();
          const locked = requireOpenEvent(kind, await findEventForSignup(trx, { id: event.id }, lock), request.eventNumber);
          // A volunteer may have changed the price or team size since the cheap checks.
          if (assess(request, locked.signup).priceCents !== price || locked.signup.playersPerTeam !== event.signup.playersPerTeam) {
            throw new ConflictError({ amount: 'The price or team size of this event has just changed. Please close the form and sign up again.' });
          }
          if ((await openHolds(trx, locked.id, nowIso, { userId: user.id })).length > 0) {
            throw new ConflictError({ eventNumber: `You already have a sign-up for this event waiting for payment. Finish it, or try again in ${HOLD_MINUTES} minutes.` });
          }
          if (clientKey && (await openHolds(trx, locked.id, nowIso, { clientKey })).length >= MAX_OPEN_HOLDS_PER_ADDRESS) {
            throw new TooManyRequestsError(
              { eventNumber: `Too many sign-ups for this event are waiting for payment from your network. Please finish one, or try again in ${HOLD_MINUTES} minutes.` },
              HOLD_MINUTES * 60,
            );
          }
          // Their own standing waiting-list offer holds places for them (ADR 053).
          if (locked.capacity !== null && (await placesTaken(trx, locked.id, nowIso, undefined, user.id)) + places > locked.capacity) {
            throw new ConflictError({ eventNumber: 'This event is full.' });
          }
          if (teamName && (await teamNameTaken(trx, locked.id, teamName, nowIso))) {
            throw new ValidationError({ teamName: 'A team with this name is already signed up for this event. Please choose another.' });
          }
          if (partyOf !== undefined && (await findSignup(trx, partyOf))?.cancelledAt !== null) throw new ConflictError({ partyOf: PARTY_GONE });
          const inserted = await insertSignup(trx, {
            ...(partyOf !== undefined ? { partyOf } : {}),
            paymentId: payment.id,
            eventId: locked.id,
            kind,
            receiptEmail: request.receiptEmail,
            stored,
            places,
            holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
            fairValue: { fairValueCents: locked.signup.fairValueCents, childFairValueCents: locked.signup.childFairValueCents },
            now: nowIso,
          });
          await linkOfferedSignup(trx, locked.id, user.id, inserted, nowIso);
          return inserted;
        },
      });
      return {
        clientSecret: intent.clientSecret,
        savedIntent: {
          kind,
          signupId: signup.id,
          eventNumber: event.eventNumber,
          amount: centsToDecimalString(price),
          holdMinutes: HOLD_MINUTES,
          holdExpiresAt: signup.holdExpiresAt,
        },
      };
    },

    async save(kind: SignupKind, body: unknown, user: AuthUser) {
      const input = parseBody(SaveSignupSchema, body, signupErrorKey);
      const payment = await core.save({
        purpose: 'signup',
        clientSecret: input.token,
        claimedAmountCents: input.amount,
        mayAccess: async (p) => p.userId === user.id && (await findSignupOfPayment(db, p.id))?.kind === kind,
        notYours: 'This payment is not one of your sign-ups. Please start again.',
      });
      const signup = await signupOf(db, payment);
      const event = (await findEventForSignup(db, { id: signup.eventId }, false))!;
      if (payment.status === 'refunded' && (payment.statusReason === 'event_full' || payment.statusReason === 'event_closed' || payment.statusReason === 'party_cancelled')) {
        const what = { event_full: 'This event filled up', event_closed: 'Sign-up for this event closed', party_cancelled: 'The party was cancelled' }[payment.statusReason];
        throw new ConflictError({
          eventNumber: `${what} before your payment reached us, so we have refunded your ${formatCents(payment.amountCents)} in full. We have emailed you about it.`,
        });
      }
      return { id: signup.id, kind, eventNumber: event.eventNumber, amount: centsToDecimalString(payment.amountCents), status: payment.status };
    },
  };
}

export type Signups = ReturnType<typeof createSignups>;
