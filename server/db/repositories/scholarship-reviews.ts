import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/** Reviews, and the reads of applications and files that deciding a round needs (ADR 051). */

type Executor = Kysely<Database> | Transaction<Database>;

export interface ReviewRow {
  id: number;
  applicationId: number;
  staffId: number;
  reviewerName: string;
  reviewerEmail: string;
  status: 'assigned' | 'conflict' | 'scored';
  conflictNote: string | null;
  scoresJson: string | null;
  comment: string | null;
}

export interface SubmittedApplicationRow {
  id: number;
  roundId: number;
  userId: number;
  accountFirst: string;
  accountLast: string;
  email: string;
  detailsJson: string;
  essaysJson: string;
  eligibilityJson: string;
  letterReceivedAt: string | null;
  outcome: 'awarded' | 'not-awarded' | null;
  awardKey: string | null;
  notifiedAt: string | null;
}

const applicationColumns = [
  'a.id',
  'a.round_id as roundId',
  'a.user_id as userId',
  'u.first as accountFirst',
  'u.last as accountLast',
  'u.email',
  'a.details_json as detailsJson',
  'a.essays_json as essaysJson',
  'a.eligibility_json as eligibilityJson',
  'a.letter_received_at as letterReceivedAt',
  'a.outcome',
  'a.award_key as awardKey',
  'a.notified_at as notifiedAt',
] as const;

const submitted = (db: Executor) => db.selectFrom('scholarship_applications as a').innerJoin('users as u', 'u.id', 'a.user_id').select(applicationColumns).where('a.status', '=', 'submitted');

export async function listSubmittedApplications(db: Executor, roundId: number): Promise<SubmittedApplicationRow[]> {
  const rows = await submitted(db).where('a.round_id', '=', roundId).orderBy('a.id').execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    roundId: Number(r.roundId),
    userId: Number(r.userId),
  }));
}

export async function findSubmittedApplication(db: Executor, id: number): Promise<SubmittedApplicationRow | null> {
  const row = await submitted(db).where('a.id', '=', id).executeTakeFirst();
  return row
    ? {
        ...row,
        id: Number(row.id),
        roundId: Number(row.roundId),
        userId: Number(row.userId),
      }
    : null;
}

const reviewQuery = (db: Executor) =>
  db
    .selectFrom('scholarship_reviews as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .select([
      'r.id',
      'r.application_id as applicationId',
      'r.staff_id as staffId',
      's.name as reviewerName',
      's.email as reviewerEmail',
      'r.status',
      'r.conflict_note as conflictNote',
      'r.scores_json as scoresJson',
      'r.comment',
    ]);

const reviewOf = (r: ReviewRow): ReviewRow => ({
  ...r,
  id: Number(r.id),
  applicationId: Number(r.applicationId),
  staffId: Number(r.staffId),
});

/** Every review row of a round's applications, in application then assignment order. */
export async function listRoundReviews(db: Executor, roundId: number): Promise<ReviewRow[]> {
  const rows = await reviewQuery(db).innerJoin('scholarship_applications as a', 'a.id', 'r.application_id').where('a.round_id', '=', roundId).orderBy('r.application_id').orderBy('r.id').execute();
  return rows.map(reviewOf);
}

export async function listApplicationReviews(db: Executor, applicationId: number): Promise<ReviewRow[]> {
  return (await reviewQuery(db).where('r.application_id', '=', applicationId).orderBy('r.id').execute()).map(reviewOf);
}

/** Active staff with the reviewer role, by id. */
export async function listActiveReviewers(db: Executor): Promise<{ id: number; name: string; email: string }[]> {
  const rows = await db.selectFrom('staff').select(['id', 'name', 'email']).where('role', '=', 'reviewer').where('status', '=', 'active').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function insertAssignment(db: Executor, applicationId: number, staffId: number, now: string): Promise<void> {
  await db
    .insertInto('scholarship_reviews')
    .values({
      application_id: applicationId,
      staff_id: staffId,
      status: 'assigned',
      assigned_at: now,
    })
    .execute();
}

export async function markConflict(db: Executor, reviewId: number, note: string, now: string): Promise<void> {
  await db
    .updateTable('scholarship_reviews')
    .set({
      status: 'conflict',
      conflict_note: note,
      scores_json: null,
      comment: null,
      done_at: now,
    })
    .where('id', '=', reviewId)
    .execute();
}

export async function saveScores(db: Executor, reviewId: number, scoresJson: string, comment: string, now: string): Promise<void> {
  await db.updateTable('scholarship_reviews').set({ status: 'scored', scores_json: scoresJson, comment, done_at: now }).where('id', '=', reviewId).where('status', '!=', 'conflict').execute();
}

export interface FileInfo {
  id: number;
  applicationId: number;
  purpose: 'document' | 'letter';
  documentKey: string;
  fileName: string;
  contentType: string;
}

const fileColumns = ['id', 'application_id as applicationId', 'purpose', 'document_key as documentKey', 'file_name as fileName', 'content_type as contentType'] as const;

/** The application's files without their bytes. */
export async function listApplicationFiles(db: Executor, applicationId: number): Promise<FileInfo[]> {
  const rows = await db.selectFrom('scholarship_files').select(fileColumns).where('application_id', '=', applicationId).orderBy('id').execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    applicationId: Number(r.applicationId),
  }));
}

export async function findFileWithBytes(db: Executor, fileId: number): Promise<(FileInfo & { bytes: Uint8Array<ArrayBuffer> }) | null> {
  const row = await db
    .selectFrom('scholarship_files')
    .select([...fileColumns, 'bytes'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row
    ? {
        ...row,
        id: Number(row.id),
        applicationId: Number(row.applicationId),
        bytes: new Uint8Array(row.bytes),
      }
    : null;
}

/** Serialises two admins deciding at once (PostgreSQL; SQLite's writer lock already does). */
export async function lockRound(db: Executor, roundId: number, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const query = db.selectFrom('scholarship_rounds').select('id').where('id', '=', roundId);
  await (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

export async function setOutcome(db: Executor, applicationId: number, outcome: 'awarded' | 'not-awarded', awardKey: string | null, now: string): Promise<void> {
  await db.updateTable('scholarship_applications').set({ outcome, award_key: awardKey, updated_at: now }).where('id', '=', applicationId).execute();
}

export async function markNotified(db: Executor, applicationId: number, now: string): Promise<boolean> {
  const result = await db.updateTable('scholarship_applications').set({ notified_at: now }).where('id', '=', applicationId).where('notified_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markRoundDecided(db: Executor, roundId: number, now: string): Promise<void> {
  await db.updateTable('scholarship_rounds').set({ decided_at: now, updated_at: now }).where('id', '=', roundId).where('decided_at', 'is', null).execute();
}
