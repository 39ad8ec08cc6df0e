import type { ActionResult, FormFields, StaffActor } from '../../../common/back-office';
import { formatMoment } from '../../../common/moment';
import { roundPhase, scoreSpread, weightedScore, type ApplicantDetails, type RoundView, type Scores } from '../../../common/scholarship';
import { DISAGREEMENT_POINTS, type RankedApplication } from '../../../common/scholarship-reviews';
import type { Db } from '../../db/database';
import { findRound } from '../../db/repositories/scholarship-rounds';
import { listSubmittedApplications, lockRound, markNotified, markRoundDecided, setOutcome, type ReviewRow, type SubmittedApplicationRow } from '../../db/repositories/scholarship-reviews';
import { scholarshipAwardEmail } from '../../mail/templates/scholarship-award';
import { scholarshipNotAwardedEmail } from '../../mail/templates/scholarship-not-awarded';
import type { MailSiteFacts } from '../../mail/templates/site';
import { recordAudit } from '../back-office/audit';
import { queueMail, type MailDelivery } from '../mail-queue';
import { toCsv } from '../back-office/csv';

/** The committee's side of a round (issue 34): the ranking, the award emails, the CSV files. */

export const detailsOf = (app: SubmittedApplicationRow): Partial<ApplicantDetails> => JSON.parse(app.detailsJson) as Partial<ApplicantDetails>;
export const scoresOf = (review: ReviewRow): Scores => (review.scoresJson ? (JSON.parse(review.scoresJson) as Scores) : {});

export function applicantName(app: SubmittedApplicationRow): string {
  const details = detailsOf(app);
  const name = `${details.firstName ?? ''} ${details.lastName ?? ''}`.trim();
  return name || `${app.accountFirst} ${app.accountLast}`.trim();
}

export const reviewerName = (review: ReviewRow) => review.reviewerName.trim() || review.reviewerEmail;

/** Weighted score of a scored review; null otherwise (or when the rubric changed under it). */
export const reviewWeighted = (round: RoundView, review: ReviewRow) => (review.status === 'scored' ? weightedScore(round.rubric, scoresOf(review)) : null);

/** Best average first; applications without a score yet last, by number. */
export function rankApplications(round: RoundView, apps: SubmittedApplicationRow[], reviews: ReviewRow[]): RankedApplication[] {
  const ranked = apps.map((app): RankedApplication => {
    const own = reviews.filter((r) => r.applicationId === app.id);
    const reviewerScores = own.flatMap((r) => {
      const weighted = reviewWeighted(round, r);
      return weighted === null ? [] : [{ reviewer: reviewerName(r), weighted }];
    });
    const weights = reviewerScores.map((s) => s.weighted);
    const spread = scoreSpread(weights);
    const details = detailsOf(app);
    return {
      applicationId: app.id,
      name: applicantName(app),
      email: app.email,
      college: details.college ?? '',
      fieldOfStudy: details.fieldOfStudy ?? '',
      average: weights.length > 0 ? weights.reduce((a, b) => a + b, 0) / weights.length : null,
      scoreCount: weights.length,
      assignedCount: own.filter((r) => r.status !== 'conflict').length,
      reviewerScores,
      spread,
      disagree: spread >= DISAGREEMENT_POINTS,
      outcome: app.outcome,
      awardKey: app.awardKey,
    };
  });
  return ranked.sort((a, b) => (b.average ?? -1) - (a.average ?? -1) || a.applicationId - b.applicationId);
}

const fail = (errors: Record<string, string>) => ({
  ok: false as const,
  errors,
});
const points = (value: number | null) => (value === null ? '' : value.toFixed(2));

export interface CommitteeDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  siteFacts: () => Promise<MailSiteFacts>;
  /** Sends the queued emails now rather than at the next delivery run. */
  mail: Pick<MailDelivery, 'kick'>;
  clock: () => Date;
}

/** The winners chosen per award (`award-<key>` fields), checked against the round's submitted applications. */
function chosenWinners(round: RoundView, apps: SubmittedApplicationRow[], fields: FormFields): { ok: true; winners: Map<number, string> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const winners = new Map<number, string>();
  for (const award of round.awards) {
    const raw = (fields[`award-${award.key}`] ?? '').trim();
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!apps.some((a) => a.id === id)) errors[`award-${award.key}`] = `Choose the application that wins the ${award.name} award.`;
    else if (winners.has(id)) errors[`award-${award.key}`] = `Application ${id} already wins the ${round.awards.find((a) => a.key === winners.get(id))!.name} award: one application wins one award.`;
    else winners.set(id, award.key);
  }
  return Object.keys(errors).length > 0 ? fail(errors) : { ok: true, winners };
}

/**
 * Outcomes, the round's decided_at and every applicant's email in one transaction with the outbox:
 * each email goes once (notified_at, and the outbox's dedupe key), so a second press sends nothing.
 */
export async function sendAwards({ db, dialect, siteFacts, mail, clock }: CommitteeDeps, actor: StaffActor, roundId: number, fields: FormFields): Promise<ActionResult> {
  const alreadySent = (decidedAt: string) => ({
    ok: true as const,
    message: `The award emails were sent on ${formatMoment(decidedAt)}. Nothing was sent again.`,
  });
  const round = await findRound(db, roundId);
  if (!round) return fail({ form: 'This round no longer exists.' });
  if (round.decidedAt) return alreadySent(round.decidedAt);
  const now = clock();
  if (roundPhase(round, now) !== 'closed')
    return fail({
      form: 'The round has not closed yet: winners are chosen after its closing time.',
    });
  const apps = await listSubmittedApplications(db, roundId);
  const chosen = chosenWinners(round, apps, fields);
  if (!chosen.ok) return chosen;
  const site = await siteFacts();
  const at = now.toISOString();
  const result = await db.transaction().execute(async (trx) => {
    await lockRound(trx, roundId, dialect);
    const fresh = await findRound(trx, roundId);
    if (fresh?.decidedAt) return alreadySent(fresh.decidedAt);
    let thanked = 0;
    for (const app of await listSubmittedApplications(trx, roundId)) {
      const awardKey = chosen.winners.get(app.id) ?? null;
      const award = round.awards.find((a) => a.key === awardKey);
      await setOutcome(trx, app.id, award ? 'awarded' : 'not-awarded', award?.key ?? null, at);
      if (!(await markNotified(trx, app.id, at))) continue;
      const firstName = detailsOf(app).firstName ?? app.accountFirst;
      const message = award
        ? scholarshipAwardEmail({
            to: app.email,
            firstName,
            year: round.year,
            award,
            site,
          })
        : scholarshipNotAwardedEmail({
            to: app.email,
            firstName,
            year: round.year,
            site,
          });
      await queueMail(
        trx,
        message,
        {
          purpose: award ? 'scholarship_awarded' : 'scholarship_not_awarded',
          dedupeKey: `scholarship:${app.id}:outcome`,
        },
        now,
      );
      if (!award) thanked++;
    }
    await markRoundDecided(trx, roundId, at);
    const winners = round.awards.map((award) => `${award.name} to application ${[...chosen.winners].find(([, key]) => key === award.key)![0]}`);
    await recordAudit(
      trx,
      actor,
      {
        action: 'scholarship_awards_sent',
        subject: `scholarship_round:${roundId}`,
        summary: `Decided the ${round.year} scholarship: ${winners.join(', ')}; ${thanked} thank-you email${thanked === 1 ? '' : 's'}`,
        after: {
          winners: Object.fromEntries([...chosen.winners].map(([id, key]) => [key, id])),
        },
      },
      now,
    );
    return {
      ok: true as const,
      message: `The award emails are on their way: ${winners.join(', ')}, and ${thanked} thank-you email${thanked === 1 ? '' : 's'}.`,
    };
  });
  mail.kick();
  return result;
}

const outcomeText = (round: RoundView, app: RankedApplication) =>
  app.outcome === 'awarded' ? `awarded: ${round.awards.find((a) => a.key === app.awardKey)?.name ?? app.awardKey}` : app.outcome === 'not-awarded' ? 'not awarded' : '';

/** The committee's ranking, one row per application, each criterion's average over its scores. */
export function rankingCsv(round: RoundView, apps: SubmittedApplicationRow[], reviews: ReviewRow[]): { csv: string; rows: number } {
  const ranking = rankApplications(round, apps, reviews);
  const criterionAverage = (applicationId: number, key: string) => {
    const values = reviews.filter((r) => r.applicationId === applicationId && reviewWeighted(round, r) !== null).map((r) => scoresOf(r)[key]!);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  const csv = toCsv(
    ['Rank', 'Application', 'Name', 'Email', 'College', 'Field of study', 'Average score', 'Scores', 'Spread', ...round.rubric.map((c) => `${c.label} (average)`), 'Outcome'],
    ranking.map((app, i) => [
      i + 1,
      app.applicationId,
      app.name,
      app.email,
      app.college,
      app.fieldOfStudy,
      points(app.average),
      app.scoreCount,
      app.scoreCount > 1 ? points(app.spread) : '',
      ...round.rubric.map((c) => points(criterionAverage(app.applicationId, c.key))),
      outcomeText(round, app),
    ]),
  );
  return { csv, rows: ranking.length };
}

/** One row per review: who, its status, each criterion, the weighted score and the comment. */
export function scoresCsv(round: RoundView, reviews: ReviewRow[]): { csv: string; rows: number } {
  const csv = toCsv(
    ['Application', 'Reviewer', 'Reviewer email', 'Status', ...round.rubric.map((c) => c.label), 'Weighted score', 'Comment', 'Conflict note'],
    reviews.map((r) => [
      r.applicationId,
      reviewerName(r),
      r.reviewerEmail,
      r.status === 'assigned' ? 'to score' : r.status,
      ...round.rubric.map((c) => scoresOf(r)[c.key] ?? ''),
      points(reviewWeighted(round, r)),
      r.comment ?? '',
      r.conflictNote ?? '',
    ]),
  );
  return { csv, rows: reviews.length };
}
