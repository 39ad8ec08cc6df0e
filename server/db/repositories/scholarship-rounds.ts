import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RoundConfig, RoundView } from '../../../common/scholarship';
import { failOnDuplicate } from '../errors';
import type { Database, ScholarshipRoundsTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

type StoredConfig = Pick<RoundConfig, 'awards' | 'questions' | 'prompts' | 'documents' | 'rubric'>;

export function roundFromRow(row: Selectable<ScholarshipRoundsTable>): RoundView {
  const config = JSON.parse(row.config_json) as StoredConfig;
  return {
    id: row.id,
    year: row.year,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    awards: config.awards,
    questions: config.questions,
    prompts: config.prompts,
    documents: config.documents,
    rubric: config.rubric,
    reviewersPerApplication: row.reviewers_per_application,
    retentionMonths: row.retention_months,
    decidedAt: row.decided_at,
    purgedAt: row.purged_at,
  };
}

export const roundConfigJson = (config: RoundConfig): string =>
  JSON.stringify({ awards: config.awards, questions: config.questions, prompts: config.prompts, documents: config.documents, rubric: config.rubric } satisfies StoredConfig);

export async function findRound(db: Executor, id: number): Promise<RoundView | null> {
  const row = await db.selectFrom('scholarship_rounds').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? roundFromRow(row) : null;
}

/** The round open at `now`, else the next to open, else the latest; null before the first. */
export async function currentRound(db: Executor, now: Date): Promise<RoundView | null> {
  const at = now.toISOString();
  const open = await db.selectFrom('scholarship_rounds').selectAll().where('opens_at', '<=', at).where('closes_at', '>', at).where('decided_at', 'is', null).orderBy('opens_at', 'desc').executeTakeFirst();
  if (open) return roundFromRow(open);
  const next = await db.selectFrom('scholarship_rounds').selectAll().where('opens_at', '>', at).orderBy('opens_at', 'asc').executeTakeFirst();
  if (next) return roundFromRow(next);
  const latest = await db.selectFrom('scholarship_rounds').selectAll().orderBy('opens_at', 'desc').executeTakeFirst();
  return latest ? roundFromRow(latest) : null;
}

export async function listRounds(db: Executor): Promise<RoundView[]> {
  const rows = await db.selectFrom('scholarship_rounds').selectAll().orderBy('year', 'desc').execute();
  return rows.map(roundFromRow);
}

export interface RoundFields {
  year: number;
  opensAt: string;
  closesAt: string;
  config: RoundConfig;
}

const columns = (round: RoundFields, now: string) => ({
  year: round.year,
  opens_at: round.opensAt,
  closes_at: round.closesAt,
  config_json: roundConfigJson(round.config),
  reviewers_per_application: round.config.reviewersPerApplication,
  retention_months: round.config.retentionMonths,
  updated_at: now,
});

/** Throws DuplicateKeyError when the year has a round already. */
export async function insertRound(db: Executor, round: RoundFields, now: string): Promise<number> {
  const row = await failOnDuplicate(() =>
    db
      .insertInto('scholarship_rounds')
      .values({ ...columns(round, now), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return Number(row.id);
}

export async function updateRound(db: Executor, id: number, round: RoundFields, now: string): Promise<void> {
  await failOnDuplicate(() =>
    db
      .updateTable('scholarship_rounds')
      .set(columns(round, now))
      .where('id', '=', id)
      .execute(),
  );
}

/** Submitted applications per round id (rounds with none are absent). */
export async function submittedCounts(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('scholarship_applications')
    .select(['round_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('status', '=', 'submitted')
    .groupBy('round_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.round_id), Number(r.n)]));
}

/** Decided rounds whose applications are still kept. */
export async function decidedUnpurgedRounds(db: Executor): Promise<RoundView[]> {
  const rows = await db.selectFrom('scholarship_rounds').selectAll().where('decided_at', 'is not', null).where('purged_at', 'is', null).execute();
  return rows.map(roundFromRow);
}

/**
 * Deletes the round's applications (files, letters and reviews go with them; winners' profiles stay,
 * their application_id set null). The purged_at claim comes first, so of several instances one deletes.
 */
export async function purgeRoundApplications(trx: Transaction<Database>, roundId: number, now: string): Promise<number | null> {
  const claimed = await trx.updateTable('scholarship_rounds').set({ purged_at: now }).where('id', '=', roundId).where('purged_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return null;
  const deleted = await trx.deleteFrom('scholarship_applications').where('round_id', '=', roundId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
