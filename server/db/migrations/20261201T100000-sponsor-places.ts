import { sql, type Kysely } from 'kysely';
import { withId, type MigrationContext } from './helpers';

/**
 * A package's included places become the sponsor's to name (issue 35, ADR 054): a date they are
 * due, the account that names them, a one-time link that ties the sale to that account, the names.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await db.schema.alterTable('sponsorship_packages').addColumn('places_due_on', 'varchar(10)').execute();
  await db.schema
    .alterTable('sponsorships')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // As when bought, like its goods' value: a later change to the package does not change a sale.
  await db.schema.alterTable('sponsorships').addColumn('places', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update sponsorships set places = (select places from sponsorship_packages where sponsorship_packages.id = sponsorships.package_id)`.execute(db);
  // Only its hash; cleared once used.
  await db.schema.alterTable('sponsorships').addColumn('claim_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('sponsorships').addColumn('places_named_at', 'varchar(32)').execute();
  await db.schema.createIndex('sponsorships_user').on('sponsorships').column('user_id').execute();
  await db.schema.createIndex('sponsorships_claim').on('sponsorships').column('claim_token_hash').unique().execute();

  // One row per person: a team's players (team 1, 2, … with its name) or a party's guests (team 1, no name).
  await withId(db.schema.createTable('sponsorship_guests'), dialect)
    .addColumn('sponsorship_id', 'integer', (c) => c.notNull().references('sponsorships.id'))
    .addColumn('team', 'integer', (c) => c.notNull().check(sql`team between 1 and 20`))
    .addColumn('team_name', 'varchar(80)')
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 20`))
    // Empty until the sponsor names this seat.
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addUniqueConstraint('sponsorship_guests_one_per_seat', ['sponsorship_id', 'team', 'position'])
    .execute();
}
