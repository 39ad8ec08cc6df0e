import { sql, type Kysely } from 'kysely';
import { flag, oneOf, withId, type MigrationContext } from './helpers';

/** The back office: staff accounts apart from supporters', sessions, TOTP, an append-only audit log, check-in. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

async function createStaffTables(db: AnyDb, dialect: MigrationContext['dialect']): Promise<void> {
  await withId(db.schema.createTable('staff'), dialect)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'varchar(10)', (c) => c.notNull().check(oneOf('role', ['admin', 'volunteer'])))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(oneOf('status', ['invited', 'active', 'disabled'])))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('totp_enabled', 'integer', flag('totp_enabled'))
    .addColumn('totp_last_step', 'bigint')
    .addColumn('last_sign_in_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('staff_invites'), dialect)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_invites_staff').on('staff_invites').column('staff_id').execute();

  await db.schema
    .createTable('staff_sessions')
    // A hash of the cookie's value: a copy of the database opens no session.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('stage', 'varchar(14)', (c) => c.notNull().check(oneOf('stage', ['second_factor', 'enrol', 'full'])))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('failed_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

  await withId(db.schema.createTable('staff_recovery_codes'), dialect)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_recovery_codes_staff').on('staff_recovery_codes').column('staff_id').execute();
}

async function createAuditLog(db: AnyDb, dialect: MigrationContext['dialect']): Promise<void> {
  await withId(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    // No foreign key: the log outlives the staff member it names.
    .addColumn('staff_id', 'integer')
    .addColumn('staff_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('summary', 'varchar(300)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('address', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  // Nobody edits history, not even the app: the database itself refuses UPDATE and DELETE.
  if (dialect === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the audit log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
  }
}

async function addCheckInAndRefundColumns(db: AnyDb): Promise<void> {
  for (const table of ['signup_players', 'signup_attendees'] as const) {
    await db.schema.alterTable(table).addColumn('checked_in_at', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('checked_in_by', 'integer').execute();
  }
  await db.schema.alterTable('refunds').addColumn('note', 'varchar(500)').execute();
  await db.schema.alterTable('refunds').addColumn('staff_id', 'integer').execute();
  await db.schema.createIndex('payments_purpose_created').on('payments').columns(['purpose', 'created_at']).execute();
  await db.schema.createIndex('payments_paid_at').on('payments').column('paid_at').execute();
}

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const anyDb = db as AnyDb;
  await createStaffTables(anyDb, dialect);
  await createAuditLog(anyDb, dialect);
  await addCheckInAndRefundColumns(anyDb);
}
