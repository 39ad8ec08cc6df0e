import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { StoredPerson, StoredSignupDetails } from '../../../common/signups/kind';
import type { SignupKind } from '../../../common/signups/kinds';
import type { EventSignupRules } from '../../../common/events';
import type { Database, EventRow } from '../schema';
import { signupRulesOfRow } from './events';
import { placesSponsored, sponsorTeamNameTaken } from './sponsorships';

type Executor = Kysely<Database> | Transaction<Database>;

export interface EventForSignup {
  id: number;
  eventNumber: number;
  eventType: string;
  name: string;
  location: string;
  eventDate: string;
  startTime: string | null;
  description: string;
  active: boolean;
  capacity: number | null;
  published: boolean;
  signup: EventSignupRules;
}

export interface Signup {
  id: number;
  paymentId: number;
  eventId: number;
  kind: SignupKind;
  receiptEmail: string;
  teamName: string | null;
  places: number;
  holdExpiresAt: string | null;
  createdAt: string;
  /** The row stays for the ledger; the places are free. */
  cancelledAt: string | null;
  /** Raised by every change; also guards against two changes at once. */
  calendarSequence: number;
  /** ADR 024: the party they join when their payment settles. */
  partyOf: number | null;
  /** Its people are the party's now; this row keeps only its payment. */
  mergedAt: string | null;
}

function toEvent(row: EventRow): EventForSignup {
  return {
    id: Number(row.id),
    eventNumber: Number(row.event_number),
    eventType: row.event_type,
    name: row.name,
    location: row.location,
    eventDate: row.event_date,
    startTime: row.start_time,
    description: row.description,
    active: Number(row.active) === 1,
    capacity: row.capacity === null ? null : Number(row.capacity),
    published: Number(row.published) === 1,
    signup: signupRulesOfRow(row),
  };
}

/** With `lock` (PostgreSQL) the event row is locked so decisions about its places queue up; SQLite has one writer. */
export async function findEventForSignup(db: Executor, by: { eventNumber: number } | { id: number }, lock: boolean): Promise<EventForSignup | null> {
  let query = db.selectFrom('events').selectAll();
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('event_number', '=', by.eventNumber);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toEvent(row) : null;
}

/*
 * The one rule for "this sign-up takes its places": not cancelled, not folded into a party, and
 * sold (paid) or held (pending with an unexpired hold).
 */
type SignupWithPayment = ExpressionBuilder<Database, 'signups' | 'payments'>;
const stillCounts = (eb: SignupWithPayment) => eb.and([eb('signups.cancelled_at', 'is', null), eb('signups.merged_at', 'is', null)]);

export const isSold = (eb: SignupWithPayment) => eb.and([stillCounts(eb), eb('payments.status', 'in', ['paid', 'partially_refunded'])]);

export const isHeld = (eb: SignupWithPayment, now: string) =>
  eb.and([stillCounts(eb), eb('payments.status', '=', 'pending'), eb('signups.hold_expires_at', '>', now)]);

export const isLive = (eb: SignupWithPayment, now: string) => eb.or([isSold(eb), isHeld(eb, now)]);

/**
 * Sold and held places, those a standing waiting-list offer holds (ADR 053) except `offerOf`'s own,
 * and those sold or held sponsorship packages include (ADR 054).
 */
export async function placesTaken(db: Executor, eventId: number, now: string, exceptSignupId?: number, offerOf?: number): Promise<number> {
  let query = db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select(sql<number>`coalesce(sum(signups.places), 0)`.as('taken'))
    .where('signups.event_id', '=', eventId)
    .where((eb) => isLive(eb, now));
  if (exceptSignupId !== undefined) query = query.where('signups.id', '!=', exceptSignupId);
  return Number((await query.executeTakeFirstOrThrow()).taken) + (await placesOffered(db, eventId, now, { exceptSignupId, offerOf })) + (await placesSponsored(db, eventId, now));
}

/** A standing offer's places, unless the sign-up opened from it holds or has them already. */
async function placesOffered(db: Executor, eventId: number, now: string, except: { exceptSignupId?: number; offerOf?: number } = {}): Promise<number> {
  let query = db
    .selectFrom('waitlist_entries')
    .select(sql<number>`coalesce(sum(waitlist_entries.places), 0)`.as('offered'))
    .where('waitlist_entries.event_id', '=', eventId)
    .where('waitlist_entries.status', '=', 'offered')
    .where('waitlist_entries.offer_expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('waitlist_entries.offer_signup_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('signups')
              .innerJoin('payments', 'payments.id', 'signups.payment_id')
              .select('signups.id')
              .whereRef('signups.id', '=', 'waitlist_entries.offer_signup_id')
              .where((inner) => isLive(inner, now)),
          ),
        ),
      ]),
    );
  if (except.offerOf !== undefined) query = query.where('waitlist_entries.user_id', '!=', except.offerOf);
  if (except.exceptSignupId !== undefined) {
    const id = except.exceptSignupId;
    query = query.where((eb) => eb.or([eb('waitlist_entries.offer_signup_id', 'is', null), eb('waitlist_entries.offer_signup_id', '!=', id)]));
  }
  return Number((await query.executeTakeFirstOrThrow()).offered);
}

/** Ignoring case, among sign-ups and sponsors' teams (ADR 054). */
export async function teamNameTaken(db: Executor, eventId: number, teamName: string, now: string, exceptSignupId?: number, exceptSponsorshipId?: number): Promise<boolean> {
  let query = db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select('signups.id')
    .where('signups.event_id', '=', eventId)
    .where(sql<string>`lower(signups.team_name)`, '=', teamName.toLowerCase())
    .where((eb) => isLive(eb, now));
  if (exceptSignupId !== undefined) query = query.where('signups.id', '!=', exceptSignupId);
  return (await query.executeTakeFirst()) !== undefined || (await sponsorTeamNameTaken(db, eventId, teamName, now, exceptSponsorshipId));
}

export interface OpenHold {
  signupId: number;
  paymentId: number;
}

export async function openHolds(db: Executor, eventId: number, now: string, by: { userId: number } | { clientKey: string }): Promise<OpenHold[]> {
  let query = db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select(['signups.id as signupId', 'payments.id as paymentId'])
    .where('signups.event_id', '=', eventId)
    .where('payments.status', '=', 'pending')
    .where('signups.hold_expires_at', '>', now);
  query = 'userId' in by ? query.where('payments.user_id', '=', by.userId) : query.where('payments.client_key', '=', by.clientKey);
  return (await query.orderBy('signups.id').execute()).map((r) => ({ signupId: Number(r.signupId), paymentId: Number(r.paymentId) }));
}

export async function insertSignup(
  db: Executor,
  input: {
    paymentId: number;
    eventId: number;
    kind: SignupKind;
    receiptEmail: string;
    stored: StoredSignupDetails;
    places: number;
    holdExpiresAt: string;
    /** The sign-up's receipts keep it (ADR 025). */
    fairValue: { fairValueCents: number; childFairValueCents: number };
    now: string;
    partyOf?: number;
  },
): Promise<Signup> {
  const row = await db
    .insertInto('signups')
    .values({
      payment_id: input.paymentId,
      event_id: input.eventId,
      kind: input.kind,
      receipt_email: input.receiptEmail,
      team_name: input.stored.teamName,
      team_contact_number: input.stored.teamContactNumber,
      team_agrees: input.stored.teamAgrees ? 1 : 0,
      places: input.places,
      hold_expires_at: input.holdExpiresAt,
      fair_value_cents: input.fairValue.fairValueCents,
      child_fair_value_cents: input.fairValue.childFairValueCents,
      created_at: input.now,
      party_of: input.partyOf ?? null,
    })
    .returning(SIGNUP_COLUMNS)
    .executeTakeFirstOrThrow();
  const signup = toSignup(row);
  await insertPeople(db, signup.id, input.stored);
  return signup;
}

async function insertPeople(db: Executor, signupId: number, stored: StoredSignupDetails): Promise<void> {
  const people = stored.people;
  if (people.length > 0 && stored.peopleTable === 'attendees') {
    await db
      .insertInto('signup_attendees')
      .values(people.map((p, i) => ({ signup_id: signupId, position: i + 1, name: p.name, allergies: p.allergies, child: p.child ? 1 : 0 })))
      .execute();
  } else if (people.length > 0) {
    await db
      .insertInto('signup_players')
      .values(
        people.map((p, i) => ({
          signup_id: signupId,
          position: i + 1,
          name: p.name,
          email: p.email,
          shirt_size: p.shirtSize,
          activision_id: p.activisionId,
          location: p.location,
        })),
      )
      .execute();
  }
}

/** False, writing nothing, if the sign-up changed since `expectedSequence` was read. */
export async function replaceSignupDetails(
  db: Executor,
  signupId: number,
  expectedSequence: number,
  input: { stored: StoredSignupDetails; places: number; receiptEmail: string; now: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('signups')
    .set({
      team_name: input.stored.teamName,
      team_contact_number: input.stored.teamContactNumber,
      team_agrees: input.stored.teamAgrees ? 1 : 0,
      places: input.places,
      receipt_email: input.receiptEmail,
      calendar_sequence: expectedSequence + 1,
      updated_at: input.now,
    })
    .where('id', '=', signupId)
    .where('calendar_sequence', '=', expectedSequence)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('signup_players').where('signup_id', '=', signupId).execute();
  await db.deleteFrom('signup_attendees').where('signup_id', '=', signupId).execute();
  await insertPeople(db, signupId, input.stored);
  return true;
}

export async function markSignupCancelled(db: Executor, signupId: number, expectedSequence: number, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('signups')
    .set({ cancelled_at: now, hold_expires_at: null, calendar_sequence: expectedSequence + 1, updated_at: now })
    .where('id', '=', signupId)
    .where('calendar_sequence', '=', expectedSequence)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function findSignup(db: Executor, signupId: number): Promise<Signup | null> {
  const row = await db.selectFrom('signups').select(SIGNUP_COLUMNS).where('id', '=', signupId).executeTakeFirst();
  return row ? toSignup(row) : null;
}

const SIGNUP_COLUMNS = ['id', 'payment_id', 'event_id', 'kind', 'receipt_email', 'team_name', 'places', 'hold_expires_at', 'created_at', 'cancelled_at', 'calendar_sequence', 'party_of', 'merged_at'] as const;

function toSignup(row: {
  id: number;
  payment_id: number;
  event_id: number;
  kind: SignupKind;
  receipt_email: string;
  team_name: string | null;
  places: number;
  hold_expires_at: string | null;
  created_at: string;
  cancelled_at: string | null;
  calendar_sequence: number;
  party_of: number | null;
  merged_at: string | null;
}): Signup {
  return {
    id: Number(row.id),
    paymentId: Number(row.payment_id),
    eventId: Number(row.event_id),
    kind: row.kind,
    receiptEmail: row.receipt_email,
    teamName: row.team_name,
    places: Number(row.places),
    holdExpiresAt: row.hold_expires_at,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    calendarSequence: Number(row.calendar_sequence),
    partyOf: row.party_of === null ? null : Number(row.party_of),
    mergedAt: row.merged_at,
  };
}

export async function findSignupOfPayment(db: Executor, paymentId: number): Promise<Signup | null> {
  const row = await db.selectFrom('signups').select(SIGNUP_COLUMNS).where('payment_id', '=', paymentId).executeTakeFirst();
  return row ? toSignup(row) : null;
}

export async function loadStoredDetails(db: Executor, signupId: number): Promise<StoredSignupDetails> {
  const [signup, players, attendees] = await Promise.all([
    db.selectFrom('signups').select(['team_name', 'team_contact_number', 'team_agrees']).where('id', '=', signupId).executeTakeFirstOrThrow(),
    db.selectFrom('signup_players').selectAll().where('signup_id', '=', signupId).orderBy('position').execute(),
    db.selectFrom('signup_attendees').selectAll().where('signup_id', '=', signupId).orderBy('position').execute(),
  ]);
  const person = (p: Partial<StoredPerson> & { name: string }): StoredPerson => ({
    email: null,
    shirtSize: null,
    activisionId: null,
    location: null,
    allergies: null,
    child: false,
    ...p,
  });
  return {
    teamName: signup.team_name,
    teamContactNumber: signup.team_contact_number,
    teamAgrees: Number(signup.team_agrees) === 1,
    peopleTable: attendees.length > 0 ? 'attendees' : 'players',
    people: [
      ...players.map((p) => person({ name: p.name, email: p.email, shirtSize: p.shirt_size, activisionId: p.activision_id, location: p.location })),
      ...attendees.map((a) => person({ name: a.name, allergies: a.allergies, child: Number(a.child) === 1 })),
    ],
  };
}

export async function releaseHold(db: Executor, signupId: number): Promise<void> {
  await db.updateTable('signups').set({ hold_expires_at: null }).where('id', '=', signupId).execute();
}

export async function placesLeft(db: Executor, eventNumber: number, now: string): Promise<number | null> {
  const event = await findEventForSignup(db, { eventNumber }, false);
  if (!event || event.capacity === null) return null;
  return Math.max(0, event.capacity - (await placesTaken(db, event.id, now)));
}

/** The addition keeps its payment and count of people, but `merged_at` stops it counting places. */
export async function mergeIntoParty(db: Executor, addition: Signup, party: Signup, now: string): Promise<void> {
  const children = await db
    .selectFrom('signup_attendees')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('signup_id', '=', addition.id)
    .where('child', '=', 1)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('signup_attendees')
    .select(sql<number>`coalesce(max(position), 0)`.as('last'))
    .where('signup_id', '=', party.id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('signup_attendees')
    .set((eb) => ({ signup_id: party.id, position: eb('position', '+', Number(last.last)) }))
    .where('signup_id', '=', addition.id)
    .execute();
  await db
    .updateTable('signups')
    .set((eb) => ({ places: eb('places', '+', addition.places), calendar_sequence: eb('calendar_sequence', '+', 1), updated_at: now }))
    .where('id', '=', party.id)
    .execute();
  await db.updateTable('signups').set({ hold_expires_at: null, merged_at: now, merged_children: Number(children.n), updated_at: now }).where('id', '=', addition.id).execute();
}

/** Its own first, then each addition, oldest first. */
export async function partyPaymentIds(db: Executor, party: Signup): Promise<number[]> {
  const additions = await db.selectFrom('signups').select('payment_id').where('party_of', '=', party.id).where('merged_at', 'is not', null).orderBy('id').execute();
  return [party.paymentId, ...additions.map((a) => Number(a.payment_id))];
}

/** They hold no places; this is for the lists. */
export async function cancelPartyAdditions(db: Executor, partyId: number, now: string): Promise<void> {
  await db.updateTable('signups').set({ cancelled_at: now, updated_at: now }).where('party_of', '=', partyId).where('merged_at', 'is not', null).where('cancelled_at', 'is', null).execute();
}
