import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Counter {
  hits: number;
  resetAt: string;
}

/** One statement, so every instance shares the same number. */
export async function hitCounter(db: Executor, key: string, windowMs: number, now: Date): Promise<Counter> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: row.reset_at };
}

export async function readCounter(db: Executor, key: string, now: Date): Promise<Counter | null> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
  if (!row || row.reset_at <= now.toISOString()) return null;
  return { hits: Number(row.hits), resetAt: row.reset_at };
}

export async function decrementCounter(db: Executor, key: string): Promise<void> {
  await db.updateTable('rate_limits').set({ hits: sql<number>`hits - 1` }).where('key', '=', key).where('hits', '>', 0).execute();
}

export async function deleteCounter(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function deleteExpiredCounters(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
