import { createHash } from 'node:crypto';
import { DEFAULT_ROUND_CONFIG, type ApplicantDetails, type RoundConfig, type RoundView } from '../../common/scholarship';
import type { Db } from '../../server/db/database';
import { findRound, roundConfigJson } from '../../server/db/repositories/scholarship-rounds';

/** Issue 34: rounds and applications written straight to the database, for the scholarship's tests. */

const HOUR = 60 * 60_000;

/**
 * A round that opens and closes relative to `now` (by default it opened an hour ago and closes in
 * a week), with the spec's defaults. The year is the next one free, so tests on one database never collide.
 */
export async function createRound(
  db: Db,
  { now = new Date(), opensInMs = -HOUR, closesInMs = 7 * 24 * HOUR, config = DEFAULT_ROUND_CONFIG, year }: { now?: Date; opensInMs?: number; closesInMs?: number; config?: RoundConfig; year?: number } = {},
): Promise<RoundView> {
  const latest = await db.selectFrom('scholarship_rounds').select((eb) => eb.fn.max('year').as('year')).executeTakeFirst();
  const at = now.toISOString();
  const row = await db
    .insertInto('scholarship_rounds')
    .values({
      year: year ?? Math.max(now.getUTCFullYear() + 1, Number(latest?.year ?? 0) + 1),
      opens_at: new Date(now.getTime() + opensInMs).toISOString(),
      closes_at: new Date(now.getTime() + closesInMs).toISOString(),
      config_json: roundConfigJson(config),
      reviewers_per_application: config.reviewersPerApplication,
      retention_months: config.retentionMonths,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRound(db, Number(row.id)))!;
}

export const SAMPLE_DETAILS: ApplicantDetails = {
  firstName: 'Jordan',
  lastName: 'Rivera',
  phone: '555-123-4567',
  street: '12 Main Street',
  city: 'Wintersville',
  state: 'OH',
  zip: '43953',
  highSchool: 'Indian Creek High School',
  graduationYear: '2027',
  college: 'Ohio State University',
  fieldOfStudy: 'Nursing',
};

/** A one-page PDF small enough for any test (a real document: the checks open it). */
export const TINY_PDF = Buffer.from(
  ['%PDF-1.4', '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj', '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj', '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj', 'trailer <</Root 1 0 R>>', '%%EOF', ''].join('\n'),
  'latin1',
);

/**
 * A complete, submitted application of `userId` to the round, with its documents (and the letter
 * when `letter` is set), as the apply page would leave it. Answers its id and its letter link's token.
 */
export async function createSubmittedApplication(
  db: Db,
  round: RoundView,
  userId: number,
  { details = SAMPLE_DETAILS, now = new Date(), letter = false }: { details?: ApplicantDetails; now?: Date; letter?: boolean } = {},
): Promise<{ id: number; letterToken: string }> {
  const at = now.toISOString();
  const letterToken = createHash('sha256').update(`${round.id}:${userId}:${Math.random()}`).digest('base64url');
  const row = await db
    .insertInto('scholarship_applications')
    .values({
      round_id: round.id,
      user_id: userId,
      status: 'submitted',
      eligibility_json: JSON.stringify(Object.fromEntries(round.questions.map((q) => [q.key, q.kind === 'yes' ? 'yes' : String((q.threshold ?? 0) + 1)]))),
      details_json: JSON.stringify(details),
      essays_json: JSON.stringify(Object.fromEntries(round.prompts.map((p) => [p.key, `My answer to "${p.prompt}" in a few honest words.`]))),
      recommender_name: 'Coach Taylor',
      recommender_email: `coach.${userId}@example.org`,
      letter_token_hash: createHash('sha256').update(letterToken).digest('hex'),
      letter_requested_at: at,
      letter_received_at: letter ? at : null,
      submitted_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const files = [...round.documents.map((d) => ({ purpose: 'document' as const, key: d.key })), ...(letter ? [{ purpose: 'letter' as const, key: 'letter' }] : [])];
  for (const file of files) {
    await db
      .insertInto('scholarship_files')
      .values({ application_id: id, purpose: file.purpose, document_key: file.key, file_name: `${file.key}.pdf`, content_type: 'application/pdf', byte_size: TINY_PDF.byteLength, bytes: TINY_PDF, created_at: at })
      .execute();
  }
  return { id, letterToken };
}
