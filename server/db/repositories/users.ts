import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { failOnDuplicate } from '../errors';
import { nowIso } from '../json';
import type { Database, UsersTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface User {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  passwordHash: string;
  passwordChangedAt: string | null;
  emailVerifiedAt: string | null;
  createdAt: string;
}

const USER_COLUMNS = ['id', 'first', 'last', 'username', 'email', 'password_hash', 'password_changed_at', 'email_verified_at', 'created_at'] as const;

function toUser(row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): User {
  return {
    id: Number(row.id),
    first: row.first,
    last: row.last,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    passwordChangedAt: row.password_changed_at,
    emailVerifiedAt: row.email_verified_at,
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

/** Ignoring case; `exceptUserId` leaves out the asking account. */
export async function takenIdentities(
  db: Executor,
  email: string | null,
  username: string | null,
  exceptUserId: number | null = null,
): Promise<{ email: boolean; username: boolean }> {
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
    .$if(exceptUserId !== null, (q) => q.where('id', '<>', exceptUserId!))
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
        email_verified_at: null,
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

/** One conditional UPDATE, so two simultaneous uses cannot both succeed. */
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

export async function expirePasswordResets(db: Executor, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** A changed email is unverified again. */
export async function updateProfile(
  db: Executor,
  userId: number,
  input: { first: string; last: string; username: string; email: string },
  at: string,
): Promise<User> {
  const current = await findUserById(db, userId);
  const emailChanged = current !== null && current.email !== input.email.toLowerCase();
  const row = await failOnDuplicate(() =>
    db
      .updateTable('users')
      .set({
        first: input.first,
        last: input.last,
        username: input.username,
        email: input.email.toLowerCase(),
        ...(emailChanged ? { email_verified_at: null } : {}),
        updated_at: at,
      })
      .where('id', '=', userId)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
  return toUser(row);
}

export async function insertEmailVerification(db: Executor, input: { userId: number; email: string; tokenHash: string; expiresAt: string; now: string }): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({ user_id: input.userId, email: input.email, token_hash: input.tokenHash, expires_at: input.expiresAt, used_at: null, created_at: input.now })
    .execute();
}

/** One conditional UPDATE; verifies only if the account's email is still the one the link was sent to. */
export async function consumeEmailVerification(db: Executor, tokenHash: string, now: string): Promise<{ userId: number; email: string } | null> {
  const link = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  if (!link) return null;
  const verified = await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', Number(link.user_id))
    .where('email', '=', link.email)
    .returning('id')
    .executeTakeFirst();
  return verified ? { userId: Number(link.user_id), email: link.email } : null;
}

export async function expireEmailVerifications(db: Executor, userId: number, now: string): Promise<void> {
  await db.updateTable('email_verifications').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function deleteUser(db: Executor, userId: number): Promise<void> {
  // Links go with it (ON DELETE CASCADE); payments keep their row, unowned.
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
