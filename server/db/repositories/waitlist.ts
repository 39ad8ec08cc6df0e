import { sql, type Kysely, type Transaction } from 'kysely';
import type { SignupKind } from '../../../common/signups/kinds';
import { DEFAULT_OFFER_HOURS, type WaitlistStatus } from '../../../common/waitlist';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface WaitlistEntry {
  id: number;
  eventId: number;
  userId: number;
  kind: SignupKind;
  places: number;
  createdAt: string;
  status: WaitlistStatus;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  offerSignupId: number | null;
  offeredByStaffId: number | null;
}

const COLUMNS = ['id', 'event_id', 'user_id', 'kind', 'places', 'created_at', 'status', 'offered_at', 'offer_expires_at', 'offer_signup_id', 'offered_by_staff_id'] as const;

function toEntry(row: {
  id: number;
  event_id: number;
  user_id: number;
  kind: SignupKind;
  places: number;
  created_at: string;
  status: WaitlistStatus;
  offered_at: string | null;
  offer_expires_at: string | null;
  offer_signup_id: number | null;
  offered_by_staff_id: number | null;
}): WaitlistEntry {
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    userId: Number(row.user_id),
    kind: row.kind,
    places: Number(row.places),
    createdAt: row.created_at,
    status: row.status,
    offeredAt: row.offered_at,
    offerExpiresAt: row.offer_expires_at,
    offerSignupId: row.offer_signup_id === null ? null : Number(row.offer_signup_id),
    offeredByStaffId: row.offered_by_staff_id === null ? null : Number(row.offered_by_staff_id),
  };
}

/** An offer that lapsed or was taken: history, which a new entry replaces. */
export async function deleteClosedEntry(db: Executor, eventId: number, userId: number): Promise<void> {
  await db.deleteFrom('waitlist_entries').where('event_id', '=', eventId).where('user_id', '=', userId).where('status', 'in', ['accepted', 'lapsed']).execute();
}

/** False when the account is on this event's list already (the unique constraint decides). */
export async function insertEntry(db: Executor, input: { eventId: number; userId: number; kind: SignupKind; places: number; now: string }): Promise<WaitlistEntry | null> {
  const row = await db
    .insertInto('waitlist_entries')
    .values({ event_id: input.eventId, user_id: input.userId, kind: input.kind, places: input.places, created_at: input.now })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toEntry(row) : null;
}

export async function findEntry(db: Executor, eventId: number, userId: number): Promise<WaitlistEntry | null> {
  const row = await db.selectFrom('waitlist_entries').select(COLUMNS).where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
  return row ? toEntry(row) : null;
}

export async function findEntryById(db: Executor, id: number): Promise<WaitlistEntry | null> {
  const row = await db.selectFrom('waitlist_entries').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** Waiting or holding an offer; an accepted or lapsed entry is history. */
export async function deleteOpenEntry(db: Executor, eventId: number, userId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('waitlist_entries').where('event_id', '=', eventId).where('user_id', '=', userId).where('status', 'in', ['waiting', 'offered']).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** Everyone on the event's list, first in line first. */
export async function listEntries(db: Executor, eventId: number): Promise<WaitlistEntry[]> {
  const rows = await db.selectFrom('waitlist_entries').select(COLUMNS).where('event_id', '=', eventId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toEntry);
}

/** 1 for the first still waiting; null once no longer waiting. */
export async function positionOf(db: Executor, entry: WaitlistEntry): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  const ahead = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', entry.eventId)
    .where('status', '=', 'waiting')
    .where((eb) => eb.or([eb('created_at', '<', entry.createdAt), eb.and([eb('created_at', '=', entry.createdAt), eb('id', '<', entry.id)])]))
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

export async function entriesOfUser(db: Executor, userId: number): Promise<WaitlistEntry[]> {
  const rows = await db.selectFrom('waitlist_entries').select(COLUMNS).where('user_id', '=', userId).where('status', 'in', ['waiting', 'offered']).orderBy('id').execute();
  return rows.map(toEntry);
}

/** Events not yet past whose list may have someone to offer to or an offer to end: a past event's list is never locked again. */
export async function eventsWithOpenEntries(db: Executor, today: string): Promise<number[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .innerJoin('events', 'events.id', 'waitlist_entries.event_id')
    .select('waitlist_entries.event_id')
    .distinct()
    .where('waitlist_entries.status', 'in', ['waiting', 'offered'])
    .where('events.event_date', '>=', today)
    .execute();
  return rows.map((r) => Number(r.event_id));
}

/** Offers past their time that were not paid for: the entry lapses and its places pass on. */
export async function lapseExpiredOffers(db: Executor, eventId: number, now: string): Promise<number> {
  const lapsed = await db
    .updateTable('waitlist_entries')
    .set({ status: 'lapsed' })
    .where('event_id', '=', eventId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .executeTakeFirst();
  return Number(lapsed.numUpdatedRows);
}

/** Only from waiting: a second instance's attempt changes nothing. */
export async function markOffered(db: Executor, entryId: number, input: { now: string; expiresAt: string; staffId: number | null }): Promise<boolean> {
  const updated = await db
    .updateTable('waitlist_entries')
    .set({ status: 'offered', offered_at: input.now, offer_expires_at: input.expiresAt, offered_by_staff_id: input.staffId })
    .where('id', '=', entryId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * The sign-up opened from a standing offer. A smaller party than offered keeps an offer of its own
 * size: the spare seats go to others, so if its hold lapses the offer must not claim them again.
 */
export async function linkOfferedSignup(db: Executor, eventId: number, userId: number, signup: { id: number; places: number }, now: string): Promise<void> {
  await db
    .updateTable('waitlist_entries')
    .set({ offer_signup_id: signup.id, places: sql<number>`case when places > ${signup.places} then ${signup.places} else places end` })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .execute();
}

/** Paid: the entry leaves the line for good. */
export async function acceptOfferOfSignup(db: Executor, signupId: number): Promise<void> {
  await db.updateTable('waitlist_entries').set({ status: 'accepted' }).where('offer_signup_id', '=', signupId).where('status', 'in', ['offered', 'lapsed']).execute();
}

export async function offerHoursOf(db: Executor, eventId: number): Promise<number> {
  const row = await db.selectFrom('waitlist_settings').select('offer_hours').where('event_id', '=', eventId).executeTakeFirst();
  return row ? Number(row.offer_hours) : DEFAULT_OFFER_HOURS;
}

export async function saveOfferHours(db: Executor, eventId: number, hours: number, now: string): Promise<void> {
  await db
    .insertInto('waitlist_settings')
    .values({ event_id: eventId, offer_hours: hours, updated_at: now })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ offer_hours: hours, updated_at: now }))
    .execute();
}

/** For the back office: who is on the list. */
export async function listEntriesWithPeople(db: Executor, eventId: number) {
  const rows = await db
    .selectFrom('waitlist_entries')
    .innerJoin('users', 'users.id', 'waitlist_entries.user_id')
    .select([...COLUMNS.map((c) => `waitlist_entries.${c}` as const), 'users.email', 'users.first', 'users.last'])
    .where('waitlist_entries.event_id', '=', eventId)
    .orderBy('waitlist_entries.created_at')
    .orderBy('waitlist_entries.id')
    .execute();
  return rows.map((r) => ({ ...toEntry(r), email: r.email, name: `${r.first} ${r.last}`.trim() }));
}

