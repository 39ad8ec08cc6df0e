import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UserSessionsTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type UserSessionRecord = Pick<Selectable<UserSessionsTable>, 'id' | 'via'> & {
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
};

export async function insertUserSession(
  db: Executor,
  input: { id: string; userId: number; via: UserSessionsTable['via']; now: string; expiresAt: string; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('user_sessions')
    .values({
      id: input.id,
      user_id: input.userId,
      via: input.via,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: input.expiresAt,
      revoked_at: null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

export async function findUserSession(db: Executor, id: string): Promise<UserSessionRecord | null> {
  const row = await db.selectFrom('user_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    via: row.via,
    userId: Number(row.user_id),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function touchUserSession(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeUserSession(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('user_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessionsOf(db: Executor, userId: number, now: string, exceptId?: string): Promise<number> {
  let query = db.updateTable('user_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteEndedUserSessions(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('user_sessions').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
