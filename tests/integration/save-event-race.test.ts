import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { StaffActor } from '../../common/back-office';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { findEventByNumber, setEventPublished } from '../../server/db/repositories/events';
import { createContentEditing } from '../../server/domain/back-office/content-editing';
import { databaseMediaStore } from '../../server/domain/media/media-store';
import { createTestEvent, golfEventFields } from '../helpers/events';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-server';

/**
 * Security review 2026-11-27, #13: a volunteer's save whose "published?" check passed just before an
 * admin published the event must not land on the published event. The race is made certain here:
 * the admin's publish commits between saveEvent's early check and its transaction.
 */

let database: TestDatabase;
let db: Db;
const volunteer: StaffActor = { id: 2, email: 'volunteer@example.org', role: 'volunteer', address: null };

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'sqlite', file: database.url });
  await migrateToLatest(db, testDbKind());
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** The database as saveEvent sees it, but `beforeTransaction` runs (and commits) just before its transaction starts. */
function withHookBeforeTransaction(real: Db, beforeTransaction: () => Promise<void>): Db {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => ({
          execute: async <T>(work: Parameters<ReturnType<Db['transaction']>['execute']>[0]) => {
            await beforeTransaction();
            return target.transaction().execute(work) as Promise<T>;
          },
        });
      }
      const value: unknown = Reflect.get(target, prop);
      // Kysely keeps its state in private fields: its methods must run on the real object.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const golfForm = (name: string) => golfEventFields(name);

describe('saveEvent and a publish racing it', () => {
  it('refuses a volunteer whose early check passed when an admin published the event before the write', async () => {
    const eventNumber = await createTestEvent(db, { eventNumber: 901, name: 'Draft scramble', published: false });
    const editing = createContentEditing({ db: withHookBeforeTransaction(db, () => setEventPublished(db, eventNumber, true)), store: databaseMediaStore(), logger: pino({ level: 'silent' }) });
    const result = await editing.saveEvent(volunteer, eventNumber, golfForm('Changed by the volunteer'));
    expect(result).toEqual({ ok: false, errors: { form: 'Only an admin can change a published event. Duplicate it to prepare a draft, or ask an admin.' } });
    const event = await findEventByNumber(db, eventNumber, { drafts: true });
    expect(event).toMatchObject({ name: 'Draft scramble', published: true });
    expect(await db.selectFrom('audit_log').select('id').where('subject', '=', `event:${eventNumber}`).execute()).toEqual([]);
  });

  it('still saves a volunteer\'s change to a draft that stays a draft', async () => {
    const eventNumber = await createTestEvent(db, { eventNumber: 902, name: 'Quiet draft', published: false });
    const editing = createContentEditing({ db: withHookBeforeTransaction(db, async () => {}), store: databaseMediaStore(), logger: pino({ level: 'silent' }) });
    const result = await editing.saveEvent(volunteer, eventNumber, golfForm('Quiet draft, edited'));
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    expect(await findEventByNumber(db, eventNumber, { drafts: true })).toMatchObject({ name: 'Quiet draft, edited', published: false });
  });
});
