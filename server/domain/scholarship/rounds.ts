import type { ActionResult, FormFields, StaffActor } from '../../../common/back-office';
import { parseFields } from '../../../common/api-errors';
import { formatCents } from '../../../common/money';
import { DEFAULT_RETENTION_MONTHS, roundPhase, type RoundView } from '../../../common/scholarship';
import type { PublicRoundBlock, ScholarshipRoundsService, WinnerProfileView } from '../../../common/scholarship-rounds';
import type { Db } from '../../db/database';
import { DuplicateKeyError } from '../../db/errors';
import { findMediaByKey } from '../../db/repositories/media';
import {
  currentRound,
  decidedUnpurgedRounds,
  findRound,
  insertRound,
  listRounds,
  purgeRoundApplications,
  submittedCounts,
  updateRound,
  type RoundFields,
} from '../../db/repositories/scholarship-rounds';
import { awardedApplications, insertWinner, publishedWinners, updateWinner, winnersOfRound, type Photo } from '../../db/repositories/scholarship-winners';
import { recordAudit } from '../back-office/audit';
import { parseLockedRoundForm, parseRoundForm } from './round-form';
import { purgeDueAt } from './retention';
import { WinnerFormSchema } from './winner-form';

const fail = (errors: Record<string, string>) => ({ ok: false as const, errors });
const ADMINS_ONLY = 'Only an admin can open or change a round.';
const UPLOAD_SRC = /^\/media\/u\/([a-f0-9]{8,40})\/[a-z0-9.]+$/;
/** The retention job is nobody's click. */
const RETENTION_JOB = { id: null, email: 'retention job', address: null };

/** What the public page says of a round that is open or coming. */
function blockOf(round: RoundView, now: Date): PublicRoundBlock | null {
  const phase = roundPhase(round, now);
  if (phase === 'upcoming') return { phase, year: round.year, opensAt: round.opensAt };
  if (phase !== 'open') return null;
  return {
    phase,
    year: round.year,
    closesAt: round.closesAt,
    requirements: round.questions.map((q) => q.requirement),
    documents: round.documents.map((d) => d.label),
    essays: round.prompts.map((p) => ({ prompt: p.prompt, maxWords: p.maxWords })),
  };
}

export interface ScholarshipRounds extends ScholarshipRoundsService {
  /** Deletes the applications of rounds decided more than their retention time before `now`; answers the rounds purged. */
  purgeExpired(now?: Date): Promise<number[]>;
}

export function createScholarshipRounds({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }): ScholarshipRounds {
  async function photoOf(src: string | null, alt: string, before: Photo | null): Promise<Photo | null | 'missing'> {
    if (src === null) return null;
    if (before && before.src === src) return { ...before, alt };
    const match = UPLOAD_SRC.exec(src);
    const media = match ? await findMediaByKey(db, match[1]!) : null;
    return media && media.kind === 'image' && media.width && media.height ? { src, width: media.width, height: media.height, alt } : 'missing';
  }

  async function hasSubmitted(roundId: number): Promise<boolean> {
    return ((await submittedCounts(db)).get(roundId) ?? 0) > 0;
  }

  return {
    async publicBlock() {
      const now = clock();
      const round = await currentRound(db, now);
      return round ? blockOf(round, now) : null;
    },

    async publishedWinners() {
      const rows = await publishedWinners(db);
      return rows.map((w) => ({ year: w.year, names: [w.name], school: w.school, field: w.field, description: w.quote, photo: w.photo }));
    },

    async retentionMonths() {
      return (await currentRound(db, clock()))?.retentionMonths ?? DEFAULT_RETENTION_MONTHS;
    },

    async listForStaff() {
      const [rounds, counts] = await Promise.all([listRounds(db), submittedCounts(db)]);
      const now = clock();
      return rounds.map((r) => ({ ...r, phase: roundPhase(r, now), submitted: counts.get(r.id) ?? 0 }));
    },

    async forEditing(id) {
      const round = await findRound(db, id);
      return round ? { round, locked: await hasSubmitted(id) } : null;
    },

    async save(actor: StaffActor, id: number | null, fields: FormFields) {
      if (actor.role !== 'admin') return fail({ form: ADMINS_ONLY });
      const before = id === null ? null : await findRound(db, id);
      if (id !== null && !before) return fail({ form: 'This round no longer exists.' });
      let after: RoundFields;
      if (before && (await hasSubmitted(before.id))) {
        // Applicants answered these questions and prompts: only the closing moment and reviewers move.
        const parsed = parseLockedRoundForm(fields);
        if (!parsed.ok) return fail(parsed.errors);
        if (parsed.data.closesAt <= before.opensAt) return fail({ closesDate: 'The round must close after it opens.' });
        after = { year: before.year, opensAt: before.opensAt, closesAt: parsed.data.closesAt, config: { ...before, reviewersPerApplication: parsed.data.reviewersPerApplication } };
      } else {
        const parsed = parseRoundForm(fields);
        if (!parsed.ok) return fail(parsed.errors);
        after = parsed.data;
      }
      const now = clock();
      try {
        const savedId = await db.transaction().execute(async (trx) => {
          const saved = before ? (await updateRound(trx, before.id, after, now.toISOString()), before.id) : await insertRound(trx, after, now.toISOString());
          await recordAudit(
            trx,
            actor,
            {
              action: before ? 'scholarship_round_changed' : 'scholarship_round_opened',
              subject: `scholarship_round:${saved}`,
              summary: `${before ? 'Changed' : 'Opened'} the ${after.year} scholarship round (awards ${after.config.awards.map((a) => `${a.name} ${formatCents(a.amountCents)}`).join(', ')})`,
              before: before ? { year: before.year, opensAt: before.opensAt, closesAt: before.closesAt, config: before } : undefined,
              after,
            },
            now,
          );
          return saved;
        });
        return { ok: true as const, id: savedId, message: `The ${after.year} round is saved.` };
      } catch (error) {
        if (error instanceof DuplicateKeyError) return fail({ year: `There is a ${after.year} round already: edit it instead.` });
        throw error;
      }
    },

    async winners(roundId) {
      const round = await findRound(db, roundId);
      if (!round) return null;
      const [awarded, profiles] = await Promise.all([awardedApplications(db, roundId), winnersOfRound(db, roundId)]);
      const awardName = (key: string) => round.awards.find((a) => a.key === key)?.name ?? key;
      const winners: WinnerProfileView[] = awarded.map((app) => {
        const saved = profiles.find((p) => p.applicationId === app.id);
        const d = app.details;
        return saved
          ? { ...saved, applicationId: app.id, awardName: awardName(saved.awardKey) }
          : {
              id: null,
              applicationId: app.id,
              awardKey: app.awardKey,
              awardName: awardName(app.awardKey),
              name: [d.firstName, d.lastName].filter(Boolean).join(' '),
              school: d.college ?? '',
              field: d.fieldOfStudy ?? '',
              quote: '',
              photo: null,
              consent: false,
              published: false,
            };
      });
      return { round, winners };
    },

    async saveWinner(actor: StaffActor, roundId: number, fields: FormFields): Promise<ActionResult> {
      if (actor.role !== 'admin') return fail({ form: 'Only an admin can publish a winner’s profile.' });
      const parsed = parseFields(WinnerFormSchema, fields);
      if (!parsed.ok) return fail(parsed.errors);
      const w = parsed.data;
      const app = (await awardedApplications(db, roundId)).find((a) => a.id === w.applicationId);
      if (!app) return fail({ form: 'This application was not awarded in this round.' });
      const before = (await winnersOfRound(db, roundId)).find((p) => p.applicationId === app.id) ?? null;
      const photo = await photoOf(w.photoSrc, w.photoAlt, before?.photo ?? null);
      if (photo === 'missing') return fail({ photoSrc: 'Choose a photo from the media library.' });
      const profile = { name: w.name, school: w.school, field: w.field, quote: w.quote, photo, consent: w.consent, published: w.published };
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const id = before ? (await updateWinner(trx, before.id, profile, now.toISOString()), before.id) : await insertWinner(trx, { roundId, applicationId: app.id, awardKey: app.awardKey }, profile, now.toISOString());
        await recordAudit(
          trx,
          actor,
          {
            action: 'scholarship_winner_saved',
            subject: `scholarship_winner:${id}`,
            // By number: the name is in the profile, which the deletion keeps anyway.
            summary: `${w.published ? 'Published' : 'Saved, unpublished,'} the winner’s profile of application ${app.id}`,
            before: before ? { consent: before.consent, published: before.published } : undefined,
            after: { consent: profile.consent, published: profile.published },
          },
          now,
        );
      });
      return { ok: true, message: w.published ? `${w.name}’s profile is on the Scholarship page.` : `${w.name}’s profile is saved, not shown on the site.` };
    },

    async purgeExpired(now = clock()) {
      const due = (await decidedUnpurgedRounds(db)).filter((r) => purgeDueAt(r.decidedAt!, r.retentionMonths) <= now);
      const purged: number[] = [];
      for (const round of due) {
        await db.transaction().execute(async (trx) => {
          const deleted = await purgeRoundApplications(trx, round.id, now.toISOString());
          if (deleted === null) return;
          purged.push(round.id);
          await recordAudit(
            trx,
            RETENTION_JOB,
            { action: 'scholarship_round_purged', subject: `scholarship_round:${round.id}`, summary: `Deleted the ${round.year} round’s ${deleted} applications, their documents, letters and scores (${round.retentionMonths} months after the decision)` },
            now,
          );
        });
      }
      return purged;
    },
  };
}
