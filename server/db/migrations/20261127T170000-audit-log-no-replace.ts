import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/**
 * SQLite's INSERT OR REPLACE (and REPLACE INTO) deletes the row it clashes with without firing
 * DELETE triggers, so it could rewrite an audit entry despite the append-only triggers (security
 * review 2026-11-27, #11). An insert naming an id that is already there is refused before it
 * happens. PostgreSQL has no REPLACE; its INSERT … ON CONFLICT DO UPDATE fires the UPDATE trigger.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`create trigger audit_log_no_replace before insert on audit_log
    when exists (select 1 from audit_log where id = new.id)
    begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
}
