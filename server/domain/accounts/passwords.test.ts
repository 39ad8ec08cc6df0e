import type * as Argon2 from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { findUserById, insertPasswordReset, insertUser } from '../../db/repositories/users';
import { createAccounts } from './index';
import { createCounters } from '../counters';
import { createMailDelivery } from '../mail-queue';
import { createSignInAttempts } from '../sign-in-attempts';
import { createSupporterSessions } from '../supporter-sessions';

// The real argon2, watched: the test counts the hashes a reset costs.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return { ...actual, hash: vi.fn(actual.hash) };
});
const { hash, verify } = await import('@node-rs/argon2');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const NEW_PASSWORD = { password: 'brand-new-secret-1', password2: 'brand-new-secret-1' };

let db: Db;
let accounts: ReturnType<typeof createAccounts>;
let userId: number;

beforeEach(async () => {
  db = createDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db, 'sqlite');
  accounts = createAccounts({
    db,
    jwtSecret: 'x'.repeat(40),
    sessions: createSupporterSessions({ db, jwtSecret: 'x'.repeat(40) }),
    attempts: createSignInAttempts(createCounters(db), 'x'.repeat(40)),
    mail: createMailDelivery({
      db,
      mailer: { kind: 'outbox', send: async () => undefined, close: async () => undefined },
      logger: pino({ level: 'silent' }),
      messageIdHost: () => 'localhost',
    }),
    logger: pino({ level: 'silent' }),
    siteFacts: () => Promise.reject(new Error('no mail in this test')),
  });
  const user = await insertUser(db, { first: 'ada', last: 'lovelace', username: 'ada', email: 'ada@example.org', passwordHash: 'old-hash' });
  userId = user.id;
  vi.mocked(hash).mockClear(); // createAccounts hashes once for its timing-equaliser
});
afterEach(() => db.destroy());

describe('resetPassword', () => {
  it('checks the token before hashing: an unknown, used or expired token costs no argon2 run', async () => {
    const madeUp = accounts.resetPassword({ token: 'A'.repeat(43), ...NEW_PASSWORD });
    await expect(madeUp).rejects.toMatchObject({ code: 'validation', fields: { token: expect.stringMatching(/expired or was already used/) } });
    await insertPasswordReset(db, userId, sha256('expired-token-0123456789abcdef'), new Date(Date.now() - 1000).toISOString());
    await expect(accounts.resetPassword({ token: 'expired-token-0123456789abcdef', ...NEW_PASSWORD })).rejects.toMatchObject({ code: 'validation' });
    expect(hash).not.toHaveBeenCalled();
    expect((await findUserById(db, userId))!.passwordHash).toBe('old-hash');
  });

  it('a good token is used up once, then the new password is hashed and stored', async () => {
    const token = 'good-token-0123456789abcdefghij';
    await insertPasswordReset(db, userId, sha256(token), new Date(Date.now() + 60_000).toISOString());
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => accounts.resetPassword({ token, ...NEW_PASSWORD })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(hash).toHaveBeenCalledTimes(1);
    const user = (await findUserById(db, userId))!;
    expect(await verify(user.passwordHash, NEW_PASSWORD.password)).toBe(true);
    expect(user.passwordChangedAt).not.toBeNull();
    await expect(accounts.resetPassword({ token, password: 'another-secret-22', password2: 'another-secret-22' })).rejects.toMatchObject({ code: 'validation' });
    expect(hash).toHaveBeenCalledTimes(1);
  });
});
