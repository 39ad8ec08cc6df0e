import type { MailConfig } from '../config';
import type { Logger } from '../logger';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
}

/**
 * Sends one message or rejects; it never retries or swallows a failure, so the caller decides
 * whether a lost mail matters (a receipt is logged for staff, a request is never failed for it).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise .eml files in the outbox, so the site works with no mail server. */
export function createMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.from }, logger);
  return createOutboxMailer({ outboxDir: config.outboxDir, from: config.from }, logger);
}
