import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database';
import { ERASED_EMAIL } from '../db/repositories/account-data';
import { claimMail, enqueueMail, listDueMail, markMailSent, scheduleMailRetry, type OutboxMessage } from '../db/repositories/mail-outbox';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from '../mail/mailer';

type Executor = Kysely<Database> | Transaction<Database>;

export interface MailMeta {
  purpose: string;
  paymentId?: number | null;
  dedupeKey?: string | null;
  /** The body holds a secret (a reset link): not kept once sent. */
  sensitive?: boolean;
}

/** In the caller's transaction (ADR 015): it leaves only if the change that caused it commits. */
export async function queueMail(db: Executor, message: MailMessage, meta: MailMeta, now: Date): Promise<boolean> {
  // An erased account's address (ADR 026): nobody to write to.
  if (message.to === ERASED_EMAIL) return false;
  return enqueueMail(db, {
    purpose: meta.purpose,
    paymentId: meta.paymentId ?? null,
    dedupeKey: meta.dedupeKey ?? null,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content).toString('base64'),
    })),
    sensitive: meta.sensitive ?? false,
    now: now.toISOString(),
  });
}

const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const LOUD_AFTER_ATTEMPTS = 5;
const BATCH = 50;

/** Never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

function toMailMessage(message: OutboxMessage, messageIdHost: string): MailMessage {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.attachments.length > 0
      ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })) }
      : {}),
    messageId: `<outbox-${message.id}.${Date.parse(message.createdAt)}@${messageIdHost}>`,
    date: new Date(message.createdAt),
  };
}

export interface MailDeliveryDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  messageIdHost: () => string;
  clock?: () => Date;
  onAttempt?: (result: 'sent' | 'failed') => void;
}

/**
 * Any instance may run it: each message is claimed by a conditional update before sending. After a
 * crash mid-send it goes again with the same Message-ID (at least once).
 */
export function createMailDelivery({ db, mailer, logger, messageIdHost, clock = () => new Date(), onAttempt = () => undefined }: MailDeliveryDeps) {
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;

  async function deliverOnce(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const now = clock();
      const due = await listDueMail(db, now.toISOString(), BATCH);
      if (due.length === 0) break;
      let progressed = false;
      for (const message of due) {
        if (!(await claimMail(db, message, new Date(now.getTime() + LEASE_MS).toISOString()))) continue;
        progressed = true;
        const attempts = message.attempts + 1;
        try {
          await mailer.send(toMailMessage(message, messageIdHost()));
          await markMailSent(db, message.id, message.sensitive, clock().toISOString());
          sent += 1;
          onAttempt('sent');
        } catch (error) {
          failed += 1;
          onAttempt('failed');
          const retryAt = new Date(clock().getTime() + retryDelayMs(attempts)).toISOString();
          await scheduleMailRetry(db, message.id, error instanceof Error ? error.message : String(error), retryAt);
          const log = { err: error, mailId: message.id, purpose: message.purpose, paymentId: message.paymentId, attempts, retryAt };
          if (attempts >= LOUD_AFTER_ATTEMPTS) logger.error(log, 'mail still not delivered; will keep trying');
          else logger.warn(log, 'mail could not be delivered; will retry');
        }
      }
      if (!progressed) break;
    }
    return { sent, failed };
  }

  /** Concurrent calls share one run (and ask for one more after it). */
  function deliverDue(): Promise<{ sent: number; failed: number }> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        let total = { sent: 0, failed: 0 };
        do {
          again = false;
          const round = await deliverOnce();
          total = { sent: total.sent + round.sent, failed: total.failed + round.failed };
        } while (again);
        return total;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    deliverDue,
    /** After a transaction that queued mail commits. */
    kick(): void {
      deliverDue().catch((error: unknown) => logger.error({ err: error }, 'mail delivery run failed'));
    },
    async idle(): Promise<void> {
      while (running) await running.catch(() => undefined);
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
