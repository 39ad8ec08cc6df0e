import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { processUpload } from '../../server/domain/media/process-upload';
import type { Db } from '../../server/db/database';
import type { PaymentStatus, SignupsTable } from '../../server/db/schema';

/**
 * Rows written straight to the database at chosen moments, for reports that count by date
 * (the overview's year to date): payments made through the API would all be dated now.
 * Nothing here is left for the payment sweep to check.
 */

const FAR_FUTURE = '2999-01-01T00:00:00.000Z';

export async function insertUser(db: Db, user: { first: string; last: string; email: string; at: string }): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ first: user.first, last: user.last, username: user.email, email: user.email, password_hash: 'x', password_changed_at: null, email_verified_at: user.at, created_at: user.at, updated_at: user.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface PaymentRow {
  purpose?: 'donation' | 'signup';
  amountCents: number;
  status?: PaymentStatus;
  statusReason?: string | null;
  refundedCents?: number;
  userId?: number | null;
  /** Created then, and paid then unless pending or failed. */
  at: string;
}

export async function insertPayment(db: Db, p: PaymentRow): Promise<number> {
  const status = p.status ?? 'paid';
  const wentThrough = status === 'paid' || status === 'partially_refunded' || status === 'refunded';
  const row = await db
    .insertInto('payments')
    .values({
      purpose: p.purpose ?? 'donation',
      amount_cents: p.amountCents,
      status,
      status_reason: p.statusReason ?? null,
      refunded_cents: p.refundedCents ?? 0,
      gateway_key: randomUUID(),
      intent_id: null,
      user_id: p.userId ?? null,
      client_key: null,
      created_at: p.at,
      updated_at: p.at,
      paid_at: wentThrough ? p.at : null,
      expires_at: FAR_FUTURE,
      next_check_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A donation and its payment; answers the payment's id. */
export async function insertGift(
  db: Db,
  gift: PaymentRow & { email: string; donorName?: string; planId?: number; planMonth?: string; planAttempt?: number; monthly?: boolean },
): Promise<number> {
  const paymentId = await insertPayment(db, { ...gift, purpose: 'donation' });
  await db
    .insertInto('donations')
    .values({
      payment_id: paymentId,
      email: gift.email,
      donor_name: gift.donorName ?? '',
      created_at: gift.at,
      gift_cents: gift.amountCents,
      monthly: gift.monthly || gift.planId !== undefined ? 1 : 0,
      plan_id: gift.planId ?? null,
      plan_month: gift.planMonth ?? null,
      plan_attempt: gift.planAttempt ?? null,
    })
    .execute();
  return paymentId;
}

export async function insertPlan(
  db: Db,
  plan: { email: string; donorName: string; giftCents: number; coverFees?: boolean; status?: 'active' | 'stopped'; firstPaymentId: number; at: string; nextChargeOn: string },
): Promise<number> {
  const row = await db
    .insertInto('giving_plans')
    .values({
      email: plan.email,
      user_id: null,
      donor_name: plan.donorName,
      gift_cents: plan.giftCents,
      cover_fees: plan.coverFees ? 1 : 0,
      status: plan.status ?? 'active',
      anchor_day: Number(plan.nextChargeOn.slice(8, 10)),
      next_charge_on: plan.nextChargeOn,
      payment_method_id: '',
      manage_key: randomUUID(),
      first_payment_id: plan.firstPaymentId,
      created_at: plan.at,
      updated_at: plan.at,
      stopped_at: plan.status === 'stopped' ? plan.at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertRefund(db: Db, refund: { paymentId: number; amountCents: number; status: 'succeeded' | 'failed' | 'pending'; lastError?: string; at: string }): Promise<number> {
  const row = await db
    .insertInto('refunds')
    .values({
      payment_id: refund.paymentId,
      amount_cents: refund.amountCents,
      reason: 'requested_by_customer',
      status: refund.status,
      request_key: randomUUID(),
      gateway_key: randomUUID(),
      last_error: refund.lastError ?? null,
      created_at: refund.at,
      updated_at: refund.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A sign-up and its payment, with its people (players for a team, attendees for a party). */
export async function insertSignup(
  db: Db,
  signup: PaymentRow & { eventNumber: number; kind: SignupsTable['kind']; receiptEmail: string; places?: number; people: string[] },
): Promise<number> {
  const paymentId = await insertPayment(db, { ...signup, purpose: 'signup' });
  const event = await db.selectFrom('events').select('id').where('event_number', '=', signup.eventNumber).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('signups')
    .values({
      payment_id: paymentId,
      event_id: event.id,
      kind: signup.kind,
      receipt_email: signup.receiptEmail,
      places: signup.places ?? 1,
      hold_expires_at: FAR_FUTURE,
      created_at: signup.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const table = signup.kind === 'steakfry' ? 'signup_attendees' : 'signup_players';
  for (const [index, name] of signup.people.entries()) {
    await db.insertInto(table).values({ signup_id: row.id, position: index + 1, name }).execute();
  }
  return paymentId;
}

/** An upload with real picture files, so a page that shows it (the media library) loads them. */
export async function insertMedia(db: Db, media: { fileName: string; published: boolean; archived?: boolean; at: string }): Promise<number> {
  const upload = await processUpload({ bytes: await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2f6f6f' } }).jpeg().toBuffer(), declaredType: 'image/jpeg', fileName: media.fileName });
  const row = await db
    .insertInto('media')
    .values({
      // Its own key: the same picture inserted twice stays two uploads.
      key: randomBytes(16).toString('hex'),
      kind: 'image',
      content_type: 'image/jpeg',
      width: upload.width,
      height: upload.height,
      file_name: media.fileName,
      byte_size: 100,
      storage: 'database',
      staff_id: null,
      created_at: media.at,
      published: media.published ? 1 : 0,
      archived: media.archived ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const file of upload.files) {
    await db.insertInto('media_files').values({ media_id: Number(row.id), name: file.name, content_type: file.contentType, byte_size: file.bytes.byteLength, bytes: file.bytes }).execute();
  }
  return Number(row.id);
}

export async function insertPageDraft(db: Db, draft: { page: string; staffEmail: string; at: string }): Promise<void> {
  await db.deleteFrom('content_versions').where('page', '=', draft.page).where('status', '=', 'draft').execute();
  await db.insertInto('content_versions').values({ page: draft.page, status: 'draft', data_json: '{}', staff_id: null, staff_email: draft.staffEmail, created_at: draft.at }).execute();
}
