import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/** Rendered PDFs, made once per version and shared by every instance (server/domain/receipts/pdf-cache.ts). */

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
