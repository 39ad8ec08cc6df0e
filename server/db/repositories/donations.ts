import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { TributeKind } from '../../../common/donations';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Tribute {
  kind: TributeKind;
  name: string;
  notify: { name: string; email: string; includeAmount: boolean } | null;
}

export interface Donation {
  id: number;
  paymentId: number;
  email: string;
  message: string;
  donorName: string;
  anonymous: boolean;
  giftCents: number;
  feeCents: number;
  tribute: Tribute | null;
  /** Once paid, this gift starts a plan (ADR 027). */
  monthly: boolean;
  /** A plan's first gift is attempt 0. */
  plan: { id: number; month: string; attempt: number } | null;
  /** Until the plan is made from it. */
  subscriptionId: string | null;
  invoiceId: string | null;
  /** ADR 047. */
  campaignId: number | null;
  createdAt: string;
}

export interface NewDonation {
  paymentId: number;
  email: string;
  message: string;
  donorName?: string;
  anonymous?: boolean;
  /** Read from the payment when not given. */
  giftCents?: number;
  feeCents?: number;
  tribute?: Tribute | null;
  monthly?: boolean;
  plan?: { id: number; month: string; attempt: number } | null;
  invoiceId?: string | null;
  campaignId?: number | null;
  now: string;
}

const COLUMNS = [
  'id',
  'payment_id',
  'email',
  'message',
  'donor_name',
  'anonymous',
  'gift_cents',
  'fee_cents',
  'tribute_kind',
  'tribute_name',
  'notify_name',
  'notify_email',
  'notify_amount',
  'monthly',
  'plan_id',
  'plan_month',
  'plan_attempt',
  'subscription_id',
  'invoice_id',
  'campaign_id',
  'created_at',
] as const;

type Row = Pick<Selectable<Database['donations']>, (typeof COLUMNS)[number]>;

function toDonation(row: Row): Donation {
  return {
    id: Number(row.id),
    paymentId: Number(row.payment_id),
    email: row.email,
    message: row.message,
    donorName: row.donor_name,
    anonymous: Number(row.anonymous) === 1,
    giftCents: Number(row.gift_cents),
    feeCents: Number(row.fee_cents),
    tribute: row.tribute_kind
      ? {
          kind: row.tribute_kind,
          name: row.tribute_name ?? '',
          notify: row.notify_email ? { name: row.notify_name ?? '', email: row.notify_email, includeAmount: Number(row.notify_amount) === 1 } : null,
        }
      : null,
    monthly: Number(row.monthly) === 1,
    plan: row.plan_id === null ? null : { id: Number(row.plan_id), month: row.plan_month ?? '', attempt: Number(row.plan_attempt) },
    subscriptionId: row.subscription_id,
    invoiceId: row.invoice_id,
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    createdAt: row.created_at,
  };
}

export async function insertDonation(db: Executor, input: NewDonation): Promise<Donation> {
  const row = await db
    .insertInto('donations')
    .values({
      payment_id: input.paymentId,
      email: input.email,
      message: input.message,
      donor_name: input.donorName ?? '',
      anonymous: input.anonymous ? 1 : 0,
      gift_cents: input.giftCents ?? sql<number>`(select amount_cents from payments where id = ${input.paymentId})`,
      fee_cents: input.feeCents ?? 0,
      tribute_kind: input.tribute?.kind ?? null,
      tribute_name: input.tribute?.name ?? null,
      notify_name: input.tribute?.notify?.name ?? null,
      notify_email: input.tribute?.notify?.email ?? null,
      notify_amount: input.tribute?.notify?.includeAmount ? 1 : 0,
      monthly: input.monthly ? 1 : 0,
      plan_id: input.plan?.id ?? null,
      plan_month: input.plan?.month ?? null,
      plan_attempt: input.plan?.attempt ?? null,
      invoice_id: input.invoiceId ?? null,
      campaign_id: input.campaignId ?? null,
      created_at: input.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toDonation(row);
}

export async function findDonationOfPayment(db: Executor, paymentId: number): Promise<Donation | null> {
  const row = await db.selectFrom('donations').select(COLUMNS).where('payment_id', '=', paymentId).executeTakeFirst();
  return row ? toDonation(row) : null;
}

/** The plan takes it when the gift is paid. */
export async function setDonationSubscription(db: Executor, donationId: number, subscriptionId: string): Promise<void> {
  await db.updateTable('donations').set({ subscription_id: subscriptionId }).where('id', '=', donationId).execute();
}

export async function findDonationOfInvoice(db: Executor, invoiceId: string): Promise<Donation | null> {
  const row = await db.selectFrom('donations').select(COLUMNS).where('invoice_id', '=', invoiceId).executeTakeFirst();
  return row ? toDonation(row) : null;
}

/** Its receipt then carries the plan's link. */
export async function linkDonationToPlan(db: Executor, donationId: number, plan: { id: number; month: string }): Promise<void> {
  await db.updateTable('donations').set({ plan_id: plan.id, plan_month: plan.month, plan_attempt: 0 }).where('id', '=', donationId).execute();
}

/** A month paid or still being charged is not charged again. */
export async function planMonthTaken(db: Executor, planId: number, month: string): Promise<{ attempts: number; taken: boolean }> {
  const rows = await db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .select(['payments.status'])
    .where('donations.plan_id', '=', planId)
    .where('donations.plan_month', '=', month)
    .execute();
  return { attempts: rows.length, taken: rows.some((r) => r.status !== 'failed' && r.status !== 'expired') };
}
