import { z } from 'zod';
import { parseFields } from '../../../common/api-errors';
import type { StaffActor } from '../../../common/back-office';
import { roundPhase, SCORE_MAX, type EligibilityAnswers, type Essays, type RoundView } from '../../../common/scholarship';
import type { ApplicationDocument, ApplicationPage, BlindApplication, RoundSummary, ScholarshipReviewsService } from '../../../common/scholarship-reviews';
import { findRound } from '../../db/repositories/scholarship-rounds';
import {
  findFileWithBytes,
  findSubmittedApplication,
  insertAssignment,
  listActiveReviewers,
  listApplicationFiles,
  listApplicationReviews,
  listRoundReviews,
  listSubmittedApplications,
  lockRound,
  markConflict,
  saveScores,
  type FileInfo,
  type ReviewRow,
  type SubmittedApplicationRow,
} from '../../db/repositories/scholarship-reviews';
import { recordAudit } from '../back-office/audit';
import type { Trx } from '../payments/core';
import { applicantName, detailsOf, rankApplications, rankingCsv, reviewerName, reviewWeighted, scoresOf, scoresCsv, sendAwards, type CommitteeDeps } from './committee';
import { midSentence } from '../../../common/text';

/** Assigning reviewers, the blind review, conflicts, scores and private downloads (issue 34, ADR 051). */

const fail = (errors: Record<string, string>) => ({
  ok: false as const,
  errors,
});
const DECIDED = 'The round is decided: reviews can no longer change.';
const DETAIL_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  highSchool: 'High school',
  graduationYear: 'Graduation year',
  college: 'College',
  fieldOfStudy: 'Field of study',
};
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const ConflictSchema = z.object({
  note: z.string({ error: 'Write a short note on the conflict of interest.' }).trim().min(1, 'Write a short note on the conflict of interest.').max(1000, 'Keep the note under 1,000 characters.'),
});

/** One field per criterion (`score-<key>`), each a whole number from 1 to SCORE_MAX, and the comment. */
function scoreSchema(round: RoundView) {
  const criterion = (label: string) => {
    const message = `Give ${label} a whole number from 1 to ${SCORE_MAX}.`;
    return z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,2}$/, message)
      .transform(Number)
      .pipe(z.number().min(1, message).max(SCORE_MAX, message));
  };
  return z.object({
    ...Object.fromEntries(round.rubric.map((c) => [`score-${c.key}`, criterion(c.label)])),
    comment: z.string({ error: 'Write a comment for the committee.' }).trim().min(1, 'Write a comment for the committee.').max(4000, 'Keep the comment under 4,000 characters.'),
  });
}

const summaryOf = (round: RoundView, now: Date): RoundSummary => ({
  id: round.id,
  year: round.year,
  phase: roundPhase(round, now),
  closesAt: round.closesAt,
  decidedAt: round.decidedAt,
});
const answerText = (answer: string | undefined) => (answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : (answer ?? '').trim() || 'Not answered');
const documentLabel = (round: RoundView, file: FileInfo) =>
  file.purpose === 'letter' ? 'Recommendation letter' : (round.documents.find((d) => d.key === file.documentKey)?.label ?? file.documentKey);

/** Only the parts a reviewer may see are copied out: the rest of the row never reaches a page. */
function blindApplication(round: RoundView, app: SubmittedApplicationRow, files: FileInfo[]): BlindApplication {
  const details = detailsOf(app);
  const answers = JSON.parse(app.eligibilityJson) as EligibilityAnswers;
  const essays = JSON.parse(app.essaysJson) as Essays;
  const asDocument = (f: FileInfo): ApplicationDocument => ({
    fileId: f.id,
    label: documentLabel(round, f),
  });
  const letter = files.find((f) => f.purpose === 'letter') ?? null;
  return {
    id: app.id,
    roundId: round.id,
    year: round.year,
    graduationYear: details.graduationYear ?? '',
    college: details.college ?? '',
    fieldOfStudy: details.fieldOfStudy ?? '',
    eligibility: round.questions.map((q) => ({
      question: q.question,
      answer: answerText(answers[q.key]),
    })),
    essays: round.prompts.map((p) => ({
      prompt: p.prompt,
      text: essays[p.key] ?? '',
      maxWords: p.maxWords,
    })),
    documents: files.filter((f) => f.purpose === 'document').map(asDocument),
    letter: {
      received: Boolean(app.letterReceivedAt) || letter !== null,
      file: letter ? asDocument(letter) : null,
    },
    rubric: round.rubric,
  };
}

/**
 * Fills each application up to the round's reviewers: the reviewer with the fewest assignments in
 * the round first (ties by id), never one already on the application (a declared conflict included).
 */
async function fillAssignments(trx: Trx, round: RoundView, applicationIds: number[], now: string): Promise<{ added: number; missing: number; reviewers: number }> {
  const reviewers = await listActiveReviewers(trx);
  const reviews = await listRoundReviews(trx, round.id);
  const load = new Map(reviewers.map((r) => [r.id, 0]));
  for (const r of reviews) if (r.status !== 'conflict' && load.has(r.staffId)) load.set(r.staffId, load.get(r.staffId)! + 1);
  let added = 0;
  let missing = 0;
  for (const applicationId of applicationIds) {
    const own = reviews.filter((r) => r.applicationId === applicationId);
    const taken = new Set(own.map((r) => r.staffId));
    let needed = round.reviewersPerApplication - own.filter((r) => r.status !== 'conflict').length;
    const candidates = reviewers.filter((r) => !taken.has(r.id)).sort((a, b) => load.get(a.id)! - load.get(b.id)! || a.id - b.id);
    for (const reviewer of candidates) {
      if (needed <= 0) break;
      await insertAssignment(trx, applicationId, reviewer.id, now);
      load.set(reviewer.id, load.get(reviewer.id)! + 1);
      added++;
      needed--;
    }
    missing += Math.max(0, needed);
  }
  return { added, missing, reviewers: reviewers.length };
}

export function createScholarshipReviews({
  db,
  dialect,
  siteFacts,
  mail,
  clock = () => new Date(),
}: Omit<CommitteeDeps, 'clock'> & {
  clock?: () => Date;
}): ScholarshipReviewsService {
  const committee: CommitteeDeps = { db, dialect, siteFacts, mail, clock };

  /** The actor's own live assignment on an application; admins need none. */
  async function access(
    actor: StaffActor,
    applicationId: number,
  ): Promise<{
    app: SubmittedApplicationRow;
    round: RoundView;
    mine: ReviewRow | null;
  } | null> {
    if (actor.role !== 'admin' && actor.role !== 'reviewer') return null;
    const app = await findSubmittedApplication(db, applicationId);
    const round = app ? await findRound(db, app.roundId) : null;
    if (!app || !round) return null;
    if (actor.role === 'admin') return { app, round, mine: null };
    const mine = (await listApplicationReviews(db, applicationId)).find((r) => r.staffId === actor.id && r.status !== 'conflict');
    return mine ? { app, round, mine } : null;
  }

  async function roundData(roundId: number) {
    const round = await findRound(db, roundId);
    if (!round) return null;
    return {
      round,
      apps: await listSubmittedApplications(db, roundId),
      reviews: await listRoundReviews(db, roundId),
    };
  }

  const exported = (actor: StaffActor, roundId: number, summary: string) =>
    recordAudit(
      db,
      actor,
      {
        action: 'csv_exported',
        subject: `scholarship_round:${roundId}`,
        summary,
      },
      clock(),
    );

  return {
    async roundPage(actor, roundId) {
      const round = await findRound(db, roundId);
      if (!round) return null;
      const summary = summaryOf(round, clock());
      const reviews = await listRoundReviews(db, roundId);
      if (actor.role !== 'admin') {
        const assignments = reviews.filter((r) => r.staffId === actor.id).map((r) => ({ applicationId: r.applicationId, status: r.status }));
        return { kind: 'reviewer', round: summary, assignments };
      }
      const apps = await listSubmittedApplications(db, roundId);
      const ranking = rankApplications(round, apps, reviews);
      return {
        kind: 'committee',
        round: summary,
        awards: round.awards,
        reviewersPerApplication: round.reviewersPerApplication,
        reviewerCount: (await listActiveReviewers(db)).length,
        unassigned: ranking.filter((r) => r.assignedCount < round.reviewersPerApplication).length,
        ranking,
      };
    },

    async assign(actor, roundId) {
      if (actor.role !== 'admin') return fail({ form: 'Only an admin can assign reviewers.' });
      const round = await findRound(db, roundId);
      if (!round) return fail({ form: 'This round no longer exists.' });
      const phase = roundPhase(round, clock());
      if (phase === 'decided')
        return fail({
          form: 'This round is decided: there is nothing to assign.',
        });
      if (phase !== 'closed')
        return fail({
          form: 'Reviewers are assigned once the round has closed.',
        });
      const now = clock();
      const result = await db.transaction().execute(async (trx) => {
        await lockRound(trx, roundId, dialect);
        const apps = await listSubmittedApplications(trx, roundId);
        const filled = await fillAssignments(
          trx,
          round,
          apps.map((a) => a.id),
          now.toISOString(),
        );
        if (filled.added > 0) {
          await recordAudit(
            trx,
            actor,
            {
              action: 'scholarship_reviewers_assigned',
              subject: `scholarship_round:${roundId}`,
              summary: `Assigned ${filled.added} reviews in the ${round.year} scholarship round`,
            },
            now,
          );
        }
        return filled;
      });
      const done = result.added === 0 ? 'Every application already has its reviewers.' : `Assigned ${result.added} review${result.added === 1 ? '' : 's'}.`;
      if (result.missing === 0) return { ok: true, message: done };
      const short = `${result.missing} review${result.missing === 1 ? ' is' : 's are'} still missing: there ${result.reviewers === 1 ? 'is 1 active reviewer' : `are ${result.reviewers} active reviewers`} and each application needs ${round.reviewersPerApplication}. Invite more reviewers on the Staff page, then press “Assign reviewers” again.`;
      return result.added === 0 ? fail({ form: `Not enough reviewers. ${short}` }) : { ok: true, message: `${done} Not enough reviewers: ${short}` };
    },

    async applicationPage(actor, applicationId) {
      const found = await access(actor, applicationId);
      if (!found) return null;
      const { app, round, mine } = found;
      const files = await listApplicationFiles(db, applicationId);
      const application = blindApplication(round, app, files);
      const now = clock();
      await recordAudit(
        db,
        actor,
        {
          action: 'scholarship_application_viewed',
          subject: `scholarship_application:${applicationId}`,
          summary: `Viewed application ${applicationId}`,
        },
        now,
      );
      if (mine) {
        const canChange = roundPhase(round, now) !== 'decided';
        return {
          kind: 'reviewer',
          application,
          review: {
            status: mine.status,
            scores: scoresOf(mine),
            comment: mine.comment ?? '',
            canChange,
          },
        };
      }
      const details = detailsOf(app);
      const page: ApplicationPage = {
        kind: 'admin',
        application,
        applicant: {
          name: applicantName(app),
          email: app.email,
          details: Object.entries(DETAIL_LABELS).map(([key, label]) => ({
            label,
            value: details[key as keyof typeof DETAIL_LABELS] ?? '',
          })),
        },
        reviews: (await listApplicationReviews(db, applicationId)).map((r) => ({
          reviewer: reviewerName(r),
          status: r.status,
          weighted: reviewWeighted(round, r),
          comment: r.comment ?? '',
          conflictNote: r.conflictNote ?? '',
        })),
      };
      return page;
    },

    async declareConflict(actor, applicationId, fields) {
      const found = await access(actor, applicationId);
      if (!found?.mine)
        return fail({
          form: 'This application is not one of yours to review.',
        });
      if (roundPhase(found.round, clock()) === 'decided') return fail({ form: DECIDED });
      const parsed = parseFields(ConflictSchema, fields);
      if (!parsed.ok) return parsed;
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await lockRound(trx, found.round.id, dialect);
        await markConflict(trx, found.mine!.id, parsed.data.note, now.toISOString());
        const filled = await fillAssignments(trx, found.round, [applicationId], now.toISOString());
        await recordAudit(
          trx,
          actor,
          {
            action: 'scholarship_conflict_declared',
            subject: `scholarship_application:${applicationId}`,
            summary: `Declared a conflict of interest on application ${applicationId}${filled.added > 0 ? '; another reviewer was assigned' : '; no other reviewer was free'}`,
          },
          now,
        );
      });
      return { ok: true, roundId: found.round.id };
    },

    async score(actor, applicationId, fields) {
      const found = await access(actor, applicationId);
      if (!found?.mine)
        return fail({
          form: 'This application is not one of yours to review.',
        });
      if (roundPhase(found.round, clock()) === 'decided') return fail({ form: DECIDED });
      const parsed = parseFields(scoreSchema(found.round), fields);
      if (!parsed.ok) return parsed;
      const values = parsed.data as Record<string, number | string>;
      const scores = Object.fromEntries(found.round.rubric.map((c) => [c.key, values[`score-${c.key}`] as number]));
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await saveScores(trx, found.mine!.id, JSON.stringify(scores), values.comment as string, now.toISOString());
        await recordAudit(
          trx,
          actor,
          {
            action: 'scholarship_scored',
            subject: `scholarship_application:${applicationId}`,
            summary: `${found.mine!.status === 'scored' ? 'Changed the scores of' : 'Scored'} application ${applicationId}`,
          },
          now,
        );
      });
      return {
        ok: true,
        message: `Your scores for application ${applicationId} are saved. You can change them until the round is decided.`,
      };
    },

    sendAwards: (actor, roundId, fields) => (actor.role === 'admin' ? sendAwards(committee, actor, roundId, fields) : Promise.resolve(fail({ form: 'Only an admin can send the award emails.' }))),

    async download(actor, fileId) {
      const file = await findFileWithBytes(db, fileId);
      const found = file ? await access(actor, file.applicationId) : null;
      if (!file || !found) return null;
      const label = documentLabel(found.round, file);
      await recordAudit(
        db,
        actor,
        {
          action: 'scholarship_file_downloaded',
          subject: `scholarship_application:${file.applicationId}`,
          summary: `Downloaded the ${midSentence(label)} of application ${file.applicationId}`,
        },
        clock(),
      );
      // A neutral name: the applicant's own file name may hold their name.
      return {
        fileName: `application-${file.applicationId}-${file.documentKey}.${EXTENSIONS[file.contentType] ?? 'bin'}`,
        contentType: file.contentType,
        bytes: file.bytes,
      };
    },

    async rankingCsv(actor, roundId) {
      const data = actor.role === 'admin' ? await roundData(roundId) : null;
      if (!data) return null;
      const { csv, rows } = rankingCsv(data.round, data.apps, data.reviews);
      await exported(actor, roundId, `Exported the ${data.round.year} scholarship ranking (${rows} applications) as CSV`);
      return csv;
    },

    async scoresCsv(actor, roundId) {
      const data = actor.role === 'admin' ? await roundData(roundId) : null;
      if (!data) return null;
      const { csv, rows } = scoresCsv(data.round, data.reviews);
      await exported(actor, roundId, `Exported the ${data.round.year} scholarship scores (${rows} reviews) as CSV`);
      return csv;
    },
  };
}
