import { sql, type Kysely, type Transaction } from 'kysely';
import type { SignupKind } from '../../../common/signups';
import { nowIso } from '../json';
import type { Database, PaymentStatus } from '../schema';

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
}

export interface Signup {
  id: number;
  userId: number;
  eventId: number;
  kind: SignupKind;
  amountCents: number;
  receiptEmail: string;
  teamName: string | null;
  places: number;
  status: PaymentStatus;
  paymentIntentId: string | null;
  holdExpiresAt: string | null;
  paidAt: string | null;
}

export interface NewPlayer {
  name: string;
  email: string | null;
  shirtSize?: string | null;
  activisionId?: string | null;
  location?: string | null;
}

export interface NewAttendee {
  name: string;
  allergies: string | null;
  child: boolean;
}

/** Reads the event and, on PostgreSQL, locks its row so concurrent sign-ups queue behind each other. */
export async function findEventForSignup(db: Executor, eventNumber: number, lock: boolean): Promise<EventForSignup | null> {
  let query = db
    .selectFrom('events')
    .select(['id', 'event_number', 'event_type', 'name', 'location', 'event_date', 'start_time', 'description', 'active', 'capacity'])
    .where('event_number', '=', eventNumber);
  // SQLite has no row locks; its writers are serialised by the single connection instead.
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
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
  };
}

export async function findEventById(db: Executor, id: number): Promise<EventForSignup | null> {
  const row = await db.selectFrom('events').select('event_number').where('id', '=', id).executeTakeFirst();
  return row ? findEventForSignup(db, Number(row.event_number), false) : null;
}

/** Places held or paid: paid sign-ups plus pending ones whose hold has not expired. */
export async function placesTaken(db: Executor, eventId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('signups')
    .select(sql<number>`coalesce(sum(places), 0)`.as('taken'))
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('status', '=', 'paid'), eb.and([eb('status', '=', 'pending'), eb('hold_expires_at', '>', now)])]))
    .executeTakeFirstOrThrow();
  return Number(row.taken);
}

/** Whether a live (paid or held) team of this event already uses the name, ignoring case. */
export async function teamNameTaken(db: Executor, eventId: number, teamName: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('signups')
    .select('id')
    .where('event_id', '=', eventId)
    .where(sql<string>`lower(team_name)`, '=', teamName.toLowerCase())
    .where((eb) => eb.or([eb('status', '=', 'paid'), eb.and([eb('status', '=', 'pending'), eb('hold_expires_at', '>', now)])]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPendingSignup(
  db: Executor,
  input: {
    userId: number;
    eventId: number;
    kind: SignupKind;
    amountCents: number;
    receiptEmail: string;
    teamName: string | null;
    teamContactNumber: string | null;
    teamAgrees: boolean;
    places: number;
    holdExpiresAt: string;
    players: NewPlayer[];
    attendees: NewAttendee[];
  },
): Promise<number> {
  const row = await db
    .insertInto('signups')
    .values({
      user_id: input.userId,
      event_id: input.eventId,
      kind: input.kind,
      amount_cents: input.amountCents,
      receipt_email: input.receiptEmail,
      team_name: input.teamName,
      team_contact_number: input.teamContactNumber,
      team_agrees: input.teamAgrees ? 1 : 0,
      places: input.places,
      status: 'pending',
      hold_expires_at: input.holdExpiresAt,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signupId = Number(row.id);
  if (input.players.length > 0) {
    await db
      .insertInto('signup_players')
      .values(
        input.players.map((p, i) => ({
          signup_id: signupId,
          position: i + 1,
          name: p.name,
          email: p.email,
          shirt_size: p.shirtSize ?? null,
          activision_id: p.activisionId ?? null,
          location: p.location ?? null,
        })),
      )
      .execute();
  }
  if (input.attendees.length > 0) {
    await db
      .insertInto('signup_attendees')
      .values(input.attendees.map((a, i) => ({ signup_id: signupId, position: i + 1, name: a.name, allergies: a.allergies, child: a.child ? 1 : 0 })))
      .execute();
  }
  return signupId;
}

export async function attachSignupIntent(db: Executor, signupId: number, intentId: string): Promise<void> {
  await db.updateTable('signups').set({ payment_intent_id: intentId }).where('id', '=', signupId).execute();
}

/** A sign-up whose intent could not be made gives its places back at once. */
export async function markSignupFailed(db: Executor, signupId: number): Promise<void> {
  await db.updateTable('signups').set({ status: 'failed', hold_expires_at: null }).where('id', '=', signupId).where('status', '=', 'pending').execute();
}

const SIGNUP_COLUMNS = [
  'id',
  'user_id',
  'event_id',
  'kind',
  'amount_cents',
  'receipt_email',
  'team_name',
  'places',
  'status',
  'payment_intent_id',
  'hold_expires_at',
  'paid_at',
] as const;

export async function findSignupByIntent(db: Executor, intentId: string): Promise<Signup | null> {
  const row = await db.selectFrom('signups').select(SIGNUP_COLUMNS).where('payment_intent_id', '=', intentId).executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    eventId: Number(row.event_id),
    kind: row.kind,
    amountCents: Number(row.amount_cents),
    receiptEmail: row.receipt_email,
    teamName: row.team_name,
    places: Number(row.places),
    status: row.status,
    paymentIntentId: row.payment_intent_id,
    holdExpiresAt: row.hold_expires_at,
    paidAt: row.paid_at,
  };
}

/** Pending → paid exactly once: true only for the call that made the change. */
export async function markSignupPaid(db: Executor, signupId: number, paidAt: string): Promise<boolean> {
  const result = await db
    .updateTable('signups')
    .set({ status: 'paid', paid_at: paidAt, hold_expires_at: null })
    .where('id', '=', signupId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listSignupPeople(db: Executor, signupId: number) {
  const [players, attendees] = await Promise.all([
    db.selectFrom('signup_players').select(['name']).where('signup_id', '=', signupId).orderBy('position').execute(),
    db.selectFrom('signup_attendees').select(['name', 'child', 'allergies']).where('signup_id', '=', signupId).orderBy('position').execute(),
  ]);
  return {
    players: players.map((p) => ({ name: p.name })),
    attendees: attendees.map((a) => ({ name: a.name, child: Number(a.child) === 1, allergies: a.allergies })),
  };
}

export async function listPendingSignupIntents(db: Executor, since: string, limit = 200): Promise<string[]> {
  const rows = await db
    .selectFrom('signups')
    .select('payment_intent_id')
    .where('status', '=', 'pending')
    .where('payment_intent_id', 'is not', null)
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.payment_intent_id!);
}

/** Places left for the event page, or null without a capacity. */
export async function placesLeft(db: Executor, eventNumber: number, now: string = nowIso()): Promise<number | null> {
  const event = await findEventForSignup(db, eventNumber, false);
  if (!event || event.capacity === null) return null;
  return Math.max(0, event.capacity - (await placesTaken(db, event.id, now)));
}
