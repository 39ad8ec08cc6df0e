import { sql, type Kysely, type Transaction } from 'kysely';
import { failOnDuplicate } from '../errors';
import { nowIso } from '../json';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface User {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  passwordHash: string;
  passwordChangedAt: string | null;
  createdAt: string;
}

const USER_COLUMNS = ['id', 'first', 'last', 'username', 'email', 'password_hash', 'password_changed_at', 'created_at'] as const;

function toUser(row: {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  password_hash: string;
  password_changed_at: string | null;
  created_at: string;
}): User {
  return {
    id: Number(row.id),
    first: row.first,
    last: row.last,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    passwordChangedAt: row.password_changed_at,
    createdAt: row.created_at,
  };
}

export async function findUserById(db: Executor, id: number): Promise<User | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** Which of an email and a username (either may be null: not asked) another account already uses, ignoring case. */
export async function takenIdentities(db: Executor, email: string | null, username: string | null): Promise<{ email: boolean; username: boolean }> {
  const wanted = { email: email?.toLowerCase() ?? null, username: username?.toLowerCase() ?? null };
  if (wanted.email === null && wanted.username === null) return { email: false, username: false };
  const rows = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([
        ...(wanted.email === null ? [] : [eb(sql<string>`lower(email)`, '=', wanted.email)]),
        ...(wanted.username === null ? [] : [eb(sql<string>`lower(username)`, '=', wanted.username)]),
      ]),
    )
    .execute();
  return {
    email: rows.some((r) => r.email.toLowerCase() === wanted.email),
    username: rows.some((r) => r.username.toLowerCase() === wanted.username),
  };
}

export async function insertUser(
  db: Executor,
  input: { first: string; last: string; username: string; email: string; passwordHash: string },
): Promise<User> {
  const now = nowIso();
  const row = await failOnDuplicate(() =>
    db
      .insertInto('users')
      .values({
        first: input.first,
        last: input.last,
        username: input.username,
        email: input.email.toLowerCase(),
        password_hash: input.passwordHash,
        password_changed_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
  return toUser(row);
}

export async function updatePassword(db: Executor, userId: number, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export async function insertPasswordReset(db: Executor, userId: number, tokenHash: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: nowIso() })
    .execute();
}

/**
 * Marks the link used if it is unused and unexpired, and answers its user; null otherwise.
 * One conditional UPDATE, so two simultaneous uses cannot both succeed.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

/** After a reset every other outstanding link of the user stops working too. */
export async function expirePasswordResets(db: Executor, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
