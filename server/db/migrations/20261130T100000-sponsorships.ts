import { sql, type Kysely } from 'kysely';
import { flag, oneOf, rewriteSqliteCheck, withId, type MigrationContext } from './helpers';

/** Sponsorship packages sold online (issue 35, ADR 052): a new payment purpose, packages per event, one row per sale. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

const PURPOSES = ['donation', 'signup', 'sponsorship'];
const binary = (dialect: MigrationContext['dialect']) => (dialect === 'postgres' ? 'bytea' : 'blob');

async function allowSponsorshipPostgres(db: AnyDb): Promise<void> {
  await sql`alter table payments alter column purpose type varchar(20)`.execute(db);
  await sql`alter table payments drop constraint payments_purpose_check`.execute(db);
  await sql`alter table payments add constraint payments_purpose_check check (${oneOf('purpose', PURPOSES)})`.execute(db);
}

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') await allowSponsorshipPostgres(db);
  else await rewriteSqliteCheck(db, 'payments', /"purpose" in \('donation', 'signup'\)/, `"purpose" in (${PURPOSES.map((p) => `'${p}'`).join(', ')})`);

  await withId(db.schema.createTable('sponsorship_packages'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 1000`))
    .addColumn('includes', 'text', (c) => c.notNull())
    // Team or party places it includes, filled in later by the sponsor.
    .addColumn('places', 'integer', (c) => c.notNull().defaultTo(0).check(sql`places between 0 and 20`))
    // The value of the goods and services received, for the receipt (ADR 025).
    .addColumn('goods_value_cents', 'integer', (c) => c.notNull().check(sql`goods_value_cents >= 0 and goods_value_cents <= price_cents`))
    .addColumn('published', 'integer', flag('published'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sponsorship_packages_event').on('sponsorship_packages').column('event_id').execute();

  await withId(db.schema.createTable('sponsorships'), dialect)
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('sponsorship_packages.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('company_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    // Always a PNG rendered by the site, never the uploaded file (an SVG could carry script).
    .addColumn('logo_png', binary(dialect), (c) => c.notNull())
    .addColumn('logo_width', 'integer', (c) => c.notNull())
    .addColumn('logo_height', 'integer', (c) => c.notNull())
    // As when bought, so a later change to the package does not change a receipt.
    .addColumn('goods_value_cents', 'integer', (c) => c.notNull())
    .addColumn('hold_expires_at', 'varchar(32)')
    .addColumn('review', 'varchar(10)', (c) => c.notNull().defaultTo('pending').check(oneOf('review', ['pending', 'approved', 'rejected'])))
    .addColumn('review_reason', 'varchar(500)')
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sponsorships_package').on('sponsorships').column('package_id').execute();
  await db.schema.createIndex('sponsorships_event').on('sponsorships').column('event_id').execute();
}
