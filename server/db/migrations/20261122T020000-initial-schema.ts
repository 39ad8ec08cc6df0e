import { sql, type Kysely } from 'kysely';
import { flag, oneOf, withId, type MigrationContext } from './helpers';

/** Every entity of spec §3; see server/db/schema.ts for the conventions. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const payment = ['pending', 'paid', 'failed', 'refunded'] as const;

  await withId(db.schema.createTable('users'), dialect)
    .addColumn('first', 'varchar(50)', (c) => c.notNull())
    .addColumn('last', 'varchar(50)', (c) => c.notNull())
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_username_ci').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_email_ci').on('users').unique().expression(sql`lower(email)`).execute();

  await withId(db.schema.createTable('events'), dialect)
    .addColumn('event_number', 'integer', (c) => c.notNull().unique())
    .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('event_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)')
    .addColumn('image_json', 'text')
    .addColumn('active', 'integer', flag('active'))
    .addColumn('show_sponsor', 'integer', flag('show_sponsor'))
    .addColumn('sponsor_json', 'text')
    .addColumn('proceeds', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('partnership_flyer', 'varchar(300)')
    .addColumn('rules_flyer', 'varchar(300)')
    .addColumn('capacity', 'integer', (c) => c.check(sql`capacity is null or capacity > 0`))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_active_date').on('events').columns(['active', 'event_date']).execute();

  await withId(db.schema.createTable('event_stats'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents is null or price_cents >= 0`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addUniqueConstraint('event_stats_event_position', ['event_id', 'position'])
    .execute();

  await withId(db.schema.createTable('event_accommodations'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('icon', 'varchar(40)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addUniqueConstraint('event_accommodations_event_position', ['event_id', 'position'])
    .execute();

  await withId(db.schema.createTable('announcements'), dialect)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_json', 'text')
    .addColumn('heading', 'varchar(200)', (c) => c.notNull())
    .addColumn('meta', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('link_href', 'varchar(500)', (c) => c.notNull())
    .addColumn('link_label', 'varchar(100)', (c) => c.notNull().defaultTo('More info'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_content')
    .addColumn('page', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('donations'), dialect)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending').check(oneOf('status', payment)))
    .addColumn('payment_intent_id', 'varchar(255)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('donations_user').on('donations').column('user_id').execute();

  await withId(db.schema.createTable('signups'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('restrict'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(oneOf('kind', ['golf', 'gaming', 'steakfry'])))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('receipt_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('team_name', 'varchar(60)')
    .addColumn('team_contact_number', 'varchar(40)')
    .addColumn('team_agrees', 'integer', flag('team_agrees'))
    .addColumn('places', 'integer', (c) => c.notNull().defaultTo(1).check(sql`places > 0`))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending').check(oneOf('status', payment)))
    .addColumn('payment_intent_id', 'varchar(255)', (c) => c.unique())
    .addColumn('hold_expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('signups_user').on('signups').column('user_id').execute();
  await db.schema.createIndex('signups_event_status').on('signups').columns(['event_id', 'status']).execute();

  await withId(db.schema.createTable('signup_players'), dialect)
    .addColumn('signup_id', 'integer', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 4`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('shirt_size', 'varchar(4)')
    .addColumn('activision_id', 'varchar(100)')
    .addColumn('location', 'varchar(100)')
    .addUniqueConstraint('signup_players_signup_position', ['signup_id', 'position'])
    .execute();

  await withId(db.schema.createTable('signup_attendees'), dialect)
    .addColumn('signup_id', 'integer', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 10`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('allergies', 'varchar(200)')
    .addColumn('child', 'integer', flag('child'))
    .addUniqueConstraint('signup_attendees_signup_position', ['signup_id', 'position'])
    .execute();

  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('client_secret', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('receipt_email', 'varchar(254)')
    .addColumn('metadata_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(40)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.unique())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payment_intents',
    'signup_attendees',
    'signup_players',
    'signups',
    'donations',
    'site_content',
    'announcements',
    'event_accommodations',
    'event_stats',
    'events',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
