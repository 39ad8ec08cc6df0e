import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface OutboxMessage {
  id: number;
  purpose: string;
  paymentId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: StoredAttachment[];
  sensitive: boolean;
  status: 'pending' | 'sent';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

function toMessage(row: Selectable<MailOutboxTable>): OutboxMessage {
  return {
    id: Number(row.id),
    purpose: row.purpose,
    paymentId: row.payment_id === null ? null : Number(row.payment_id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: row.attachments_json ? (JSON.parse(row.attachments_json) as StoredAttachment[]) : [],
    sensitive: Number(row.sensitive) === 1,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** In the caller's transaction; a repeated `dedupeKey` is dropped (false), so a retried step never mails twice. */
export async function enqueueMail(
  db: Executor,
  input: {
    purpose: string;
    paymentId: number | null;
    dedupeKey: string | null;
    to: string;
    subject: string;
    text: string;
    html: string | null;
    attachments: StoredAttachment[];
    sensitive: boolean;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values({
      purpose: input.purpose,
      payment_id: input.paymentId,
      dedupe_key: input.dedupeKey,
      to_address: input.to,
      subject: input.subject.slice(0, 300),
      text_body: input.text,
      html_body: input.html,
      attachments_json: input.attachments.length > 0 ? JSON.stringify(input.attachments) : null,
      sensitive: input.sensitive ? 1 : 0,
      status: 'pending',
      next_attempt_at: input.now,
      last_error: null,
      created_at: input.now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listDueMail(db: Executor, now: string, limit: number): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

/** False when another worker has it. */
export async function claimMail(db: Executor, message: Pick<OutboxMessage, 'id' | 'nextAttemptAt'>, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', message.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', message.nextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markMailSent(db: Executor, id: number, sensitive: boolean, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    // A sent reset link is still a live credential for an hour: its body is not kept.
    .set(sensitive ? { status: 'sent', sent_at: now, last_error: null, text_body: '', html_body: null, attachments_json: null } : { status: 'sent', sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function scheduleMailRetry(db: Executor, id: number, error: string, at: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ last_error: error.slice(0, 1000), next_attempt_at: at }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** The prefix is ours, never typed by anyone. */
export async function countMailWithKeyPrefix(db: Executor, prefix: string): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('dedupe_key', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function mailTimesWithKeyPrefix(db: Executor, prefix: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('created_at')
    .where('dedupe_key', 'like', `${prefix}%`)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function hasMailWithKey(db: Executor, key: string): Promise<boolean> {
  return (await db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', key).executeTakeFirst()) !== undefined;
}
