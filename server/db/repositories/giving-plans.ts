import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, GivingPlansTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type GivingPlanRow = Selectable<GivingPlansTable>;

export interface NewGivingPlan {
  email: string;
  userId: number | null;
  donorName: string;
  anonymous: boolean;
  giftCents: number;
  coverFees: boolean;
  anchorDay: number;
  nextChargeOn: string;
  /** Empty when Stripe schedules the plan. */
  paymentMethodId: string;
  subscriptionId?: string | null;
  manageKey: string;
  firstPaymentId: number;
  now: string;
}

export async function insertPlan(db: Executor, plan: NewGivingPlan): Promise<GivingPlanRow> {
  return db
    .insertInto('giving_plans')
    .values({
      email: plan.email,
      user_id: plan.userId,
      donor_name: plan.donorName,
      anonymous: plan.anonymous ? 1 : 0,
      gift_cents: plan.giftCents,
      cover_fees: plan.coverFees ? 1 : 0,
      status: 'active',
      anchor_day: plan.anchorDay,
      next_charge_on: plan.nextChargeOn,
      payment_method_id: plan.paymentMethodId,
      manage_key: plan.manageKey,
      first_payment_id: plan.firstPaymentId,
      subscription_id: plan.subscriptionId ?? null,
      created_at: plan.now,
      updated_at: plan.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPlan(db: Executor, id: number): Promise<GivingPlanRow | undefined> {
  return db.selectFrom('giving_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPlansOfUser(db: Executor, userId: number): Promise<GivingPlanRow[]> {
  return db.selectFrom('giving_plans').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function findPlanOfSubscription(db: Executor, subscriptionId: string): Promise<GivingPlanRow | undefined> {
  return db.selectFrom('giving_plans').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
}

/** The site's own schedule only (not Stripe's). */
export async function listDuePlanIds(db: Executor, today: string, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('giving_plans')
    .select('id')
    .where('status', '=', 'active')
    .where('subscription_id', 'is', null)
    .where('next_charge_on', '<=', today)
    .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_charge_on')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** One conditional UPDATE, so of several instances exactly one gets it. */
export async function claimDuePlan(db: Executor, id: number, today: string, now: string, leaseUntil: string): Promise<GivingPlanRow | undefined> {
  const result = await db
    .updateTable('giving_plans')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('subscription_id', 'is', null)
    .where('next_charge_on', '<=', today)
    .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findPlan(db, id);
}

export async function releasePlan(db: Executor, id: number, leaseUntil: string): Promise<void> {
  await db.updateTable('giving_plans').set({ lease_until: null }).where('id', '=', id).where('lease_until', '=', leaseUntil).execute();
}

/** Unless something moved it already. */
export async function movePlanOn(db: Executor, id: number, from: string, next: string, now: string): Promise<void> {
  await db
    .updateTable('giving_plans')
    .set({ next_charge_on: next, failed_attempts: 0, retry_at: null, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('next_charge_on', '=', from)
    .execute();
}

export async function scheduleRetry(db: Executor, id: number, from: string, attempts: number, retryAt: string, now: string): Promise<void> {
  await db
    .updateTable('giving_plans')
    .set({ failed_attempts: attempts, retry_at: retryAt, updated_at: now })
    .where('id', '=', id)
    .where('next_charge_on', '=', from)
    .execute();
}

export async function updatePlan(db: Executor, id: number, values: { gift_cents?: number; cover_fees?: number; status?: 'stopped'; stopped_at?: string; updated_at: string }): Promise<void> {
  await db.updateTable('giving_plans').set(values).where('id', '=', id).execute();
}

/** True only for the caller that stopped it. */
export async function stopPlan(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('giving_plans').set({ status: 'stopped', stopped_at: now, updated_at: now }).where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
