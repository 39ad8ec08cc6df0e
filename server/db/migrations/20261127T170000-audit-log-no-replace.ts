import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/**
 * SQLite's INSERT OR REPLACE deletes the clashing row without firing DELETE triggers, so an insert
 * naming an existing id is refused. PostgreSQL's ON CONFLICT DO UPDATE fires the UPDATE trigger.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`create trigger audit_log_no_replace before insert on audit_log
    when exists (select 1 from audit_log where id = new.id)
    begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
}
