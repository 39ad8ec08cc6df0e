import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { parseJsonColumn } from '../json';
import type { ApplicantDetails, ApplicationOutcome, ApplicationStatus, EligibilityAnswers, Essays } from '../../../common/scholarship';
import type { Database, ScholarshipApplicationsTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Issue 34: one application per account and round. */
export interface ApplicationRow {
  id: number;
  roundId: number;
  userId: number;
  status: ApplicationStatus;
  outcome: ApplicationOutcome | null;
  awardKey: string | null;
  eligibility: EligibilityAnswers;
  details: Partial<ApplicantDetails>;
  essays: Essays;
  recommenderName: string | null;
  recommenderEmail: string | null;
  letterRequestedAt: string | null;
  letterReceivedAt: string | null;
  submittedAt: string | null;
}

const toRow = (r: Selectable<ScholarshipApplicationsTable>): ApplicationRow => ({
  id: Number(r.id),
  roundId: Number(r.round_id),
  userId: Number(r.user_id),
  status: r.status,
  outcome: r.outcome,
  awardKey: r.award_key,
  eligibility: parseJsonColumn<EligibilityAnswers>(r.eligibility_json) ?? {},
  details: parseJsonColumn<Partial<ApplicantDetails>>(r.details_json) ?? {},
  essays: parseJsonColumn<Essays>(r.essays_json) ?? {},
  recommenderName: r.recommender_name,
  recommenderEmail: r.recommender_email,
  letterRequestedAt: r.letter_requested_at,
  letterReceivedAt: r.letter_received_at,
  submittedAt: r.submitted_at,
});

export async function findApplication(db: Executor, roundId: number, userId: number): Promise<ApplicationRow | null> {
  const row = await db.selectFrom('scholarship_applications').selectAll().where('round_id', '=', roundId).where('user_id', '=', userId).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The account's most recent application, of any round. */
export async function latestApplicationOf(db: Executor, userId: number): Promise<(ApplicationRow & { year: number }) | null> {
  const row = await db
    .selectFrom('scholarship_applications')
    .innerJoin('scholarship_rounds', 'scholarship_rounds.id', 'scholarship_applications.round_id')
    .selectAll('scholarship_applications')
    .select('scholarship_rounds.year')
    .where('scholarship_applications.user_id', '=', userId)
    .orderBy('scholarship_rounds.opens_at', 'desc')
    .executeTakeFirst();
  return row ? { ...toRow(row), year: Number(row.year) } : null;
}

export async function findByLetterTokenHash(db: Executor, hash: string): Promise<ApplicationRow | null> {
  const row = await db.selectFrom('scholarship_applications').selectAll().where('letter_token_hash', '=', hash).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** False when the account already has one for the round (the unique constraint decides, so two tabs cannot make two). */
export async function insertDraft(db: Executor, roundId: number, userId: number, eligibility: EligibilityAnswers, now: string): Promise<boolean> {
  const result = await db
    .insertInto('scholarship_applications')
    .values({ round_id: roundId, user_id: userId, status: 'draft', eligibility_json: JSON.stringify(eligibility), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['round_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export interface DraftChanges {
  details?: Partial<ApplicantDetails>;
  essays?: Essays;
  recommender?: { name: string; email: string };
}

/** Only a draft changes: false once submitted. */
export async function updateDraft(db: Executor, id: number, changes: DraftChanges, now: string): Promise<boolean> {
  const set: Updateable<ScholarshipApplicationsTable> = { updated_at: now };
  if (changes.details) set.details_json = JSON.stringify(changes.details);
  if (changes.essays) set.essays_json = JSON.stringify(changes.essays);
  if (changes.recommender) {
    set.recommender_name = changes.recommender.name;
    set.recommender_email = changes.recommender.email;
  }
  const result = await db.updateTable('scholarship_applications').set(set).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Once: false when it was already submitted (a second click, another tab). */
export async function markSubmitted(db: Executor, id: number, letterTokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('scholarship_applications')
    .set({ status: 'submitted', submitted_at: now, letter_token_hash: letterTokenHash, letter_requested_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Once: false when a letter already arrived. */
export async function markLetterReceived(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('scholarship_applications')
    .set({ letter_received_at: now, updated_at: now })
    .where('id', '=', id)
    .where('letter_received_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
