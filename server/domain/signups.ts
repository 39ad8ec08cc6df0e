import type { z } from 'zod';
import { centsToDecimalString, formatCents } from '../../common/money';
import {
  HOLD_MINUTES,
  SAVE_SIGNUP_SCHEMAS,
  SIGNUP_KIND_BY_EVENT_TYPE,
  SIGNUP_SCHEMAS,
  signupErrorKey,
  signupPlaces,
  signupPriceCents,
  type SignupKind,
} from '../../common/signups';
import type { Db } from '../db/database';
import { nowIso } from '../db/json';
import {
  attachSignupIntent,
  findEventById,
  findEventForSignup,
  findSignupByIntent,
  insertPendingSignup,
  listPendingSignupIntents,
  listSignupPeople,
  markSignupFailed,
  markSignupPaid,
  placesTaken,
  teamNameTaken,
  type EventForSignup,
  type NewAttendee,
  type NewPlayer,
  type Signup,
} from '../db/repositories/signups';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { signupConfirmationEmail } from '../mail/templates/signup-confirmation';
import type { MailSiteFacts } from '../mail/templates/site';
import type { GatewayIntent, PaymentGateway } from '../payments/gateway';
import type { AuthUser } from './accounts';
import { ConflictError, NotFoundError, ValidationError } from './errors';
import type { PaidRecordKind } from './payments';
import { verifiedIntent } from './payment-checks';

export interface SignupsDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  gateway: PaymentGateway;
  mailer: Mailer;
  logger: Logger;
  siteFacts: (origin: string) => Promise<MailSiteFacts>;
  /** Origin for links in mail (PUBLIC_URL, else the address the server listens on). */
  origin: () => string;
}

type Parsed = Record<string, unknown> & { eventNumber: number; amount: number; receiptEmail: string };

function parseSignup<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[signupErrorKey(issue.path)] ??= issue.message;
    throw new ValidationError(fields);
  }
  return result.data;
}

const EVENT_LABEL: Record<SignupKind, string> = { golf: 'Golf Event', gaming: 'Gaming Event', steakfry: 'Benefit Event' };

function playersOf(kind: SignupKind, input: Parsed): NewPlayer[] {
  if (kind === 'steakfry') return [];
  return [1, 2, 3, 4].map((n) => ({
    name: String(input[`player${n}Name`]),
    email: (input[`player${n}Email`] as string) || null,
    shirtSize: kind === 'golf' ? String(input[`player${n}ShirtSize`]) : null,
    activisionId: kind === 'gaming' ? String(input[`player${n}ActivisionId`]) : null,
    location: kind === 'gaming' ? String(input[`player${n}Location`]) : null,
  }));
}

function attendeesOf(kind: SignupKind, input: Parsed): NewAttendee[] {
  if (kind !== 'steakfry') return [];
  return (input.attendees as { name: string; allergies: string; child: boolean }[]).map((a) => ({
    name: a.name,
    allergies: a.allergies || null,
    child: a.child,
  }));
}

/** Spec §7 sign-up calls: golf teams, gaming teams and steak-fry parties, with capacity holds. */
export function createSignups({ db, dialect, gateway, mailer, logger, siteFacts, origin }: SignupsDeps) {
  async function sendConfirmation(signup: Signup, paidAt: string): Promise<void> {
    try {
      const event = await findEventById(db, signup.eventId);
      if (!event) return;
      const people = await listSignupPeople(db, signup.id);
      const site = await siteFacts(origin());
      await mailer.send(
        signupConfirmationEmail({
          to: signup.receiptEmail,
          site,
          signup: {
            id: signup.id,
            kind: signup.kind,
            amountCents: signup.amountCents,
            paidAt: new Date(paidAt),
            teamName: signup.teamName,
            players: signup.kind === 'steakfry' ? undefined : people.players,
            attendees: signup.kind === 'steakfry' ? people.attendees : undefined,
          },
          event: {
            eventNumber: event.eventNumber,
            eventType: event.eventType,
            name: event.name,
            location: event.location,
            eventDate: event.eventDate,
            startTime: event.startTime,
            description: event.description,
          },
        }),
      );
    } catch (error) {
      logger.error({ err: error, signupId: signup.id }, 'sign-up confirmation could not be sent');
    }
  }

  async function markPaid(signup: Signup): Promise<void> {
    if (signup.status === 'paid') return;
    const paidAt = nowIso();
    if (await markSignupPaid(db, signup.id, paidAt)) {
      if (signup.holdExpiresAt && signup.holdExpiresAt < paidAt) {
        // Paid after the hold lapsed: the team is in (the money moved); staff may see one over capacity.
        logger.warn({ signupId: signup.id }, 'sign-up paid after its hold expired');
      }
      logger.info({ signupId: signup.id, kind: signup.kind, amountCents: signup.amountCents }, 'sign-up paid');
      await sendConfirmation(signup, paidAt);
    }
  }

  function checkEvent(kind: SignupKind, event: EventForSignup | null, eventNumber: number): EventForSignup {
    if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
    const eventKind = SIGNUP_KIND_BY_EVENT_TYPE[event.eventType];
    if (!eventKind) {
      logger.warn({ eventNumber, eventType: event.eventType }, 'sign-up asked for an event of an unknown type');
      throw new ValidationError({ eventNumber: 'This event does not take sign-ups online.' });
    }
    if (eventKind !== kind) throw new ValidationError({ eventNumber: `This form is for a ${EVENT_LABEL[kind]}; event ${eventNumber} is a ${event.eventType}.` });
    if (!event.active) throw new ConflictError({ eventNumber: 'Sign-up for this event is closed.' });
    return event;
  }

  return {
    async createIntent(kind: SignupKind, body: unknown, user: AuthUser) {
      const input = parseSignup(SIGNUP_SCHEMAS[kind], body) as Parsed;
      const price = signupPriceCents(kind, input as { attendees?: { child: boolean }[] });
      // Cheap checks first, outside the transaction.
      checkEvent(kind, await findEventForSignup(db, input.eventNumber, false), input.eventNumber);
      if (input.amount !== price) {
        throw new ValidationError({ amount: `The amount for this sign-up is $${centsToDecimalString(price)}.` });
      }
      const places = signupPlaces(kind, input as { attendees?: unknown[] });
      const teamName = kind === 'gaming' ? String(input.teamName) : null;

      const signupId = await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const event = checkEvent(kind, await findEventForSignup(trx, input.eventNumber, dialect === 'postgres'), input.eventNumber);
        if (event.capacity !== null && (await placesTaken(trx, event.id, now)) + places > event.capacity) {
          throw new ConflictError({ eventNumber: 'This event is full.' });
        }
        if (teamName && (await teamNameTaken(trx, event.id, teamName, now))) {
          throw new ValidationError({ teamName: 'A team with this name is already signed up for this event. Please choose another.' });
        }
        return insertPendingSignup(trx, {
          userId: user.id,
          eventId: event.id,
          kind,
          amountCents: price,
          receiptEmail: input.receiptEmail,
          teamName,
          teamContactNumber: kind === 'gaming' ? String(input.teamContactNumber) : null,
          teamAgrees: kind === 'gaming' ? input.teamAgrees === true : false,
          places,
          holdExpiresAt: new Date(Date.parse(now) + HOLD_MINUTES * 60_000).toISOString(),
          players: playersOf(kind, input),
          attendees: attendeesOf(kind, input),
        });
      });

      try {
        const site = await siteFacts(origin());
        const intent = await gateway.createIntent({
          amountCents: price,
          currency: 'usd',
          receiptEmail: input.receiptEmail,
          description: `${EVENT_LABEL[kind]} ${input.eventNumber} sign-up — ${site.name}`,
          metadata: { kind: 'signup', signupId: String(signupId), eventNumber: String(input.eventNumber) },
          idempotencyKey: `signup-${signupId}`,
        });
        await attachSignupIntent(db, signupId, intent.id);
        return {
          clientSecret: intent.clientSecret,
          savedIntent: { ...input, amount: centsToDecimalString(price), signupId, holdMinutes: HOLD_MINUTES },
        };
      } catch (error) {
        await markSignupFailed(db, signupId);
        throw error;
      }
    },

    async save(kind: SignupKind, body: unknown, user: AuthUser) {
      const input = parseSignup(SAVE_SIGNUP_SCHEMAS[kind], body) as Parsed & { token: string };
      const intent = await verifiedIntent(gateway, input.token);
      const signup = await findSignupByIntent(db, intent.id);
      if (!signup || signup.userId !== user.id || signup.kind !== kind) {
        throw new ValidationError({ token: 'This payment is not one of your sign-ups. Please start again.' });
      }
      if (input.amount !== signup.amountCents || intent.amountCents !== signup.amountCents) {
        throw new ValidationError({ amount: `The amount does not match the payment of ${formatCents(signup.amountCents)}.` });
      }
      if (intent.status !== 'succeeded') {
        throw new ValidationError({ card: 'The payment has not gone through. Please check the card details and try again.' });
      }
      await markPaid(signup);
      return { id: signup.id, kind, eventNumber: input.eventNumber, amount: centsToDecimalString(signup.amountCents), status: 'paid' as const };
    },

    async intentSucceeded(intent: GatewayIntent): Promise<void> {
      const signup = await findSignupByIntent(db, intent.id);
      if (!signup) {
        logger.warn({ intentId: intent.id }, 'succeeded intent matches no sign-up');
        return;
      }
      if (intent.amountCents !== signup.amountCents) {
        logger.error({ intentId: intent.id, signupId: signup.id }, 'succeeded intent amount differs from the sign-up');
        return;
      }
      await markPaid(signup);
    },
  };
}

export type Signups = ReturnType<typeof createSignups>;

export const signupRecords = (db: Db, signups: Signups): PaidRecordKind => ({
  kinds: ['signup'],
  intentSucceeded: signups.intentSucceeded,
  pendingIntentIds: (since) => listPendingSignupIntents(db, since),
});
