import { sql, type Kysely } from 'kysely';
import { flag, withId, type MigrationContext } from './helpers';

/** Campaigns with a goal (issue 33, ADR 047): a gift names its campaign in its own row. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('campaigns'), dialect)
    .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('story', 'text', (c) => c.notNull())
    .addColumn('image_json', 'text')
    .addColumn('goal_cents', 'integer', (c) => c.notNull().check(sql`goal_cents > 0`))
    // Calendar days in the foundation's time zone, both included.
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('family_year', 'integer')
    .addColumn('published', 'integer', flag('published'))
    .addColumn('featured', 'integer', flag('featured'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('campaigns_dates_in_order', sql`ends_on >= starts_on`)
    .execute();
  // The home page features one at most.
  await sql`create unique index campaigns_one_featured on campaigns (featured) where featured = 1`.execute(db);
  await db.schema.alterTable('donations').addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id')).execute();
  await db.schema.createIndex('donations_campaign').on('donations').column('campaign_id').execute();
}
