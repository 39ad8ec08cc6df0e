import { DEFAULT_ROUND_CONFIG, type ApplicantDetails, type RoundConfig } from '../../common/scholarship';
import type { Db } from '../../server/db/database';
import { roundConfigJson } from '../../server/db/repositories/scholarship-rounds';
import { insertUser } from './back-office-rows';

/**
 * Scholarship rounds and submitted applications written straight to the database, for the review
 * side's tests (issue 34): the apply journey is another part's, and its forms are not needed here.
 */

const HOUR = 3_600_000;
let sequence = 0;
// Round years are unique: far from real ones, and apart between test files sharing a database.
const yearBase = 2300 + Math.floor(Math.random() * 5000);

export type RoundState = 'closed' | 'open';

/** A round that closed an hour ago (or is open for another week) by `now`; answers its id. */
export async function insertRound(db: Db, options: { state?: RoundState; reviewersPerApplication?: number; now?: Date; config?: Partial<RoundConfig> } = {}): Promise<{ id: number; year: number }> {
  const now = options.now ?? new Date();
  const config: RoundConfig = { ...DEFAULT_ROUND_CONFIG, ...options.config, reviewersPerApplication: options.reviewersPerApplication ?? DEFAULT_ROUND_CONFIG.reviewersPerApplication };
  const opensAt = new Date(now.getTime() - 14 * 24 * HOUR).toISOString();
  const closesAt = new Date(now.getTime() + (options.state === 'open' ? 7 * 24 * HOUR : -HOUR)).toISOString();
  const year = yearBase + sequence++;
  const row = await db
    .insertInto('scholarship_rounds')
    .values({
      year,
      opens_at: opensAt,
      closes_at: closesAt,
      config_json: roundConfigJson(config),
      reviewers_per_application: config.reviewersPerApplication,
      retention_months: config.retentionMonths,
      created_at: opensAt,
      updated_at: opensAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), year };
}

export interface TestApplication {
  id: number;
  email: string;
  details: ApplicantDetails;
  essays: { changed: string; goals: string };
  /** The transcript's file. */
  transcriptId: number;
  letterId: number | null;
}

export const TRANSCRIPT_BYTES = '%PDF-1.4\n% a test transcript\n';

/** A submitted application with distinctive identifying details, a transcript and (optionally) a letter. */
export async function insertApplication(db: Db, roundId: number, options: { letter?: boolean; now?: Date } = {}): Promise<TestApplication> {
  const tag = `${Date.now().toString(36)}${(sequence++).toString(36)}`;
  const at = (options.now ?? new Date()).toISOString();
  const email = `a.${tag}@example.test`; // users.username is at most 30 characters
  const details: ApplicantDetails = {
    firstName: `Zelda${tag}`,
    lastName: `Quimby${tag}`,
    phone: `740-555-${String(1000 + (sequence % 9000)).slice(-4)}`,
    street: `77 Hidden${tag} Lane`,
    city: `Secretville${tag}`,
    state: 'OH',
    zip: '99501',
    highSchool: `Identifying High ${tag}`,
    graduationYear: '2031',
    college: `Ohio Valley University ${tag}`,
    fieldOfStudy: `Nursing ${tag}`,
  };
  const essays = { changed: `My coach taught me patience ${tag}.`, goals: `I want to study nursing and come home to help ${tag}.` };
  const userId = await insertUser(db, { first: 'Account', last: `Holder${tag}`, email, at });
  const row = await db
    .insertInto('scholarship_applications')
    .values({
      round_id: roundId,
      user_id: userId,
      status: 'submitted',
      eligibility_json: JSON.stringify({ accepted: 'yes', fafsa: 'yes', varsity: 'yes', gpa: '3.6', act: '24' }),
      details_json: JSON.stringify(details),
      essays_json: JSON.stringify(essays),
      recommender_name: `Coach Recommender${tag}`,
      recommender_email: `coach.${tag}@example.test`,
      letter_received_at: options.letter ? at : null,
      submitted_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const file = (purpose: 'document' | 'letter', key: string) =>
    db
      .insertInto('scholarship_files')
      .values({
        application_id: id,
        purpose,
        document_key: key,
        file_name: `${details.firstName}-${details.lastName}-${key}.pdf`,
        content_type: 'application/pdf',
        byte_size: TRANSCRIPT_BYTES.length,
        bytes: Buffer.from(TRANSCRIPT_BYTES),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const transcriptId = Number((await file('document', 'transcript')).id);
  const letterId = options.letter ? Number((await file('letter', 'letter')).id) : null;
  return { id, email, details, essays, transcriptId, letterId };
}

/** The staff id of a staff member by email. */
export async function staffIdOf(db: Db, email: string): Promise<number> {
  return Number((await db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
}

/** Each review row of a round: application, staff, status. */
export async function reviewsOfRound(db: Db, roundId: number): Promise<{ applicationId: number; staffId: number; status: string }[]> {
  const rows = await db
    .selectFrom('scholarship_reviews as r')
    .innerJoin('scholarship_applications as a', 'a.id', 'r.application_id')
    .select(['r.application_id as applicationId', 'r.staff_id as staffId', 'r.status'])
    .where('a.round_id', '=', roundId)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ applicationId: Number(r.applicationId), staffId: Number(r.staffId), status: r.status }));
}
