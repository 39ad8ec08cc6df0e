import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { DialectMigrationProvider } from '../../server/db/migrations/index';
import { placesTaken } from '../../server/db/repositories/signups';
import { countPages } from '../../server/db/repositories/content';
import { listEvents } from '../../server/db/repositories/events';
import { seedContent } from '../../server/db/seed';
import { pageKeys } from '../../common/content';
import { materializeFixtureContent } from '../fixtures/fixture-content';
import { createTestDatabase, testContent, testContentDir, testDbKind, type TestDatabase } from '../helpers/test-server';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let database: TestDatabase;
let db: Db;
const now = new Date().toISOString();

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'sqlite', file: database.url });
  const applied = await migrateToLatest(db, testDbKind());
  // Every migration, oldest first, on a fresh database.
  expect(applied[0]).toBe('20261122T020000-initial-schema');
  expect(applied).toEqual([...applied].sort());
  expect(applied).toContain('20261122T090000-accounts');
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const user = (username: string, email: string) => ({
  first: 'Ada',
  last: 'Lovelace',
  username,
  email,
  password_hash: 'argon2id$placeholder',
  created_at: now,
  updated_at: now,
});

describe(`schema on ${testDbKind()}`, () => {
  it('migrating again applies nothing', async () => {
    expect(await migrateToLatest(db, testDbKind())).toEqual([]);
  });

  it('keeps usernames and emails unique regardless of case', async () => {
    await db.insertInto('users').values(user('Ada.L', 'ada@example.org')).execute();
    await expect(db.insertInto('users').values(user('ada.l', 'other@example.org')).execute()).rejects.toThrow(/unique|UNIQUE/);
    await expect(db.insertInto('users').values(user('someone', 'ADA@example.org')).execute()).rejects.toThrow(/unique|UNIQUE/);
    await db.insertInto('users').values(user('grace', 'grace@example.org')).execute();
  });

  it('allows one record per payment intent, keeps money in positive whole cents and refunds within the amount', async () => {
    const payment = (overrides: Record<string, unknown> = {}) => ({
      purpose: 'donation' as const,
      amount_cents: 2000,
      status: 'paid' as const,
      gateway_key: `key-${Math.random()}`,
      intent_id: 'pi_1',
      created_at: now,
      updated_at: now,
      expires_at: now,
      ...overrides,
    });
    const first = await db.insertInto('payments').values(payment()).returning('id').executeTakeFirstOrThrow();
    await expect(db.insertInto('payments').values(payment()).execute()).rejects.toThrow(/unique|UNIQUE/);
    await expect(db.insertInto('payments').values(payment({ intent_id: 'pi_2', amount_cents: 0 })).execute()).rejects.toThrow(/check|CHECK/);
    await expect(db.insertInto('payments').values(payment({ intent_id: 'pi_3', status: 'maybe' })).execute()).rejects.toThrow(/check|CHECK/);
    await expect(db.insertInto('payments').values(payment({ intent_id: 'pi_4', refunded_cents: 2001 })).execute()).rejects.toThrow(/check|CHECK/);
    await expect(db.insertInto('payments').values(payment({ intent_id: 'pi_5', gateway_key: 'same' })).execute()).resolves.toBeDefined();
    await expect(db.insertInto('payments').values(payment({ intent_id: 'pi_6', gateway_key: 'same' })).execute()).rejects.toThrow(/unique|UNIQUE/);
    // Pending payments have no intent yet: several may wait at once.
    await db.insertInto('payments').values(payment({ status: 'pending', intent_id: null })).execute();
    await db.insertInto('payments').values(payment({ status: 'pending', intent_id: null })).execute();
    // One donation per payment.
    await db.insertInto('donations').values({ payment_id: first.id, email: 'd@example.org', message: '', created_at: now }).execute();
    await expect(db.insertInto('donations').values({ payment_id: first.id, email: 'd@example.org', message: '', created_at: now }).execute()).rejects.toThrow(/unique|UNIQUE/);
  });

  it('enforces foreign keys', async () => {
    await expect(
      db
        .insertInto('signups')
        .values({ payment_id: 9999, event_id: 9999, kind: 'golf', receipt_email: 'x@example.org', hold_expires_at: null, created_at: now })
        .execute(),
    ).rejects.toThrow(/foreign key|FOREIGN KEY/i);
  });

  it('seeds a content folder idempotently: a second run updates, never duplicates', async () => {
    const content = testContent();
    const first = await seedContent(db, testContentDir());
    expect(first).toEqual({ pages: pageKeys.length, events: content.events.length, announcements: content.home.announcements.length, keptStaffEdits: [] });
    const eventsAfterFirst = await listEvents(db);
    expect(eventsAfterFirst.map((e) => e.name).sort()).toEqual(content.events.map((e) => e.name).sort());
    const second = await seedContent(db, testContentDir());
    expect(second).toEqual(first);
    expect(await countPages(db)).toBe(first.pages);
    const eventsAfterSecond = await listEvents(db);
    const withoutTimes = (events: typeof eventsAfterFirst) => events.map(({ updatedAt: _at, ...rest }) => rest);
    expect(withoutTimes(eventsAfterSecond)).toEqual(withoutTimes(eventsAfterFirst));
    expect(eventsAfterSecond.map((e) => e.stats.length)).toEqual(eventsAfterFirst.map((e) => e.stats.length));
    const announcements = await db.selectFrom('announcements').select('heading').execute();
    expect(announcements.map((a) => a.heading).sort()).toEqual(content.home.announcements.map((a) => a.heading).sort());
  });

  it('refuses a broken content folder without writing anything', async () => {
    const fresh = await createTestDatabase();
    const freshDb = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: fresh.url } : { kind: 'sqlite', file: fresh.url });
    // Copies of the fixture: one with every page valid but one event not (files are all checked
    // before anything is written), one without a page file.
    const badEvent = materializeFixtureContent();
    const missingPage = materializeFixtureContent();
    try {
      await migrateToLatest(freshDb, testDbKind());
      const eventsFile = path.join(badEvent.dir, 'events.json');
      const events = JSON.parse(readFileSync(eventsFile, 'utf8')) as { eventDate: string }[];
      events.at(-1)!.eventDate = '2000-02-30';
      writeFileSync(eventsFile, JSON.stringify(events));
      await expect(seedContent(freshDb, badEvent.dir)).rejects.toThrow(new RegExp(`events\\.json: ${events.length - 1}\\.eventDate`));
      rmSync(path.join(missingPage.dir, 'staff.json'));
      await expect(seedContent(freshDb, missingPage.dir)).rejects.toThrow(/staff\.json/);
      expect(await countPages(freshDb)).toBe(0);
      expect(await listEvents(freshDb)).toEqual([]);
    } finally {
      badEvent.remove();
      missingPage.remove();
      await freshDb.destroy();
      await fresh.drop();
    }
  });
});

describe(`the payment-core migration on ${testDbKind()}`, () => {
  it('moves existing donations and sign-ups onto payments, keeping their ids, states and people', async () => {
    const old = await createTestDatabase();
    const oldDb = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: old.url } : { kind: 'sqlite', file: old.url });
    try {
      const migrator = new Migrator({ db: oldDb, provider: new DialectMigrationProvider(testDbKind()) });
      const before = await migrator.migrateTo('20261122T100000-payment-webhooks');
      expect(before.error).toBeUndefined();
      const raw = oldDb as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the old tables
      const userId = (await raw.insertInto('users').values(user('old.user', 'old@example.org')).returning('id').executeTakeFirstOrThrow()).id;
      const eventId = (
        await raw
          .insertInto('events')
          .values({ event_number: 1, event_type: 'Benefit Event', name: 'Old fry', description: '', location: 'Hall', event_date: '2026-01-01', created_at: now, updated_at: now, capacity: 100 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await raw
        .insertInto('donations')
        .values([
          { id: 7, user_id: userId, amount_cents: 2500, email: 'old@example.org', message: 'hi', status: 'paid', payment_intent_id: 'pi_old_1', created_at: now, paid_at: now },
          { id: 8, user_id: null, amount_cents: 500, email: 'anon@example.org', message: '', status: 'pending', payment_intent_id: 'pi_old_2', created_at: now, paid_at: null },
        ])
        .execute();
      const holdUntil = new Date(Date.now() + 600_000).toISOString();
      await raw
        .insertInto('signups')
        .values({ id: 11, user_id: userId, event_id: eventId, kind: 'steakfry', amount_cents: 4000, receipt_email: 'old@example.org', places: 2, status: 'pending', payment_intent_id: 'pi_old_3', hold_expires_at: holdUntil, created_at: now })
        .execute();
      await raw.insertInto('signup_attendees').values([{ signup_id: 11, position: 1, name: 'Pat', allergies: null, child: 0 }, { signup_id: 11, position: 2, name: 'Sam', allergies: 'nuts', child: 1 }]).execute();
      if (testDbKind() === 'postgres') {
        // Explicit ids above: move the sequences past them, as rows made by the site would have.
        await sql`select setval(pg_get_serial_sequence('donations', 'id'), 8)`.execute(oldDb);
        await sql`select setval(pg_get_serial_sequence('signups', 'id'), 11)`.execute(oldDb);
      }

      expect(await migrateToLatest(oldDb, testDbKind())).toContain('20261123T100000-payment-core');
      const donations = await oldDb.selectFrom('donations').innerJoin('payments', 'payments.id', 'donations.payment_id').selectAll().orderBy('donations.id').execute();
      expect(donations.map((d) => [d.email, d.purpose, d.status, d.amount_cents, d.intent_id, d.user_id])).toEqual([
        ['old@example.org', 'donation', 'paid', 2500, 'pi_old_1', userId],
        ['anon@example.org', 'donation', 'pending', 500, 'pi_old_2', null],
      ]);
      const signup = await oldDb.selectFrom('signups').innerJoin('payments', 'payments.id', 'signups.payment_id').selectAll().executeTakeFirstOrThrow();
      expect(signup).toMatchObject({ kind: 'steakfry', places: 2, status: 'pending', amount_cents: 4000, intent_id: 'pi_old_3', user_id: userId, hold_expires_at: holdUntil });
      expect((await oldDb.selectFrom('signup_attendees').select('name').where('signup_id', '=', 11).orderBy('position').execute()).map((a) => a.name)).toEqual(['Pat', 'Sam']);
      expect(new Set((await oldDb.selectFrom('payments').select('gateway_key').execute()).map((p) => p.gateway_key)).size).toBe(3);
      expect(await placesTaken(oldDb, eventId, now)).toBe(2);
      // The ids carry on after the old ones.
      const next = await oldDb.insertInto('signups').values({ payment_id: donations[0]!.payment_id + 100, event_id: eventId, kind: 'golf', receipt_email: 'x@example.org', hold_expires_at: null, created_at: now }).execute().catch((e: unknown) => e);
      expect(String(next)).toMatch(/foreign key|FOREIGN KEY/i); // the foreign keys hold after the swap
    } finally {
      await oldDb.destroy();
      await old.drop();
    }
  });
});

describe(`the fair-value snapshot migration on ${testDbKind()}`, () => {
  it("gives each existing sign-up its event's value received of the day it runs", async () => {
    const old = await createTestDatabase();
    const oldDb = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: old.url } : { kind: 'sqlite', file: old.url });
    try {
      const migrator = new Migrator({ db: oldDb, provider: new DialectMigrationProvider(testDbKind()) });
      expect((await migrator.migrateTo('20261126T130000-monthly-gifts')).error).toBeUndefined();
      const raw = oldDb as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables before the migration
      const event = (values: Record<string, unknown>) =>
        raw
          .insertInto('events')
          .values({ event_type: 'Benefit Event', description: '', location: 'Hall', event_date: '2026-12-01', created_at: now, updated_at: now, ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
      const supper = await event({ event_number: 1, name: 'Supper', fair_value_cents: 1_500, child_fair_value_cents: 800 });
      const free = await event({ event_number: 2, name: 'Free supper' });
      for (const [i, eventId] of [supper.id, free.id].entries()) {
        const payment = await raw
          .insertInto('payments')
          .values({ purpose: 'signup', amount_cents: 4_000, status: 'paid', gateway_key: `snapshot-${i}`, intent_id: `pi_snapshot_${i}`, created_at: now, updated_at: now, expires_at: now, paid_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await raw.insertInto('signups').values({ payment_id: payment.id, event_id: eventId, kind: 'steakfry', receipt_email: 'old@example.org', places: 2, hold_expires_at: null, created_at: now }).execute();
      }

      expect(await migrateToLatest(oldDb, testDbKind())).toContain('20261126T150000-fair-value-snapshot');
      const rows = await oldDb.selectFrom('signups').select(['event_id', 'fair_value_cents', 'child_fair_value_cents']).orderBy('id').execute();
      expect(rows).toEqual([
        { event_id: supper.id, fair_value_cents: 1_500, child_fair_value_cents: 800 },
        { event_id: free.id, fair_value_cents: 0, child_fair_value_cents: 0 },
      ]);
      await expect(oldDb.updateTable('signups').set({ fair_value_cents: -1 }).execute()).rejects.toThrow(/check|CHECK/);
    } finally {
      await oldDb.destroy();
      await old.drop();
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('PostgreSQL connections', () => {
  it('survive the server closing idle connections: the loss is reported, the next query works', async () => {
    const lost: Error[] = [];
    const url = new URL(database.url);
    url.searchParams.set('application_name', 'dropped-connections-test');
    const own = createDatabase({ kind: 'postgres', url: url.toString() }, (error) => lost.push(error));
    try {
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(own))); // a few idle connections
      const admin = createDatabase({ kind: 'postgres', url: database.url });
      const terminated = await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where application_name = 'dropped-connections-test' and state = 'idle'`.execute(admin);
      await admin.destroy();
      expect(terminated.rows.length).toBeGreaterThan(0);
      // Each dropped connection is reported (instead of an uncaught error that would stop the process).
      await expect.poll(() => lost.length).toBe(terminated.rows.length);
      const row = await sql<{ one: number }>`select 1 as one`.execute(own);
      expect(row.rows).toEqual([{ one: 1 }]);
    } finally {
      await own.destroy();
    }
  });
});
