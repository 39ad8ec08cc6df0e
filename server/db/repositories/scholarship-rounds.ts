import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RoundConfig, RoundView } from '../../../common/scholarship';
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
