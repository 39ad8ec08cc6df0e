import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseTarget, type Db } from '../../server/db/database';
import { listTables } from '../../server/db/database-tables';
import { migrateToLatest, schemaState } from '../../server/db/migrate';
import { DialectMigrationProvider, knownMigrations } from '../../server/db/migrations/index';
import { insertMedia } from '../../server/db/repositories/media';
import { issueSetUpLink } from '../../server/domain/staff/staff-management';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { runCommand } from '../helpers/commands';
import { createTestEvent } from '../helpers/events';
import { startLocalBucket, type LocalBucket } from '../helpers/s3-bucket';
import { csrfOf, pageForm, postForm, setUpStaff, submit } from '../helpers/staff';
import { createTestDatabase, startTestServer, testDbKind, type ApiClient, type TestDatabase, type TestServer } from '../helpers/test-server';
import { uniquePicture, uploadThroughBackOffice } from '../helpers/uploads';

/**
 * ADR 033: backups that are proven to restore. Payments, sign-ups, a refund, accounts,
 * content edits and an upload are made on a running site; `npm run db:backup` (the compiled
 * command, as production runs it) copies the database while donations keep arriving; `npm run
 * db:restore` puts it into a fresh database of the same kind, which must hold the same ledger,
 * accounts, content and uploads, row by row. Then the guards: a database that holds data is refused
 * without --force, --force replaces it completely, retention deletes only its own oldest files, a
 * file that is not a backup (or is damaged) changes nothing, uploads kept in a bucket go back into
 * a bucket, and an older backup is brought up to this version's schema.
 */

const kind = testDbKind();
const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
const backupDir = path.join(work, 'backups');
const BACKUP_NAME = /^Backup written: (\S+\/foundation-\d{4}-\d{2}-\d{2}T\d{6}Z\.(sqlite|pgdump)(\.tar)?) \(.+\)\.$/m;

/** The tables compared row by row: the ledger, the accounts, the content and the uploads. */
const COMPARED = [
  'payments',
  'donations',
  'signups',
  'signup_players',
  'refunds',
  'users',
  'staff',
  'site_content',
  'content_versions',
  'events',
  'announcements',
  'audit_log',
  'media',
  'media_files',
] as const;

const targetOf = (database: TestDatabase): DatabaseTarget => (kind === 'sqlite' ? { kind, file: database.url } : { kind, url: database.url });

/** What a command needs to work on a database: its URL and a data folder of its own. */
const envFor = (database: TestDatabase | string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: typeof database === 'string' ? database : database.url,
  DATA_DIR: path.join(work, 'data'),
  BACKUP_DIR: backupDir,
  ...extra,
});

/** One row as comparable text: columns in name order, bytes as their SHA-256. */
function canonical(row: Record<string, unknown>): string {
  const value = (v: unknown) => (v instanceof Uint8Array ? `sha256:${createHash('sha256').update(v).digest('hex')}` : v);
  return JSON.stringify(Object.keys(row).sort().map((column) => [column, value(row[column])]));
}

async function rowsOf(db: Db, table: string): Promise<Record<string, unknown>[]> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
}

/** Every row of each table, as sorted comparable text. */
async function snapshot(db: Db, tables: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) out[table] = (await rowsOf(db, table)).map(canonical).sort();
  return out;
}

/** Rows of `expected` that `actual` does not have, per table (empty when every one is there). */
function missingRows(expected: Record<string, string[]>, actual: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(expected)) {
    const have = new Set(actual[table] ?? []);
    const missing = rows.filter((row) => !have.has(row));
    if (missing.length > 0) out[table] = missing.slice(0, 3);
  }
  return out;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withDatabase<T>(database: TestDatabase, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase(targetOf(database));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const tablesIn = (database: TestDatabase) => withDatabase(database, (db) => listTables(db, kind));

function backupFileOf(stdout: string): string {
  const match = BACKUP_NAME.exec(stdout);
  expect(match, stdout).not.toBeNull();
  return match![1]!;
}

let nextDonor = 0;
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;

/** A donation made as a browser makes it: intent, card, save. Answers the intent id. */
async function donate(client: ApiClient, amount: string, email: string, headers: Record<string, string> = {}): Promise<string> {
  if (!client.xsrfToken) await client.get('/api/events/upcoming');
  const intent = await client.post('/api/stripe/donation_intent', { amount, email, message: 'For the families' }, { headers });
  expect(intent.status, JSON.stringify(intent.json)).toBe(201);
  const secret = intent.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  const saved = await client.post('/api/stripe/save_donation', { token: secret, amount, email, message: 'For the families' }, { headers });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return intentIdOf(secret);
}

const golfTeam = (eventNumber: number, email: string) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail: email,
  ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Player ${n}`], [`player${n}Email`, n === 1 ? email : ''], [`player${n}ShirtSize`, 'L']])),
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a site with a history, backed up while it runs', () => {
  let live: TestServer;
  /** The database the first backup was restored into; the later guards work on it. */
  let restored: TestDatabase | undefined;
  let donor: { email: string; password: string };
  let upload: { key: string; name: string };

  const liveUrl = () => (live.config.database.kind === 'sqlite' ? live.config.database.file : live.config.database.url);

  beforeAll(async () => {
    live = await startTestServer({ pages: 'build' });
    // Accounts and payments: a signed-in donor's gift, an anonymous gift, a golf team.
    const donorClient = live.client();
    const user = await signedInUser(donorClient, 'donor');
    donor = { email: user.account.email, password: user.account.password };
    await donate(donorClient, '50.00', user.account.email, user.authorization);
    await donate(live.client(), '20.00', 'anonymous.giver@example.org');

    const eventNumber = await createTestEvent(live.db, { eventNumber: 970, eventType: 'Golf Event' });
    const captainClient = live.client();
    const captain = await signedInUser(captainClient, 'captain');
    const intent = await captainClient.post('/api/stripe/golf_signup_intent', golfTeam(eventNumber, captain.account.email), { headers: captain.authorization });
    expect(intent.status, JSON.stringify(intent.json)).toBe(201);
    const secret = intent.json.clientSecret as string;
    expect((await payWithCard(captainClient, secret)).status).toBe(200);
    expect((await captainClient.post('/api/stripe/save_golf_signup', { token: secret, amount: '400.00' }, { headers: captain.authorization })).status).toBe(200);
    const teamPayment = await live.db.selectFrom('payments').select('id').where('intent_id', '=', intentIdOf(secret)).executeTakeFirstOrThrow();

    // The back office: a refund, a page edit and an upload, each audited.
    const admin = live.client();
    await setUpStaff(live, admin, 'admin');
    const paymentPage = await admin.get(`/admin/payments/${teamPayment.id}`);
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(paymentPage.text)![1]!;
    const refund = await postForm(admin, `/admin/payments/${teamPayment.id}`, { csrf: csrfOf(paymentPage.text), intent: 'refund', amount: '', everything: 'yes', reason: 'requested_by_customer', note: 'Team cannot come', requestKey });
    expect(refund.status).toBe(200);
    expect(refund.text).toContain('Refunded $400.00.');
    const edit = await submit(admin, '/admin/pages/golfers', { ...(await pageForm(live.db, 'golfers')), intent: 'publish', heading: 'Golf professionals, restored' });
    expect(edit.text).toContain('Published: the page shows the change now.');
    const uploaded = await uploadThroughBackOffice(admin, { bytes: await uniquePicture(), name: 'drill.png', type: 'image/png' }, 'A picture that must survive a restore');
    expect(uploaded.status, uploaded.text.slice(0, 300)).toBe(200);
    const media = await live.db.selectFrom('media').innerJoin('media_files', 'media_files.media_id', 'media.id').select(['media.key', 'media_files.name', 'media.storage']).orderBy('media_files.name').executeTakeFirstOrThrow();
    expect(media.storage).toBe('database');
    upload = { key: media.key, name: media.name };
  });

  afterAll(async () => {
    await live?.close();
    await restored?.drop();
  });

  it('restores, from a backup taken while donations kept arriving, the same ledger, accounts, content and uploads', { timeout: 60_000 }, async () => {
    const before = await snapshot(live.db, COMPARED);
    const paymentsBefore = new Set((await live.db.selectFrom('payments').select('id').execute()).map((p) => Number(p.id)));

    // Two donors keep giving, each gift from a browser (and an address) of its own, all through the backup.
    let stop = false;
    let completed = 0;
    const keepGiving = async () => {
      while (!stop) {
        await donate(live.client(), '25.00', `steady.${nextDonor++}@example.org`);
        completed += 1;
      }
    };
    const donors = [keepGiving(), keepGiving()];
    let backup;
    try {
      await until(() => completed >= 4, 'the first gifts');
      backup = await runCommand('db-backup', [], envFor(liveUrl()));
      const atEnd = completed;
      await until(() => completed >= atEnd + 4, 'gifts after the backup');
    } finally {
      stop = true;
      await Promise.all(donors);
    }

    expect(backup.code, backup.stderr).toBe(0);
    const file = backupFileOf(backup.stdout);
    expect(path.basename(file)).toMatch(kind === 'sqlite' ? /\.sqlite$/ : /\.pgdump$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(backupDir)).toEqual([path.basename(file)]); // no temporary file left beside it

    restored = await createTestDatabase();
    const restore = await runCommand('db-restore', [file], envFor(restored));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file} into`);
    expect(restore.stdout).toContain('no migration was needed');

    await withDatabase(restored, async (db) => {
      // Everything made before the backup is there, row for row.
      expect(missingRows(before, await snapshot(db, COMPARED))).toEqual({});

      // The gifts made during the backup: a consistent moment of them, not a torn copy.
      const restoredPayments = new Map((await rowsOf(db, 'payments')).map((p) => [Number(p.id), p]));
      const livePayments = new Map((await rowsOf(live.db, 'payments')).map((p) => [Number(p.id), p]));
      const duringBackup = [...restoredPayments.keys()].filter((id) => !paymentsBefore.has(id));
      const allDuring = [...livePayments.keys()].filter((id) => !paymentsBefore.has(id));
      expect(duringBackup.length, 'the backup holds gifts made while the load ran').toBeGreaterThan(0);
      expect(duringBackup.length, 'and gifts went on after it').toBeLessThan(allDuring.length);
      for (const id of duringBackup) {
        const copy = restoredPayments.get(id)!;
        const now = livePayments.get(id)!;
        if (copy.status === 'paid') {
          expect(canonical(copy)).toBe(canonical(now));
        } else {
          // Caught mid-payment (the intent is asked for, then recorded, then paid): the part decided at the start is the same.
          expect(copy.status, `payment ${id}`).toBe('pending');
          for (const column of ['purpose', 'amount_cents', 'gateway_key', 'user_id', 'created_at']) expect(copy[column], `payment ${id} ${column}`).toEqual(now[column]);
        }
      }
      // Each payment has its donation or sign-up, made in the same transaction, and the donation is as on the live site.
      const liveDonations = new Set((await rowsOf(live.db, 'donations')).map(canonical));
      const records = [...(await rowsOf(db, 'donations')), ...(await rowsOf(db, 'signups'))];
      expect(records.map((r) => Number(r.payment_id)).sort((a, b) => a - b)).toEqual([...restoredPayments.keys()].sort((a, b) => a - b));
      for (const donation of await rowsOf(db, 'donations')) expect(liveDonations.has(canonical(donation))).toBe(true);
    });
  });

  it('refuses to restore over a database that holds data, and leaves it as it was', async () => {
    const file = path.join(backupDir, readdirSync(backupDir)[0]!);
    await withDatabase(restored!, (db) => db.insertInto('rate_limits').values({ key: 'restore-test-marker', hits: 1, reset_at: '2099-01-01T00:00:00.000Z' }).execute());
    const tables = await tablesIn(restored!);
    const before = await withDatabase(restored!, (db) => snapshot(db, tables));

    const refused = await runCommand('db-restore', [file], envFor(restored!));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore failed: The database \S+ is not empty: it has \d+ tables \(.+\)\. Restoring replaces everything in it\. .*--force\.\n$/);
    expect(refused.stdout).toBe('');
    expect(await withDatabase(restored!, (db) => snapshot(db, tables))).toEqual(before);
  });

  it('with --force replaces everything in it: every table then equals the live database’s', async () => {
    // A quiet moment: no gift in flight and every receipt sent, so the live site stops changing.
    await until(async () => Number((await live.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n) === 0, 'the receipts to go out');
    const backup = await runCommand('db-backup', [], envFor(liveUrl()));
    expect(backup.code, backup.stderr).toBe(0);
    const tables = await listTables(live.db, kind);
    const expected = await snapshot(live.db, tables);

    const forced = await runCommand('db-restore', [backupFileOf(backup.stdout), '--force'], envFor(restored!));
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(', replacing what it held.');
    expect(await tablesIn(restored!)).toEqual(tables);
    const actual = await withDatabase(restored!, (db) => snapshot(db, tables));
    expect(missingRows(expected, actual)).toEqual({});
    expect(missingRows(actual, expected)).toEqual({}); // the marker row is gone with the rest
  });

  it.runIf(kind === 'postgres')('a restore that fails half-way changes nothing (one transaction)', async () => {
    const file = path.join(backupDir, readdirSync(backupDir).sort().at(-1)!);
    // A row the backup does not have: a restore that went through, even in part, would drop it.
    await withDatabase(restored!, (db) => db.insertInto('rate_limits').values({ key: 'half-way-marker', hits: 1, reset_at: '2099-01-01T00:00:00.000Z' }).execute());
    const tables = await tablesIn(restored!);
    const before = await withDatabase(restored!, (db) => snapshot(db, tables));
    // The database refuses the restore's CREATE INDEX statements: well after the old tables were dropped.
    await withDatabase(restored!, async (db) => {
      await sql`create schema restore_test`.execute(db);
      await sql.raw(`create function restore_test.refuse() returns event_trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`).execute(db);
      await sql`create event trigger restore_test_refuse on ddl_command_end when tag in ('CREATE INDEX') execute function restore_test.refuse()`.execute(db);
    });
    try {
      const failed = await runCommand('db-restore', [file, '--force'], envFor(restored!));
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/^Restore failed: The backup could not be restored \(.*refused by the test.*\)\. Nothing was changed\.\n$/);
      expect(await withDatabase(restored!, (db) => snapshot(db, tables))).toEqual(before);
    } finally {
      await withDatabase(restored!, async (db) => {
        await sql`drop event trigger restore_test_refuse`.execute(db);
        await sql`drop schema restore_test cascade`.execute(db);
      });
    }
  });

  it('serves the restored database: the donor signs in and sees the gift, the upload is served, new gifts get new ids', async () => {
    const site = await startTestServer({ pages: 'none', database: restored! });
    restored = undefined; // the server drops it when it closes
    try {
      const client = site.client();
      await client.get('/api/events/upcoming');
      const login = await client.post('/api/user/login', donor);
      expect(login.status).toBe(200);
      const dashboard = await client.request('GET', '/api/user/dashboard', { headers: { authorization: `Bearer ${login.json.token as string}` } });
      expect((dashboard.json as unknown as { donations: { amount: string }[] }).donations.map((d) => d.amount)).toEqual(['50.00']);

      const original = await fetch(`${live.url}/media/u/${upload.key}/${upload.name}`);
      const served = await fetch(`${site.url}/media/u/${upload.key}/${upload.name}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);

      const highest = await site.db.selectFrom('payments').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
      const intentId = await donate(site.client(), '30.00', 'after.restore@example.org');
      const made = await site.db.selectFrom('payments').select('id').where('intent_id', '=', intentId).executeTakeFirstOrThrow();
      expect(Number(made.id)).toBeGreaterThan(Number(highest.id));
    } finally {
      await site.close();
    }
  });

  it('keeps the newest BACKUP_KEEP backups and deletes only its own older files', async () => {
    const dir = path.join(work, 'kept');
    mkdirSync(dir);
    const oldBackups = ['foundation-2020-01-01T000000Z.sqlite', 'foundation-2020-01-02T000000Z.pgdump', 'foundation-2020-01-03T000000Z.sqlite.tar'];
    const others = ['notes.txt', 'foundation-2020-01-01T000000Z.sqlite.bak', 'foundation-latest.sqlite', '.partial-2020-01-01T000000Z-1.sqlite'];
    // Times given explicitly: under a faked date (npm run test:on-date) the kernel would still stamp
    // today, and the fresh partial file would look a day old and abandoned.
    const now = new Date();
    for (const name of [...oldBackups, ...others]) {
      writeFileSync(path.join(dir, name), name);
      utimesSync(path.join(dir, name), now, now);
    }
    mkdirSync(path.join(dir, 'foundation-2019-12-31T000000Z.sqlite')); // a folder, whatever its name

    const backup = await runCommand('db-backup', [], envFor(liveUrl(), { BACKUP_DIR: dir, BACKUP_KEEP: '2' }));
    expect(backup.code, backup.stderr).toBe(0);
    const made = path.basename(backupFileOf(backup.stdout));
    expect(backup.stdout).toContain(`Deleted 2 older backups (BACKUP_KEEP=2): ${oldBackups[0]}, ${oldBackups[1]}.`);
    expect(readdirSync(dir).sort()).toEqual([oldBackups[2]!, made, ...others, 'foundation-2019-12-31T000000Z.sqlite'].sort());
  });

  it('refuses a file that is not a backup, a damaged backup and a backup of the other kind, changing nothing', async () => {
    const empty = await createTestDatabase();
    try {
      const notBackup = path.join(work, 'notes.sqlite');
      writeFileSync(notBackup, 'Remember to water the plants.\n');
      const damaged = path.join(work, `damaged.${kind === 'sqlite' ? 'sqlite' : 'pgdump'}`);
      const good = path.join(backupDir, readdirSync(backupDir).sort().at(-1)!);
      copyFileSync(good, damaged);
      truncateSync(damaged, Math.floor(statSync(good).size * 0.6)); // a copy cut short
      const otherKind = path.join(work, 'other-kind');
      if (kind === 'sqlite') writeFileSync(otherKind, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(2000)]));
      else new SQLite(otherKind).exec('create table kysely_migration (name text)').close();

      const cases: [string, RegExp][] = [
        [notBackup, /is not a backup made by npm run db:backup: it is neither a SQLite database, a pg_dump archive nor a backup archive with uploads\./],
        [damaged, /damaged/],
        [otherKind, kind === 'sqlite' ? /is a PostgreSQL backup, but the configured database is SQLite/ : /is a SQLite backup, but DATABASE_URL is a PostgreSQL database/],
        [path.join(work, 'no-such-file.sqlite'), /no-such-file\.sqlite cannot be read \(ENOENT\)/],
      ];
      for (const [file, message] of cases) {
        const result = await runCommand('db-restore', [file], envFor(empty));
        expect(result.code, file).toBe(1);
        expect(result.stderr, file).toMatch(/^Restore failed: /);
        expect(result.stderr, file).toMatch(message);
        expect(result.stderr, file).not.toMatch(/\n\s+at /); // one message, no stack trace
        expect(await tablesIn(empty), file).toEqual([]);
      }
    } finally {
      await empty.drop();
    }
  });
});

describe('uploads kept in a media bucket', () => {
  let source: TestDatabase;
  let bucket: LocalBucket;
  let otherBucket: LocalBucket;
  const key = createHash('sha256').update(`backup-test-${Date.now()}`).digest('hex').slice(0, 20);
  const files = { '320.webp': Buffer.from(`small ${key}`), '640.webp': Buffer.from(`larger ${key}`) };

  beforeAll(async () => {
    [bucket, otherBucket] = await Promise.all([startLocalBucket(), startLocalBucket()]);
    source = await createTestDatabase();
    await withDatabase(source, async (db) => {
      await migrateToLatest(db, kind);
      const { staff } = await issueSetUpLink(db, { email: 'media.volunteer@foundation.test', role: 'volunteer' });
      await insertMedia(db, {
        key,
        kind: 'image',
        contentType: 'image/png',
        width: 640,
        height: 400,
        alt: 'Kept in the bucket',
        fileName: 'bucket.png',
        byteSize: 1234,
        storage: 's3',
        staffId: staff.id,
        published: true,
        files: Object.entries(files).map(([name, bytes]) => ({ name, contentType: 'image/webp', bytes: null, byteSize: bytes.length })),
      });
    });
    for (const [name, bytes] of Object.entries(files)) await bucket.put(`media/${key}/${name}`, bytes, 'image/webp');
  });

  afterAll(async () => {
    await source?.drop();
    await Promise.all([bucket?.close(), otherBucket?.close()]);
  });

  it('puts the bucket’s files in the backup, one tar archive, and back into a bucket on restore', async () => {
    const dir = path.join(work, 'with-bucket');
    const backup = await runCommand('db-backup', [], envFor(source, { BACKUP_DIR: dir, ...bucket.env() }));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/\(.+, with 2 files of uploads from the media bucket\)\.$/m);
    const file = backupFileOf(backup.stdout);
    expect(file.endsWith(`.${kind === 'sqlite' ? 'sqlite' : 'pgdump'}.tar`)).toBe(true);
    const members = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(members).toEqual([`database.${kind === 'sqlite' ? 'sqlite' : 'pgdump'}`, `bucket/${key}/320.webp`, `bucket/${key}/640.webp`, 'bucket.json']);

    // Without a bucket to put them in, nothing is restored.
    const target = await createTestDatabase();
    try {
      const refused = await runCommand('db-restore', [file], envFor(target));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/holds 2 files of uploads kept in a media bucket, but no bucket is configured/);
      expect(await tablesIn(target)).toEqual([]);

      const restore = await runCommand('db-restore', [file], envFor(target, otherBucket.env()));
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('Put 2 files of uploads back in the media bucket.');
      expect(await otherBucket.keys()).toEqual(await bucket.keys());
      for (const [name, bytes] of Object.entries(files)) {
        const object = await otherBucket.head(`media/${key}/${name}`);
        expect(object.bytes.equals(bytes)).toBe(true);
        expect(object.contentType).toBe('image/webp');
      }
      const expected = await withDatabase(source, (db) => snapshot(db, ['media', 'media_files', 'staff']));
      expect(await withDatabase(target, (db) => snapshot(db, ['media', 'media_files', 'staff']))).toEqual(expected);
    } finally {
      await target.drop();
    }
  });

  it('will not make a backup without the bucket’s files, and leaves no partial file', async () => {
    const dir = path.join(work, 'no-bucket');
    const backup = await runCommand('db-backup', [], envFor(source, { BACKUP_DIR: dir }));
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/^Backup failed: 2 files of uploads are kept in a media bucket, but no bucket is configured/);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});

it('restores a backup made by an older version and brings it up to this version’s schema', async () => {
  const old = await createTestDatabase();
  const target = await createTestDatabase();
  try {
    const [previous, latest] = knownMigrations().slice(-2);
    await withDatabase(old, async (db) => {
      const { error } = await new Migrator({ db, provider: new DialectMigrationProvider(kind) }).migrateTo(previous!);
      expect(error).toBeUndefined();
    });
    const dir = path.join(work, 'older');
    const backup = await runCommand('db-backup', [], envFor(old, { BACKUP_DIR: dir }));
    expect(backup.code, backup.stderr).toBe(0);
    const restore = await runCommand('db-restore', [backupFileOf(backup.stdout)], envFor(target));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Brought up to date by this version's migrations: ${latest}.`);
    expect(await withDatabase(target, (db) => schemaState(db, kind))).toBe('current');
  } finally {
    await old.drop();
    await target.drop();
  }
});
