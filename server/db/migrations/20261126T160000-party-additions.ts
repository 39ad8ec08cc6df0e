import type { Kysely } from 'kysely';

/**
 * People added to a paid steak-fry party (ADR 024): they are paid for as a sign-up of
 * their own (`party_of` names the party), which the payment's settlement folds into the party:
 * the people move over, the party's places grow, and the addition keeps its row and payment for
 * the ledger with `merged_at` set, which stops it counting places of its own.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('signups').addColumn('party_of', 'integer', (c) => c.references('signups.id')).execute();
  await db.schema.alterTable('signups').addColumn('merged_at', 'varchar(32)').execute();
  // How many of the people it brought were children: its receipt's fair value once they are the party's.
  await db.schema.alterTable('signups').addColumn('merged_children', 'integer').execute();
  await db.schema.createIndex('signups_party_of').on('signups').column('party_of').execute();
}
