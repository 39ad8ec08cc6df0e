import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { appendAudit } from '../../server/db/repositories/audit-log';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-server';

/** The audit log is append-only in the database itself, whatever statement tries to rewrite a row. */

let database: TestDatabase;
let db: Db;
let id: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'sqlite', file: database.url });
  await migrateToLatest(db, testDbKind());
  await appendAudit(db, { at: new Date().toISOString(), staffId: null, staffEmail: 'admin@example.org', action: 'refund', subject: 'payment:1', summary: 'Refunded $20.00 of payment 1', before: null, after: null, address: null });
  id = Number((await db.selectFrom('audit_log').select('id').executeTakeFirstOrThrow()).id);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const forged = () => sql`(id, at, staff_email, action, subject, summary) values (${id}, ${new Date().toISOString()}, ${'nobody@example.org'}, ${'refund'}, ${'payment:1'}, ${'nothing happened'})`;
const entry = () => db.selectFrom('audit_log').select(['summary', 'staff_email']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the audit log refuses rewrites', () => {
  it.runIf(testDbKind() === 'sqlite')('INSERT OR REPLACE and REPLACE INTO of an existing id (SQLite deletes without firing DELETE triggers)', async () => {
    await expect(sql`insert or replace into audit_log ${forged()}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`replace into audit_log ${forged()}`.execute(db)).rejects.toThrow(/append-only/);
    expect(await entry()).toEqual({ summary: 'Refunded $20.00 of payment 1', staff_email: 'admin@example.org' });
  });

  it('INSERT … ON CONFLICT DO UPDATE of an existing id', async () => {
    await expect(sql`insert into audit_log ${forged()} on conflict (id) do update set summary = excluded.summary, staff_email = excluded.staff_email`.execute(db)).rejects.toThrow(/append-only/);
    expect(await entry()).toEqual({ summary: 'Refunded $20.00 of payment 1', staff_email: 'admin@example.org' });
  });

  it('still appends new entries', async () => {
    await appendAudit(db, { at: new Date().toISOString(), staffId: null, staffEmail: 'admin@example.org', action: 'resend', subject: 'payment:1', summary: 'Sent it again', before: null, after: null, address: null });
    expect(Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(2);
  });
});
