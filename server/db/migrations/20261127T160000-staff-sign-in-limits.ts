import type { Kysely } from 'kysely';

/** A code lock outlives any counter window, so it lives on the staff row (ADR 044). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('staff').addColumn('second_factor_locked_at', 'varchar(32)').execute();
}
