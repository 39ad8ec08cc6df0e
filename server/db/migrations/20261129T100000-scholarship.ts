import { sql, type Kysely } from 'kysely';
import { flag, oneOf, rewriteSqliteCheck, withId, type MigrationContext } from './helpers';

/** The scholarship round on the site (issue 34, ADR 051), and the reviewer staff role. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

const ROLES = ['admin', 'volunteer', 'reviewer'];
const binary = (dialect: MigrationContext['dialect']) => (dialect === 'postgres' ? 'bytea' : 'blob');

async function allowReviewerPostgres(db: AnyDb): Promise<void> {
  await sql`alter table staff drop constraint staff_role_check`.execute(db);
  await sql`alter table staff add constraint staff_role_check check (${oneOf('role', ROLES)})`.execute(db);
}

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') await allowReviewerPostgres(db);
  else await rewriteSqliteCheck(db, 'staff', /"role" in \('admin', 'volunteer'\)/, `"role" in (${ROLES.map((r) => `'${r}'`).join(', ')})`);

  await withId(db.schema.createTable('scholarship_rounds'), dialect)
    .addColumn('year', 'integer', (c) => c.notNull().unique())
    .addColumn('opens_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closes_at', 'varchar(32)', (c) => c.notNull())
    // Awards, questions, prompts, documents, rubric (common/scholarship RoundConfig).
    .addColumn('config_json', 'text', (c) => c.notNull())
    .addColumn('reviewers_per_application', 'integer', (c) => c.notNull().check(sql`reviewers_per_application between 1 and 10`))
    .addColumn('retention_months', 'integer', (c) => c.notNull().check(sql`retention_months between 1 and 120`))
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('purged_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('scholarship_rounds_dates_in_order', sql`closes_at > opens_at`)
    .execute();

  await withId(db.schema.createTable('scholarship_applications'), dialect)
    .addColumn('round_id', 'integer', (c) => c.notNull().references('scholarship_rounds.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(oneOf('status', ['draft', 'submitted'])))
    .addColumn('outcome', 'varchar(12)', (c) => c.check(oneOf('outcome', ['awarded', 'not-awarded'])))
    .addColumn('award_key', 'varchar(40)')
    // The answers that passed the check, then the form's sections (JSON objects).
    .addColumn('eligibility_json', 'text', (c) => c.notNull())
    .addColumn('details_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('essays_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('recommender_name', 'varchar(120)')
    .addColumn('recommender_email', 'varchar(254)')
    // Only the one-time link's hash is kept.
    .addColumn('letter_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('letter_requested_at', 'varchar(32)')
    .addColumn('letter_received_at', 'varchar(32)')
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('notified_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('scholarship_applications_one_per_round', ['round_id', 'user_id'])
    .execute();

  await withId(db.schema.createTable('scholarship_files'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('scholarship_applications.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull().check(oneOf('purpose', ['document', 'letter'])))
    // The round's document key; 'letter' for the recommendation.
    .addColumn('document_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('bytes', binary(dialect), (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('scholarship_files_one_each', ['application_id', 'purpose', 'document_key'])
    .execute();

  await withId(db.schema.createTable('scholarship_reviews'), dialect)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('scholarship_applications.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(oneOf('status', ['assigned', 'conflict', 'scored'])))
    .addColumn('conflict_note', 'text')
    .addColumn('scores_json', 'text')
    .addColumn('comment', 'text')
    .addColumn('assigned_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(32)')
    .addUniqueConstraint('scholarship_reviews_once', ['application_id', 'staff_id'])
    .execute();
  await db.schema.createIndex('scholarship_reviews_staff').on('scholarship_reviews').column('staff_id').execute();

  // The public profile outlives the application (set null when it is deleted).
  await withId(db.schema.createTable('scholarship_winners'), dialect)
    .addColumn('round_id', 'integer', (c) => c.notNull().references('scholarship_rounds.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.references('scholarship_applications.id').onDelete('set null'))
    .addColumn('award_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('school', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('field', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('quote', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_json', 'text')
    .addColumn('consent', 'integer', flag('consent'))
    .addColumn('published', 'integer', flag('published'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('scholarship_winners_consent_to_publish', sql`published = 0 or consent = 1`)
    .execute();
}
