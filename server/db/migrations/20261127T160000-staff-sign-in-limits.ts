import type { Kysely } from 'kysely';

/**
 * Review finding 1 (2026-11-27): after too many wrong sign-in codes for one account, its second
 * step is locked until a new set-up link is used or an admin resets its two-step sign-in. A lock
 * that outlives any counter window is a fact about the person, so it lives on their row.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('staff').addColumn('second_factor_locked_at', 'varchar(32)').execute();
}
