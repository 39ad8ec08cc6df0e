import { sql, type Kysely } from 'kysely';
import { flag, oneOf, withId, type MigrationContext } from './helpers';

/** The back office, part 2: event rules, drafts, page versions, uploads, and staff edits the seed must keep. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

/** Spec §9's prices become each event's own. */
async function addEventRules(db: AnyDb): Promise<void> {
  for (const [name, type] of [
    ['published', 'integer'],
    ['price_cents', 'integer'],
    ['child_price_cents', 'integer'],
    ['players_per_team', 'integer'],
    ['signup_opens_on', 'varchar(10)'],
    ['signup_closes_on', 'varchar(10)'],
    ['refund_days_before', 'integer'],
  ] as const) {
    await db.schema
      .alterTable('events')
      .addColumn(name, type, (c) => (name === 'published' ? c.notNull().defaultTo(1) : c))
      .execute();
  }
  await sql`update events set price_cents = 40000, players_per_team = 4 where event_type = 'Golf Event'`.execute(db);
  await sql`update events set price_cents = 5000, players_per_team = 4 where event_type = 'Gaming Event'`.execute(db);
  await sql`update events set price_cents = 2500, child_price_cents = 1500 where event_type = 'Benefit Event'`.execute(db);
}

async function addAnnouncementSchedule(db: AnyDb): Promise<void> {
  await db.schema.alterTable('announcements').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('announcements').addColumn('show_from', 'varchar(32)').execute();
  await db.schema.alterTable('announcements').addColumn('show_until', 'varchar(32)').execute();
  await db.schema.alterTable('announcements').addColumn('updated_at', 'varchar(32)').execute();
}

async function allowLargerTeams(db: AnyDb, dialect: MigrationContext['dialect']): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table signup_players drop constraint if exists signup_players_position_check`.execute(db);
    await sql`alter table signup_players add constraint signup_players_position_check check (position between 1 and 8)`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK in place.
  await withId(db.schema.createTable('signup_players_new'), dialect)
    .addColumn('signup_id', 'integer', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 8`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('shirt_size', 'varchar(4)')
    .addColumn('activision_id', 'varchar(100)')
    .addColumn('location', 'varchar(100)')
    .addColumn('checked_in_at', 'varchar(32)')
    .addColumn('checked_in_by', 'integer')
    .addUniqueConstraint('signup_players_signup_position_v2', ['signup_id', 'position'])
    .execute();
  await sql`insert into signup_players_new (id, signup_id, position, name, email, shirt_size, activision_id, location, checked_in_at, checked_in_by)
    select id, signup_id, position, name, email, shirt_size, activision_id, location, checked_in_at, checked_in_by from signup_players`.execute(db);
  await sql`drop table signup_players`.execute(db);
  await sql`alter table signup_players_new rename to signup_players`.execute(db);
}

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await addEventRules(db);
  await allowLargerTeams(db, dialect);
  await addAnnouncementSchedule(db);

  await withId(db.schema.createTable('content_versions'), dialect)
    .addColumn('page', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(oneOf('status', ['draft', 'published'])))
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('content_versions_page').on('content_versions').columns(['page', 'status', 'id']).execute();

  // Seeding content/ leaves these alone.
  await db.schema
    .createTable('staff_edited')
    .addColumn('subject', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('media'), dialect)
    .addColumn('key', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(oneOf('kind', ['image', 'pdf'])))
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('alt', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('storage', 'varchar(10)', (c) => c.notNull().check(oneOf('storage', ['database', 's3'])))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('archived', 'integer', flag('archived'))
    .execute();

  await db.schema
    .createTable('media_files')
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    // Null when the bytes live in the S3 bucket.
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob')
    .addPrimaryKeyConstraint('media_files_pk', ['media_id', 'name'])
    .execute();
}
