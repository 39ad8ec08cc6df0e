import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_ROUND_CONFIG, type ApplicantDetails, type Essays, type RoundConfig, type RoundView } from '../../common/scholarship';
import type { Db } from '../../server/db/database';
import { DuplicateKeyError, failOnDuplicate } from '../../server/db/errors';
import { findRound, roundConfigJson } from '../../server/db/repositories/scholarship-rounds';
import { insertUser } from './back-office-rows';

/**
 * Issue 34: scholarship rounds and submitted applications written straight to the database, for
 * the scholarship's tests (the apply forms are the apply journey's own business), and small readers.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let sequence = 0;
// Round years are unique. By default a round takes one far from real years (so never one a test
// opens through the form, 2000 to 2100), and test files sharing a database start apart; a year
// taken anyway is skipped.
let nextYear = 2300 + Math.floor(Math.random() * 5000);

export type RoundState = 'open' | 'closed';

export interface RoundOptions {
  /** The clock the round is placed by: the test server's, when it has one. */
  now?: Date;
  /** Open (the default): opened an hour before `now`, closes a week after. Closed: opened two weeks before `now`, closed an hour before. */
  state?: RoundState;
  /** Exact moments, relative to `now`, instead of the state's. */
  opensInMs?: number;
  closesInMs?: number;
  /** Over the config's (2 by default). */
  reviewersPerApplication?: number;
  /** Over the spec's defaults. */
  config?: Partial<RoundConfig>;
  /** Decided at `now` (the retention deletion counts from then). */
  decided?: boolean;
  /**
   * A real year, for a test that posts the details form (the graduation year must be within five
   * years of the round's); a round of that year already there is an error.
   */
  year?: number;
}

/** A round placed relative to `now`, with the spec's defaults unless told otherwise. */
export async function createRound(db: Db, options: RoundOptions = {}): Promise<RoundView> {
  const now = options.now ?? new Date();
  const config: RoundConfig = { ...DEFAULT_ROUND_CONFIG, ...options.config };
  if (options.reviewersPerApplication !== undefined) config.reviewersPerApplication = options.reviewersPerApplication;
  const closed = options.state === 'closed';
  const opensInMs = options.opensInMs ?? (closed ? -14 * DAY : -HOUR);
  const closesInMs = options.closesInMs ?? (closed ? -HOUR : 7 * DAY);
  const at = now.toISOString();
  for (;;) {
    const year = options.year ?? nextYear++;
    try {
      const row = await failOnDuplicate(() =>
        db
          .insertInto('scholarship_rounds')
          .values({
            year,
            opens_at: new Date(now.getTime() + opensInMs).toISOString(),
            closes_at: new Date(now.getTime() + closesInMs).toISOString(),
            config_json: roundConfigJson(config),
            reviewers_per_application: config.reviewersPerApplication,
            retention_months: config.retentionMonths,
            decided_at: options.decided ? at : null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return (await findRound(db, Number(row.id)))!;
    } catch (error) {
      if (options.year !== undefined || !(error instanceof DuplicateKeyError)) throw error;
    }
  }
}

/** Plausible details of one applicant, for the apply form's tests (Jordan Rivera, Indian Creek High School). */
export const SAMPLE_DETAILS: ApplicantDetails = {
  firstName: 'Jordan',
  lastName: 'Rivera',
  phone: '555-123-4567',
  street: '12 Main Street',
  city: 'Wintersville',
  state: 'OH',
  zip: '43953',
  highSchool: 'Indian Creek High School',
  // Next year by the clock: the form takes graduation years near the round's.
  graduationYear: String(new Date().getUTCFullYear() + 1),
  college: 'Ohio State University',
  fieldOfStudy: 'Nursing',
};

/** A one-page PDF small enough for any test (a real document: the checks open it). */
export const TINY_PDF = Buffer.from(
  ['%PDF-1.4', '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj', '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj', '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj', 'trailer <</Root 1 0 R>>', '%%EOF', ''].join('\n'),
  'latin1',
);

export interface TestApplication {
  id: number;
  userId: number;
  /** The account's email. */
  email: string;
  details: ApplicantDetails;
  /** Prompt key to essay. */
  essays: Essays;
  /** The recommender's link's token. */
  letterToken: string;
  /** Document key to its file's id. */
  documentIds: Record<string, number>;
  letterId: number | null;
}

export interface ApplicationOptions {
  /** The applicant's account; by default one of its own (Account Holder…, an email of its own). */
  userId?: number;
  /** Over the distinctive defaults: each identifying detail is unique, so a blind view can be searched for it. */
  details?: Partial<ApplicantDetails>;
  /** With the recommender's letter received. */
  letter?: boolean;
  /** Awarded this award (the round decided). */
  awardKey?: string;
  now?: Date;
}

/**
 * A complete, submitted application to the round, as the apply page would leave it: eligible, its
 * details, an essay for each prompt, a file for each document (and the letter when `letter` is set),
 * the recommender asked. Names, addresses, the recommender and the files' names are distinctive.
 */
export async function createSubmittedApplication(db: Db, round: { id: number }, options: ApplicationOptions = {}): Promise<TestApplication> {
  const { questions, prompts, documents } = (await findRound(db, round.id))!;
  const n = sequence++;
  // users.username (the email here) is at most 30 characters.
  const tag = `${Date.now().toString(36)}${n.toString(36)}${randomBytes(2).toString('hex')}`;
  const at = (options.now ?? new Date()).toISOString();
  const details: ApplicantDetails = {
    firstName: `Zelda${tag}`,
    lastName: `Quimby${tag}`,
    phone: `740-555-${String(1000 + (n % 9000)).slice(-4)}`,
    street: `77 Hidden${tag} Lane`,
    city: `Secretville${tag}`,
    state: 'OH',
    zip: '99501',
    highSchool: `Identifying High ${tag}`,
    graduationYear: '2031',
    college: `Ohio Valley University ${tag}`,
    fieldOfStudy: `Nursing ${tag}`,
    ...options.details,
  };
  const essays: Essays = Object.fromEntries(prompts.map((p) => [p.key, `My answer on ${p.key}, in a few honest words ${tag}.`]));
  let userId = options.userId;
  let email: string;
  if (userId === undefined) {
    email = `a.${tag}@example.test`;
    userId = await insertUser(db, { first: 'Account', last: `Holder${tag}`, email, at });
  } else {
    email = (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
  }
  const letterToken = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('scholarship_applications')
    .values({
      round_id: round.id,
      user_id: userId,
      status: 'submitted',
      outcome: options.awardKey ? 'awarded' : null,
      award_key: options.awardKey ?? null,
      eligibility_json: JSON.stringify(Object.fromEntries(questions.map((q) => [q.key, q.kind === 'yes' ? 'yes' : String((q.threshold ?? 0) + 1)]))),
      details_json: JSON.stringify(details),
      essays_json: JSON.stringify(essays),
      recommender_name: `Coach Recommender${tag}`,
      recommender_email: `coach.${tag}@example.test`,
      letter_token_hash: createHash('sha256').update(letterToken).digest('hex'),
      letter_requested_at: at,
      letter_received_at: options.letter ? at : null,
      submitted_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const file = async (purpose: 'document' | 'letter', key: string) => {
    const saved = await db
      .insertInto('scholarship_files')
      .values({
        application_id: id,
        purpose,
        document_key: key,
        file_name: `${details.firstName}-${details.lastName}-${key}.pdf`,
        content_type: 'application/pdf',
        byte_size: TINY_PDF.byteLength,
        bytes: TINY_PDF,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(saved.id);
  };
  const documentIds: Record<string, number> = {};
  for (const document of documents) documentIds[document.key] = await file('document', document.key);
  const letterId = options.letter ? await file('letter', 'letter') : null;
  return { id, userId, email, details, essays, letterToken, documentIds, letterId };
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
