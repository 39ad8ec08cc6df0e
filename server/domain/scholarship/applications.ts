import { formatDayOf } from '../../../common/dates';
import { formatRoundMoment } from '../../../common/scholarship-rounds';
import { applicationStatusText, roundPhase, SCHOLARSHIP_APPLY_PATH, unmetRequirements, type RoundView } from '../../../common/scholarship';
import {
  documentField,
  SCHOLARSHIP_LETTER_PATH,
  type ApplicantApplication,
  type ApplyOutcome,
  type ApplyPageData,
  type DashboardScholarship,
  type ScholarshipApplicationsService,
  type UploadedFile,
} from '../../../common/scholarship-applications';
import type { Db } from '../../db/database';
import { findApplication, insertDraft, latestApplicationOf, markSubmitted, updateDraft, type ApplicationRow, type DraftChanges } from '../../db/repositories/scholarship-applications';
import { listDocuments, putFile } from '../../db/repositories/scholarship-files';
import { currentRound, findRound } from '../../db/repositories/scholarship-rounds';
import { letterRequestEmail, scholarshipSubmittedEmail } from '../../mail/templates/scholarship-application';
import type { MailSiteFacts } from '../../mail/templates/site';
import type { Counters } from '../counters';
import { queueMail, type MailDelivery } from '../mail-queue';
import { UploadRefused } from '../media/process-upload';
import { randomToken, sha256 } from '../staff/secrets';
import { missingParts, parseDetails, parseEligibility, parseEssays, parseRecommender } from './application-rules';
import { checkScholarshipFile, keptFileName, LETTER_GRACE_MS, createLetters } from './letters';

export interface ScholarshipApplicationsDeps {
  db: Db;
  mail: MailDelivery;
  site: () => Promise<MailSiteFacts>;
  counters: Counters;
  clock: () => Date;
}

const refused = (status: 400 | 404 | 409, errors: Record<string, string>): ApplyOutcome => ({ ok: false, status, errors });

const closedMessage = (round: RoundView) =>
  `Applications for the ${round.year} scholarship closed on ${formatRoundMoment(round.closesAt)}. Your draft is kept, but it can no longer be changed or submitted.`;

/** Issue 34: the applicant's side; every call is for the signed-in account's own application, so no id ever comes from the form. */
export function createScholarshipApplications({ db, mail, site, counters, clock }: ScholarshipApplicationsDeps): ScholarshipApplicationsService {
  async function view(row: ApplicationRow, round: RoundView): Promise<{ application: ApplicantApplication; missing: ApplyPageData['missing'] }> {
    const documents = await listDocuments(db, row.id);
    const awardName = round.awards.find((a) => a.key === row.awardKey)?.name ?? null;
    return {
      application: {
        id: row.id,
        status: row.status,
        statusText: applicationStatusText({ status: row.status, outcome: row.outcome, awardName }),
        outcome: row.outcome,
        eligibility: row.eligibility,
        details: row.details,
        essays: row.essays,
        recommenderName: row.recommenderName ?? '',
        recommenderEmail: row.recommenderEmail ?? '',
        documents,
        letterReceivedAt: row.letterReceivedAt,
        submittedAt: row.submittedAt,
      },
      missing: row.status === 'draft' ? missingParts(round, row, documents) : [],
    };
  }

  /** The open round and the account's draft in it, or why not. */
  async function openDraft(userId: number): Promise<{ ok: true; round: RoundView; row: ApplicationRow } | { ok: false; outcome: ApplyOutcome }> {
    const now = clock();
    const round = await currentRound(db, now);
    if (!round) return { ok: false, outcome: refused(409, { form: 'No scholarship round is open right now.' }) };
    const row = await findApplication(db, round.id, userId);
    const phase = roundPhase(round, now);
    if (phase !== 'open') return { ok: false, outcome: refused(409, { form: row ? closedMessage(round) : 'No scholarship round is open right now.' }) };
    if (!row) return { ok: false, outcome: refused(409, { form: 'Please answer the eligibility questions first.' }) };
    if (row.status !== 'draft') return { ok: false, outcome: refused(409, { form: 'Your application is already submitted and can no longer be changed.' }) };
    return { ok: true, round, row };
  }

  async function saveDraft(userId: number, changes: (round: RoundView) => { ok: true; value: DraftChanges } | { ok: false; errors: Record<string, string> }, done: string): Promise<ApplyOutcome> {
    const found = await openDraft(userId);
    if (!found.ok) return found.outcome;
    const parsed = changes(found.round);
    if (!parsed.ok) return refused(400, parsed.errors);
    const saved = await updateDraft(db, found.row.id, parsed.value, clock().toISOString());
    if (!saved) return refused(409, { form: 'Your application is already submitted and can no longer be changed.' });
    return { ok: true, done };
  }

  const letters = createLetters({ db, counters, clock });

  return {
    ...letters,

    async applyPage(userId) {
      const now = clock();
      const round = await currentRound(db, now);
      if (!round) return { round: null, phase: null, application: null, missing: [] };
      const phase = roundPhase(round, now);
      const row = await findApplication(db, round.id, userId);
      if (!row) return { round, phase, application: null, missing: [] };
      return { round, phase, ...(await view(row, round)) };
    },

    async dashboard(userId): Promise<DashboardScholarship | null> {
      const now = clock();
      const latest = await latestApplicationOf(db, userId);
      const round = await currentRound(db, now);
      const openRound = round && roundPhase(round, now) === 'open' ? round : null;
      // A new open round the account has not applied to yet comes first.
      if (latest && (!openRound || openRound.id === latest.roundId)) {
        const ofRound = await findRound(db, latest.roundId);
        const awardName = ofRound?.awards.find((a) => a.key === latest.awardKey)?.name ?? null;
        return {
          year: latest.year,
          application: {
            statusText: applicationStatusText({ status: latest.status, outcome: latest.outcome, awardName }),
            submitted: latest.status === 'submitted',
            letterReceivedAt: latest.letterReceivedAt,
          },
        };
      }
      return openRound ? { year: openRound.year, application: null } : null;
    },

    async checkEligibility(userId, fields) {
      const now = clock();
      const round = await currentRound(db, now);
      if (!round || roundPhase(round, now) !== 'open') return refused(409, { form: 'No scholarship round is open right now.' });
      if (await findApplication(db, round.id, userId)) return { ok: true, done: 'You have already answered the eligibility questions.' };
      const parsed = parseEligibility(fields, round.questions);
      if (!parsed.ok) return refused(400, parsed.errors);
      const unmet = unmetRequirements(round.questions, parsed.value);
      if (unmet.length > 0) return { ok: false, status: 200, errors: {}, unmet: unmet.map((q) => q.requirement) };
      await insertDraft(db, round.id, userId, parsed.value, now.toISOString());
      return { ok: true, done: 'You are eligible. Your application is started: it saves as a draft until you submit it.' };
    },

    saveDetails: (userId, fields) =>
      saveDraft(
        userId,
        (round) => {
          const parsed = parseDetails(fields, round.year);
          return parsed.ok ? { ok: true, value: { details: parsed.value } } : parsed;
        },
        'Your details are saved.',
      ),

    saveEssays: (userId, fields) =>
      saveDraft(
        userId,
        (round) => {
          const parsed = parseEssays(fields, round);
          return parsed.ok ? { ok: true, value: { essays: parsed.value } } : parsed;
        },
        'Your essays are saved.',
      ),

    saveRecommender: (userId, fields) =>
      saveDraft(
        userId,
        () => {
          const parsed = parseRecommender(fields);
          return parsed.ok ? { ok: true, value: { recommender: parsed.value } } : parsed;
        },
        'Your recommender is saved.',
      ),

    async saveDocuments(userId, files) {
      const found = await openDraft(userId);
      if (!found.ok) return found.outcome;
      const chosen = found.round.documents.filter((doc) => files[doc.key]);
      if (chosen.length === 0) return refused(400, { [documentField(found.round.documents[0]?.key ?? '')]: 'Please choose a file to upload (PDF, JPEG or PNG).' });
      // All checked before any is kept: nothing half-written.
      const errors: Record<string, string> = {};
      const checked: { key: string; file: UploadedFile; kept: { contentType: string; bytes: Buffer } }[] = [];
      for (const doc of chosen) {
        const file = files[doc.key]!;
        try {
          checked.push({ key: doc.key, file, kept: await checkScholarshipFile(file) });
        } catch (error) {
          if (!(error instanceof UploadRefused)) throw error;
          errors[documentField(doc.key)] = error.message;
        }
      }
      if (Object.keys(errors).length > 0) return refused(400, errors);
      const now = clock().toISOString();
      const saved = await db.transaction().execute(async (trx) => {
        if (!(await updateDraft(trx, found.row.id, {}, now))) return false;
        for (const { key, file, kept } of checked) {
          await putFile(trx, { applicationId: found.row.id, purpose: 'document', documentKey: key, fileName: keptFileName(file.name), contentType: kept.contentType, bytes: kept.bytes }, now);
        }
        return true;
      });
      if (!saved) return refused(409, { form: 'Your application is already submitted and can no longer be changed.' });
      return { ok: true, done: checked.length === 1 ? 'Your document is saved.' : `Your ${checked.length} documents are saved.` };
    },

    async submit(user) {
      const now = clock();
      const round = await currentRound(db, now);
      const row = round ? await findApplication(db, round.id, user.id) : null;
      if (!round || !row) return refused(409, { form: 'Please answer the eligibility questions first.' });
      // Already in: a second click or another tab changes nothing and sends nothing.
      if (row.status === 'submitted') return { ok: true, done: 'Your application is submitted.' };
      if (roundPhase(round, now) !== 'open') return refused(409, { form: closedMessage(round) });
      const missing = missingParts(round, row, await listDocuments(db, row.id));
      if (missing.length > 0) {
        return refused(400, { form: `Your application is not complete yet: ${missing.length === 1 ? 'one part is' : `${missing.length} parts are`} missing (listed below).` });
      }
      const facts = await site();
      const token = randomToken();
      const applicantName = `${row.details.firstName} ${row.details.lastName}`;
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await markSubmitted(trx, row.id, sha256(token), now.toISOString()))) return false;
        await queueMail(
          trx,
          scholarshipSubmittedEmail({ to: user.email, firstName: row.details.firstName ?? '', year: round.year, recommenderName: row.recommenderName ?? '', applyUrl: `${facts.url}${SCHOLARSHIP_APPLY_PATH}`, site: facts }),
          { purpose: 'scholarship_submitted', dedupeKey: `scholarship-submitted:${row.id}` },
          now,
        );
        await queueMail(
          trx,
          letterRequestEmail({
            to: row.recommenderEmail ?? '',
            recommenderName: row.recommenderName ?? '',
            applicantName,
            year: round.year,
            letterUrl: `${facts.url}${SCHOLARSHIP_LETTER_PATH}/${token}`,
            expiresOn: formatDayOf(new Date(Date.parse(round.closesAt) + LETTER_GRACE_MS)),
            site: facts,
          }),
          // The link is a secret: its body is not kept once sent.
          { purpose: 'scholarship_letter_request', dedupeKey: `scholarship-letter:${row.id}`, sensitive: true },
          now,
        );
        return true;
      });
      if (sent) mail.kick();
      return { ok: true, done: 'Your application is submitted. We sent a confirmation to your email, and your recommender a link to upload the letter.' };
    },
  };
}
