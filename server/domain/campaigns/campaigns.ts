import type { ActionResult, FormFields, StaffActor } from '../../../common/back-office';
import {
  campaignPhase,
  campaignProgress,
  firstNameOf,
  type CampaignAdminView,
  type CampaignPage,
  type CampaignProgress,
  type CampaignsService,
  type FeaturedCampaign,
  type SaveCampaignResult,
} from '../../../common/campaigns';
import { parseFields } from '../../../common/api-errors';
import { formatDayOf, todayInFoundationZone } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import type { ContentService } from '../../../common/load-context';
import type { Db } from '../../db/database';
import { DuplicateKeyError } from '../../db/errors';
import {
  campaignTotals,
  findCampaignRow,
  insertCampaignRow,
  latestNamedGifts,
  listCampaignRows,
  setFeaturedCampaign,
  updateCampaignRow,
  type CampaignFields,
  type CampaignRow,
} from '../../db/repositories/campaigns';
import { findMediaByKey } from '../../db/repositories/media';
import { recordAudit } from '../back-office/audit';
import { ConflictError, NotFoundError } from '../errors';
import type { Trx } from '../payments/core';
import { CampaignFormSchema } from './campaign-form';

const SUPPORTERS_SHOWN = 10;
const UPLOAD_SRC = /^\/media\/u\/([a-f0-9]{8,40})\/[a-z0-9.]+$/;
const fail = (errors: Record<string, string>) => ({ ok: false as const, errors });
const ADMIN_PUBLISHES = 'Only an admin can publish a campaign. Save it as a draft and ask an admin to publish it.';

const paragraphs = (story: string) =>
  story
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** Each campaign's progress (ADR 047): published or not, newest start first. */
async function campaignsProgress(db: Db, now: Date): Promise<CampaignProgress[]> {
  const rows = await listCampaignRows(db);
  return withProgress(db, rows, now);
}

/** What the back office's overview shows: published campaigns that have not ended. */
export async function runningCampaignsProgress(db: Db, now: Date): Promise<CampaignProgress[]> {
  const today = todayInFoundationZone(now);
  const rows = (await listCampaignRows(db)).filter((row) => row.published && campaignPhase(row.startsOn, row.endsOn, today) !== 'ended');
  return withProgress(db, rows, now);
}

async function withProgress(db: Db, rows: CampaignRow[], now: Date): Promise<CampaignProgress[]> {
  const totals = await campaignTotals(db, rows.map((r) => r.id));
  const today = todayInFoundationZone(now);
  return rows.map((row) => campaignProgress(row, totals.get(row.id) ?? { raisedCents: 0, gifts: 0 }, today));
}

/**
 * A gift may name a campaign only while it is published and open; checked in the transaction that
 * records the gift, so the campaign id and the amount are written together (ADR 010).
 */
export async function campaignTakingGifts(trx: Trx, campaignId: number, now: Date): Promise<void> {
  const row = await findCampaignRow(trx, { id: campaignId });
  if (!row || !row.published) throw new NotFoundError({ campaignId: 'This campaign does not exist. Please give from the campaign’s page, or give to the foundation.' });
  const phase = campaignPhase(row.startsOn, row.endsOn, todayInFoundationZone(now));
  if (phase === 'upcoming') throw new ConflictError({ campaignId: `The campaign “${row.name}” has not started yet: it takes gifts from ${formatDayOf(`${row.startsOn}T12:00:00Z`)}.` });
  if (phase === 'ended') throw new ConflictError({ campaignId: `The campaign “${row.name}” has ended and takes no more gifts. Thank you! You can still give to the foundation.` });
}

/** What a campaign gift's receipt says of its campaign. */
export async function campaignOnReceipt(trx: Trx, campaignId: number): Promise<{ name: string; namesFamily: boolean } | null> {
  const row = await findCampaignRow(trx, { id: campaignId });
  return row ? { name: row.name, namesFamily: row.familyYear !== null } : null;
}

export function createCampaigns({ db, content, clock = () => new Date() }: { db: Db; content: ContentService; clock?: () => Date }): CampaignsService {
  async function pictureOf(src: string | null, alt: string, before: CampaignRow['image']): Promise<CampaignRow['image'] | 'missing'> {
    if (src === null) return null;
    if (before && before.src === src) return { ...before, alt };
    const match = UPLOAD_SRC.exec(src);
    const media = match ? await findMediaByKey(db, match[1]!) : null;
    return media && media.kind === 'image' && media.width && media.height ? { src, width: media.width, height: media.height, alt } : 'missing';
  }

  async function families(): Promise<{ year: number; header: string }[]> {
    const page = await content.page('family_of_the_year');
    return (page?.families ?? []).map((f) => ({ year: f.year, header: f.header })).sort((a, b) => b.year - a.year);
  }

  const isPublic = (row: CampaignRow | null): row is CampaignRow => Boolean(row?.published);

  return {
    async page(slug) {
      const row = await findCampaignRow(db, { slug });
      if (!isPublic(row)) return null;
      const [progress] = await withProgress(db, [row], clock());
      const gifts = await latestNamedGifts(db, row.id, SUPPORTERS_SHOWN);
      const page: CampaignPage = {
        progress: progress!,
        story: paragraphs(row.story),
        image: row.image,
        namesFamily: row.familyYear !== null,
        supporters: gifts.map((g) => ({ firstName: firstNameOf(g.donorName), paidOn: g.paidAt ? formatDayOf(g.paidAt) : '' })).filter((s) => s.firstName !== ''),
      };
      return page;
    },

    async featured(): Promise<FeaturedCampaign | null> {
      const row = (await listCampaignRows(db)).find((r) => r.featured && r.published);
      if (!row) return null;
      const [progress] = await withProgress(db, [row], clock());
      return { progress: progress!, image: row.image, summary: paragraphs(row.story)[0] ?? '' };
    },

    async familyLinks() {
      const rows = (await listCampaignRows(db)).filter((r) => r.published && r.familyYear !== null);
      const links: Record<number, { slug: string; name: string }> = {};
      // Newest start first, so a family's latest campaign wins.
      for (const r of rows) links[r.familyYear!] ??= { slug: r.slug, name: r.name };
      return links;
    },

    progressOfAll: () => campaignsProgress(db, clock()),

    publishedSlugs: async () => (await listCampaignRows(db)).filter((r) => r.published).map((r) => r.slug),

    async forStaff() {
      const rows = await listCampaignRows(db);
      const progress = await withProgress(db, rows, clock());
      const views: CampaignAdminView[] = rows.map((row, i) => ({ ...row, progress: progress[i]! }));
      return { campaigns: views, families: await families() };
    },

    async save(actor: StaffActor, id: number | null, fields: FormFields): Promise<SaveCampaignResult> {
      const before = id === null ? null : await findCampaignRow(db, { id });
      if (id !== null && !before) return fail({ form: 'This campaign no longer exists.' });
      if (actor.role !== 'admin' && before?.published) return fail({ form: 'This campaign is published, so only an admin can change it.' });
      const parsed = parseFields(CampaignFormSchema, fields);
      if (!parsed.ok) return fail(parsed.errors);
      const values = parsed.data;
      if (actor.role !== 'admin' && values.published) return fail({ form: ADMIN_PUBLISHES });
      if (values.familyYear !== null && !(await families()).some((f) => f.year === values.familyYear)) return fail({ familyYear: 'Choose a family from the list.' });
      const image = await pictureOf(values.imageSrc, values.imageAlt, before?.image ?? null);
      if (image === 'missing') return fail({ imageSrc: 'Choose a picture from the media library.' });
      const row: CampaignFields = {
        slug: values.slug,
        name: values.name,
        story: values.story,
        image,
        goalCents: values.goal,
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        familyYear: values.familyYear,
        published: values.published,
      };
      const now = clock();
      try {
        const savedId = await db.transaction().execute(async (trx) => {
          const saved = before ? (await updateCampaignRow(trx, before.id, row, now.toISOString()), before.id) : await insertCampaignRow(trx, row, now.toISOString());
          await recordAudit(
            trx,
            actor,
            {
              action: before ? 'campaign_changed' : 'campaign_created',
              subject: `campaign:${saved}`,
              summary: `${before ? 'Changed' : 'Created'} the campaign "${row.name}" (goal ${formatCents(row.goalCents)})${row.published ? '' : ' (draft)'}`,
              before,
              after: row,
            },
            now,
          );
          return saved;
        });
        return { ok: true, id: savedId, slug: row.slug, message: row.published ? `Campaign saved. Its page is /give/${row.slug}.` : 'Campaign saved as a draft.' };
      } catch (error) {
        if (error instanceof DuplicateKeyError) return fail({ slug: `Another campaign already has the web address /give/${row.slug}. Choose another.` });
        throw error;
      }
    },

    async feature(actor: StaffActor, id: number | null): Promise<ActionResult> {
      if (actor.role !== 'admin') return fail({ form: 'Only an admin can choose the campaign on the home page.' });
      const row = id === null ? null : await findCampaignRow(db, { id });
      if (id !== null && !isPublic(row)) return fail({ form: 'Only a published campaign can be on the home page.' });
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await setFeaturedCampaign(trx, id, now.toISOString());
        await recordAudit(trx, actor, { action: 'campaign_featured', subject: id === null ? 'campaign:none' : `campaign:${id}`, summary: row ? `Featured the campaign "${row.name}" on the home page` : 'Took the campaign off the home page' }, now);
      });
      return { ok: true, message: row ? `“${row.name}” is now on the home page.` : 'No campaign is on the home page now.' };
    },
  };
}
