import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { TributeKind } from '../../../common/donations';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A tribute: the gift is made in memory or in honor of someone, perhaps with a notification. */
export interface Tribute {
  kind: TributeKind;
  name: string;
  notify: { name: string; email: string; includeAmount: boolean } | null;
}

/** What a donation adds to its payment: where the receipt goes, the donor's message and name, the fee part, a tribute. */
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
  createdAt: string;
}

export interface NewDonation {
  paymentId: number;
  email: string;
  message: string;
  donorName?: string;
  anonymous?: boolean;
  /** Without a fee part the gift is the whole payment, read from it when not given. */
  giftCents?: number;
  feeCents?: number;
  tribute?: Tribute | null;
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
