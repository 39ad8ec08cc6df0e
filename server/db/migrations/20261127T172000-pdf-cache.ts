import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/**
 * Rendered receipt and statement PDFs (security review 2026-11-27, #8): rendering takes the event
 * loop for tens of milliseconds, so each version is made once and kept here, where every instance
 * finds it. A key names what the PDF shows (see server/domain/receipts/pdf-cache.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('pdf_cache')
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
