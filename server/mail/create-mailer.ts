import type { MailConfig } from '../config';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

/** Without SMTP_URL, .eml files in the outbox, so the site works with no mail server. */
export function createMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.from }, logger);
  return createOutboxMailer({ outboxDir: config.outboxDir, from: config.from }, logger);
}
