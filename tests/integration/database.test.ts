import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { countPages } from '../../server/db/repositories/content';
import { listEvents } from '../../server/db/repositories/events';
import { seedContent } from '../../server/db/seed';
import { createTestDatabase, PROJECT_ROOT, testDbKind, type TestDatabase } from '../helpers/test-server';
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

  it('allows one paid record per payment intent and keeps money in positive whole cents', async () => {
    const donation = { amount_cents: 2000, email: 'd@example.org', message: '', status: 'paid' as const, payment_intent_id: 'pi_1', created_at: now };
    await db.insertInto('donations').values(donation).execute();
    await expect(db.insertInto('donations').values(donation).execute()).rejects.toThrow(/unique|UNIQUE/);
    await expect(
      db.insertInto('donations').values({ ...donation, payment_intent_id: 'pi_2', amount_cents: 0 }).execute(),
    ).rejects.toThrow(/check|CHECK/);
    await expect(
      db.insertInto('donations').values({ ...donation, payment_intent_id: 'pi_3', status: 'maybe' as 'paid' }).execute(),
    ).rejects.toThrow(/check|CHECK/);
    // Pending records have no intent yet: several may wait at once.
    await db.insertInto('donations').values({ ...donation, status: 'pending', payment_intent_id: null }).execute();
    await db.insertInto('donations').values({ ...donation, status: 'pending', payment_intent_id: null }).execute();
  });

  it('enforces foreign keys', async () => {
    await expect(
      db
        .insertInto('signups')
        .values({ user_id: 9999, event_id: 9999, kind: 'golf', amount_cents: 40000, receipt_email: 'x@example.org', status: 'pending', created_at: now })
        .execute(),
    ).rejects.toThrow(/foreign key|FOREIGN KEY/i);
  });

  it('seeds content/ idempotently: a second run updates, never duplicates', async () => {
    const contentDir = path.join(PROJECT_ROOT, 'content');
    const first = await seedContent(db, contentDir);
    const eventsAfterFirst = await listEvents(db);
    const second = await seedContent(db, contentDir);
    expect(second).toEqual(first);
    expect(await countPages(db)).toBe(first.pages);
    const eventsAfterSecond = await listEvents(db);
    expect(eventsAfterSecond).toEqual(eventsAfterFirst);
    expect(eventsAfterSecond.map((e) => e.stats.length)).toEqual(eventsAfterFirst.map((e) => e.stats.length));
    const announcements = await db.selectFrom('announcements').select('heading').execute();
    expect(announcements).toHaveLength(first.announcements);
  });

  it('refuses a broken content folder without writing anything', async () => {
    const fresh = await createTestDatabase();
    const freshDb = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: fresh.url } : { kind: 'sqlite', file: fresh.url });
    try {
      await migrateToLatest(freshDb, testDbKind());
      await expect(seedContent(freshDb, path.join(PROJECT_ROOT, 'tests'))).rejects.toThrow(/\.json/);
      expect(await countPages(freshDb)).toBe(0);
    } finally {
      await freshDb.destroy();
      await fresh.drop();
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
