import { SCHOLARSHIP_FILE_MAX_BYTES, SCHOLARSHIP_FILE_TYPES } from '../../../common/scholarship';
import type { ApplyOutcome, LetterPageData, ScholarshipApplicationsService, UploadedFile } from '../../../common/scholarship-applications';
import type { Db } from '../../db/database';
import { findByLetterTokenHash, markLetterReceived, type ApplicationRow } from '../../db/repositories/scholarship-applications';
import { putFile } from '../../db/repositories/scholarship-files';
import { findRound } from '../../db/repositories/scholarship-rounds';
import type { Counters } from '../counters';
import { checkPrivateDocument, UploadRefused } from '../media/process-upload';
import { sha256 } from '../staff/secrets';

/** The recommender's link lasts this long past the round's closing moment (letters often come last). */
export const LETTER_GRACE_MS = 7 * 24 * 60 * 60_000;

const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
/** Per link: a link passed around or hammered stops answering for a while (a plain 404). */
const LOOKUPS_PER_HOUR = 30;

const FILE_RULES = {
  maxBytes: SCHOLARSHIP_FILE_MAX_BYTES,
  maxWords: `${SCHOLARSHIP_FILE_MAX_BYTES / (1024 * 1024)} MB`,
  types: SCHOLARSHIP_FILE_TYPES,
  notAccepted: 'Only PDF documents and JPEG or PNG pictures can be sent.',
};

/** Documents and letters: the type read from the bytes (the name is only a claim), at most 10 MB. */
export const checkScholarshipFile = (file: UploadedFile) => checkPrivateDocument({ bytes: file.bytes, declaredType: file.type, fileName: file.name }, FILE_RULES);

/** The name as the sender had it, without folders or control characters, for staff to recognise. */
export function keptFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'file';
}

/** Issue 34: the recommender's one-time upload; only the token's hash is stored. */
export function createLetters({ db, counters, clock }: { db: Db; counters: Counters; clock: () => Date }): Pick<ScholarshipApplicationsService, 'letterPage' | 'uploadLetter'> {
  async function byToken(token: string): Promise<{ row: ApplicationRow; data: LetterPageData } | null> {
    if (!TOKEN.test(token)) return null;
    const hash = sha256(token);
    const counter = await counters.hit(`scholarship-letter:${hash.slice(0, 40)}`, 60 * 60_000);
    if (counter.hits > LOOKUPS_PER_HOUR) return null;
    const row = await findByLetterTokenHash(db, hash);
    if (!row || row.status !== 'submitted') return null;
    const round = await findRound(db, row.roundId);
    if (!round || round.purgedAt || clock().getTime() >= Date.parse(round.closesAt) + LETTER_GRACE_MS) return null;
    return { row, data: { applicantName: `${row.details.firstName ?? ''} ${row.details.lastName ?? ''}`.trim(), year: round.year, received: row.letterReceivedAt !== null } };
  }

  const alreadyHere: ApplyOutcome = { ok: false, status: 409, errors: { file: 'The letter has already arrived, thank you. This link no longer accepts a file.' } };

  return {
    async letterPage(token) {
      return (await byToken(token))?.data ?? null;
    },

    async uploadLetter(token, file) {
      const found = await byToken(token);
      if (!found) return null;
      if (found.data.received) return alreadyHere;
      if (!file) return { ok: false, status: 400, errors: { file: 'Please choose the letter to upload (a PDF, JPEG or PNG file).' } };
      let kept: { contentType: string; bytes: Buffer };
      try {
        kept = await checkScholarshipFile(file);
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error;
        return { ok: false, status: 400, errors: { file: error.message } };
      }
      const now = clock().toISOString();
      const stored = await db.transaction().execute(async (trx) => {
        // Once: the first upload wins, a second (another tab) finds the letter there.
        if (!(await markLetterReceived(trx, found.row.id, now))) return false;
        await putFile(trx, { applicationId: found.row.id, purpose: 'letter', documentKey: 'letter', fileName: keptFileName(file.name), contentType: kept.contentType, bytes: kept.bytes }, now);
        return true;
      });
      return stored ? { ok: true, done: 'Thank you: the letter arrived. The scholarship committee will read it with the application.' } : alreadyHere;
    },
  };
}
