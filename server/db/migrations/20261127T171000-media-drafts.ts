import { sql, type Kysely } from 'kysely';

/** A volunteer's upload is a draft until an admin approves it (ADR 022); existing uploads stay public. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1).check(sql`published in (0, 1)`))
    .execute();
}
