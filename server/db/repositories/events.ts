import type { Kysely, Transaction } from 'kysely';
import type { ApiEvent, EventAccommodation, EventImage, EventSignupRules, EventSponsor } from '../../../common/events';
import { defaultSignupRules } from '../../../common/signups/kinds';
import { nowIso, parseJsonColumn, toJsonColumn } from '../json';
import type { Database, EventRow } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface EventRecord {
  eventNumber: number;
  eventType: string;
  name: string;
  description: string;
  location: string;
  eventDate: string;
  startTime: string | null;
  image: EventImage | null;
  active: boolean;
  showSponsor: boolean;
  sponsor: EventSponsor | null;
  stats: { priceCents: number | null; text: string }[];
  accommodations: EventAccommodation[];
  proceeds: string;
  partnershipFlyer: string | null;
  rulesFlyer: string | null;
  capacity: number | null;
  published: boolean;
  signup: EventSignupRules;
  updatedAt: string;
}

/** Rules left out are the event type's defaults (spec §9). */
export type EventInput = Omit<ApiEvent, 'stats' | 'signup'> & { stats: EventRecord['stats']; signup?: Partial<EventSignupRules>; published?: boolean };

/** An empty column falls back to the type's default. */
export function signupRulesOfRow(row: EventRow): EventSignupRules {
  const defaults = defaultSignupRules(row.event_type);
  return {
    priceCents: row.price_cents ?? defaults.priceCents,
    childPriceCents: row.price_cents === null ? defaults.childPriceCents : row.child_price_cents,
    playersPerTeam: row.players_per_team ?? defaults.playersPerTeam,
    opensOn: row.signup_opens_on,
    closesOn: row.signup_closes_on,
    refundDaysBefore: row.refund_days_before,
    fairValueCents: Number(row.fair_value_cents),
    childFairValueCents: Number(row.child_fair_value_cents),
  };
}

async function attachDetails(db: Executor, rows: EventRow[]): Promise<EventRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stats, accommodations] = await Promise.all([
    db.selectFrom('event_stats').selectAll().where('event_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('event_accommodations').selectAll().where('event_id', 'in', ids).orderBy('position').execute(),
  ]);
  return rows.map((row) => ({
    eventNumber: row.event_number,
    eventType: row.event_type,
    name: row.name,
    description: row.description,
    location: row.location,
    eventDate: row.event_date,
    startTime: row.start_time,
    image: parseJsonColumn<EventImage>(row.image_json),
    active: row.active === 1,
    showSponsor: row.show_sponsor === 1,
    sponsor: parseJsonColumn<EventSponsor>(row.sponsor_json),
    stats: stats.filter((s) => s.event_id === row.id).map((s) => ({ priceCents: s.price_cents, text: s.text })),
    accommodations: accommodations.filter((a) => a.event_id === row.id).map((a) => ({ icon: a.icon, text: a.text })),
    proceeds: row.proceeds,
    partnershipFlyer: row.partnership_flyer,
    rulesFlyer: row.rules_flyer,
    capacity: row.capacity,
    published: row.published === 1,
    signup: signupRulesOfRow(row),
    updatedAt: row.updated_at,
  }));
}

export async function listEvents(db: Executor, { drafts = false }: { drafts?: boolean } = {}): Promise<EventRecord[]> {
  let query = db.selectFrom('events').selectAll().orderBy('event_number', 'desc');
  if (!drafts) query = query.where('published', '=', 1);
  return attachDetails(db, await query.execute());
}

export async function listUpcomingEvents(db: Executor, today: string): Promise<EventRecord[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('active', '=', 1)
    .where('published', '=', 1)
    .where('event_date', '>=', today)
    .orderBy('event_date')
    .orderBy('start_time')
    .orderBy('event_number')
    .execute();
  return attachDetails(db, rows);
}

/** Drafts only when asked: the public site never sees one. */
export async function findEventByNumber(db: Executor, eventNumber: number, { drafts = false }: { drafts?: boolean } = {}): Promise<EventRecord | null> {
  let query = db.selectFrom('events').selectAll().where('event_number', '=', eventNumber);
  if (!drafts) query = query.where('published', '=', 1);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [event] = await attachDetails(db, [row]);
  return event ?? null;
}

export async function upsertEvent(db: Executor, input: EventInput): Promise<void> {
  const now = nowIso();
  const rules = { ...defaultSignupRules(input.eventType), ...input.signup };
  const values = {
    event_type: input.eventType,
    name: input.name,
    description: input.description,
    location: input.location,
    event_date: input.eventDate,
    start_time: input.startTime,
    image_json: toJsonColumn(input.image),
    active: input.active ? 1 : 0,
    show_sponsor: input.show_sponsor ? 1 : 0,
    sponsor_json: toJsonColumn(input.sponsor),
    proceeds: input.proceeds,
    partnership_flyer: input.partnership_flyer,
    rules_flyer: input.rules_flyer,
    capacity: input.capacity,
    published: input.published === false ? 0 : 1,
    price_cents: rules.priceCents,
    child_price_cents: rules.childPriceCents,
    players_per_team: rules.playersPerTeam,
    signup_opens_on: rules.opensOn,
    signup_closes_on: rules.closesOn,
    refund_days_before: rules.refundDaysBefore,
    fair_value_cents: rules.fairValueCents,
    child_fair_value_cents: rules.childFairValueCents,
    updated_at: now,
  };
  const existing = await db
    .selectFrom('events')
    .select('id')
    .where('event_number', '=', input.eventNumber)
    .executeTakeFirst();
  let eventId: number;
  if (existing) {
    eventId = existing.id;
    await db.updateTable('events').set(values).where('id', '=', eventId).execute();
    await db.deleteFrom('event_stats').where('event_id', '=', eventId).execute();
    await db.deleteFrom('event_accommodations').where('event_id', '=', eventId).execute();
  } else {
    const inserted = await db
      .insertInto('events')
      .values({ ...values, event_number: input.eventNumber, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = inserted.id;
  }
  if (input.stats.length > 0) {
    await db
      .insertInto('event_stats')
      .values(input.stats.map((s, i) => ({ event_id: eventId, position: i + 1, price_cents: s.priceCents, text: s.text })))
      .execute();
  }
  if (input.accomodations.length > 0) {
    await db
      .insertInto('event_accommodations')
      .values(input.accomodations.map((a, i) => ({ event_id: eventId, position: i + 1, icon: a.icon, text: a.text })))
      .execute();
  }
}

/** Numbers are never reused, so a deleted draft's stays gone. */
export async function nextEventNumber(db: Executor): Promise<number> {
  const { top } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('event_number').as('top'))
    .executeTakeFirstOrThrow();
  return Number(top ?? 0) + 1;
}

export async function setEventPublished(db: Executor, eventNumber: number, published: boolean): Promise<void> {
  await db
    .updateTable('events')
    .set({ published: published ? 1 : 0, updated_at: nowIso() })
    .where('event_number', '=', eventNumber)
    .execute();
}

/**
 * A write that changes nothing, so a publish on another connection waits for this transaction.
 * Portable: SQLite has no SELECT … FOR UPDATE.
 */
export async function lockEvent(db: Transaction<Database>, eventNumber: number): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({ published: eb.ref('published') }))
    .where('event_number', '=', eventNumber)
    .execute();
}
