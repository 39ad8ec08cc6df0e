import type { Kysely } from 'kysely';

/** People added to a paid party (ADR 024): their own sign-up, folded into the party when paid (`merged_at`). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('signups').addColumn('party_of', 'integer', (c) => c.references('signups.id')).execute();
  await db.schema.alterTable('signups').addColumn('merged_at', 'varchar(32)').execute();
  // For its receipt's fair value once they are the party's.
  await db.schema.alterTable('signups').addColumn('merged_children', 'integer').execute();
  await db.schema.createIndex('signups_party_of').on('signups').column('party_of').execute();
}
