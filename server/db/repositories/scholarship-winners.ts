import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ApplicantDetails } from '../../../common/scholarship';
import type { Database, ScholarshipWinnersTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Winners' public profiles (ADR 051): kept when the retention deletion removes their application. */

export type Photo = { src: string; width: number; height: number; alt: string };

export interface WinnerRow extends WinnerFields {
  id: number;
  roundId: number;
  applicationId: number | null;
  awardKey: string;
}

const fromRow = (row: Selectable<ScholarshipWinnersTable>): WinnerRow => ({
  id: row.id,
  roundId: row.round_id,
  applicationId: row.application_id,
  awardKey: row.award_key,
  name: row.name,
  school: row.school,
  field: row.field,
  quote: row.quote,
  photo: row.photo_json ? (JSON.parse(row.photo_json) as Photo) : null,
  consent: Boolean(row.consent),
  published: Boolean(row.published),
});

export async function winnersOfRound(db: Executor, roundId: number): Promise<WinnerRow[]> {
  const rows = await db.selectFrom('scholarship_winners').selectAll().where('round_id', '=', roundId).orderBy('id').execute();
  return rows.map(fromRow);
}

/** The round's awarded applications with what a profile starts from (only the details this needs). */
export async function awardedApplications(db: Executor, roundId: number): Promise<{ id: number; awardKey: string; details: Partial<ApplicantDetails> }[]> {
  const rows = await db
    .selectFrom('scholarship_applications')
    .select(['id', 'award_key', 'details_json'])
    .where('round_id', '=', roundId)
    .where('outcome', '=', 'awarded')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, awardKey: r.award_key ?? '', details: JSON.parse(r.details_json) as Partial<ApplicantDetails> }));
}

export interface WinnerFields {
  name: string;
  school: string;
  field: string;
  quote: string;
  photo: Photo | null;
  consent: boolean;
  published: boolean;
}

const columns = (w: WinnerFields, now: string) => ({
  name: w.name,
  school: w.school,
  field: w.field,
  quote: w.quote,
  photo_json: w.photo ? JSON.stringify(w.photo) : null,
  consent: w.consent ? 1 : 0,
  published: w.published ? 1 : 0,
  updated_at: now,
});

export async function insertWinner(db: Executor, key: { roundId: number; applicationId: number; awardKey: string }, w: WinnerFields, now: string): Promise<number> {
  const row = await db
    .insertInto('scholarship_winners')
    .values({ round_id: key.roundId, application_id: key.applicationId, award_key: key.awardKey, created_at: now, ...columns(w, now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateWinner(db: Executor, id: number, w: WinnerFields, now: string): Promise<void> {
  await db.updateTable('scholarship_winners').set(columns(w, now)).where('id', '=', id).execute();
}

/** The Previous Winners cards' published profiles, with the round's year: newest first. */
export async function publishedWinners(db: Executor): Promise<(WinnerRow & { year: number; photo: Photo })[]> {
  const rows = await db
    .selectFrom('scholarship_winners')
    .innerJoin('scholarship_rounds', 'scholarship_rounds.id', 'scholarship_winners.round_id')
    .selectAll('scholarship_winners')
    .select('scholarship_rounds.year')
    .where('scholarship_winners.published', '=', 1)
    .where('scholarship_winners.photo_json', 'is not', null)
    .orderBy('scholarship_rounds.year', 'desc')
    .orderBy('scholarship_winners.id')
    .execute();
  return rows.map((row) => ({ ...fromRow(row), year: row.year, photo: JSON.parse(row.photo_json!) as Photo }));
}
