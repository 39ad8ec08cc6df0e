import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { failOnDuplicate } from '../errors';
import { parseJsonColumn, toJsonColumn } from '../json';
import type { CampaignAdminView } from '../../../common/campaigns';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** ADR 047. The fields are the back office's view of a campaign less its progress, so they are written once, in common/. */
export interface CampaignRow extends Omit<CampaignAdminView, 'progress'> {
  createdAt: string;
  updatedAt: string;
}

export type CampaignFields = Omit<CampaignRow, 'id' | 'featured' | 'createdAt' | 'updatedAt'>;

const toRow = (r: Selectable<Database['campaigns']>): CampaignRow => ({
  id: Number(r.id),
  slug: r.slug,
  name: r.name,
  story: r.story,
  image: parseJsonColumn<NonNullable<CampaignRow['image']>>(r.image_json),
  goalCents: Number(r.goal_cents),
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  familyYear: r.family_year === null ? null : Number(r.family_year),
  published: Number(r.published) === 1,
  featured: Number(r.featured) === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const columns = (fields: CampaignFields) => ({
  slug: fields.slug,
  name: fields.name,
  story: fields.story,
  image_json: toJsonColumn(fields.image),
  goal_cents: fields.goalCents,
  starts_on: fields.startsOn,
  ends_on: fields.endsOn,
  family_year: fields.familyYear,
  published: fields.published ? 1 : 0,
});

/** Newest start first. */
export async function listCampaignRows(db: Executor): Promise<CampaignRow[]> {
  const rows = await db.selectFrom('campaigns').selectAll().orderBy('starts_on', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toRow);
}

export async function findCampaignRow(db: Executor, by: { id: number } | { slug: string }): Promise<CampaignRow | null> {
  const query = db.selectFrom('campaigns').selectAll();
  const row = await ('id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug)).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** DuplicateKeyError when the slug is taken. */
export async function insertCampaignRow(db: Executor, fields: CampaignFields, now: string): Promise<number> {
  const row = await failOnDuplicate(() =>
    db
      .insertInto('campaigns')
      .values({ ...columns(fields), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return Number(row.id);
}

export async function updateCampaignRow(db: Executor, id: number, fields: CampaignFields, now: string): Promise<void> {
  // A draft is never featured.
  await failOnDuplicate(() =>
    db
      .updateTable('campaigns')
      .set({ ...columns(fields), ...(fields.published ? {} : { featured: 0 }), updated_at: now })
      .where('id', '=', id)
      .execute(),
  );
}

/** One at most: the others lose it first, in the same transaction. */
export async function setFeaturedCampaign(trx: Transaction<Database>, id: number | null, now: string): Promise<void> {
  await trx.updateTable('campaigns').set({ featured: 0, updated_at: now }).where('featured', '=', 1).execute();
  if (id !== null) await trx.updateTable('campaigns').set({ featured: 1, updated_at: now }).where('id', '=', id).execute();
}

export interface CampaignTotals {
  raisedCents: number;
  gifts: number;
}

/** Kept money of paid gifts: a refund lowers it, a fully refunded gift drops out. */
export async function campaignTotals(db: Executor, campaignIds: number[]): Promise<Map<number, CampaignTotals>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .select([
      'donations.campaign_id',
      sql<string | number>`coalesce(sum(payments.amount_cents - payments.refunded_cents), 0)`.as('raised'),
      sql<string | number>`count(*)`.as('gifts'),
    ])
    .where('donations.campaign_id', 'in', campaignIds)
    .where('payments.status', 'in', ['paid', 'partially_refunded'])
    .groupBy('donations.campaign_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.campaign_id), { raisedCents: Number(r.raised), gifts: Number(r.gifts) }]));
}

/** Newest first; the caller leaves out anonymous and nameless gifts. */
export async function latestNamedGifts(db: Executor, campaignId: number, limit: number): Promise<{ donorName: string; paidAt: string }[]> {
  const rows = await db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .select(['donations.donor_name', 'payments.paid_at'])
    .where('donations.campaign_id', '=', campaignId)
    .where('donations.anonymous', '=', 0)
    .where('donations.donor_name', '!=', '')
    .where('payments.status', 'in', ['paid', 'partially_refunded'])
    .orderBy('payments.paid_at', 'desc')
    .orderBy('donations.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ donorName: r.donor_name, paidAt: r.paid_at ?? '' }));
}

/** For the response cache: moves whenever a gift to a campaign is made, paid or refunded. */
export async function campaignGiftMarks(db: Executor): Promise<{ slug: string; featured: boolean; mark: string }[]> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('donations', 'donations.campaign_id', 'campaigns.id')
    .leftJoin('payments', 'payments.id', 'donations.payment_id')
    .select([
      'campaigns.slug',
      'campaigns.featured',
      sql<string | number | null>`max(donations.id)`.as('newest'),
      sql<string | null>`max(payments.updated_at)`.as('changed'),
    ])
    .groupBy(['campaigns.id', 'campaigns.slug', 'campaigns.featured'])
    .execute();
  return rows.map((r) => ({ slug: r.slug, featured: Number(r.featured) === 1, mark: `${r.newest ?? ''}|${r.changed ?? ''}` }));
}
