import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// with optional user:pass@; nodemailer options in its query string win over ours. */
  smtpUrl: string;
  from: string;
}

/** Short enough that a dead mail server fails a send within seconds, not the default minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

export function createSmtpMailer({ smtpUrl, from }: SmtpMailerOptions, logger: Logger): Mailer {
  // A pool reuses connections, so a burst of receipts after an event does not open one per mail.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 3, ...TIMEOUTS });
  const inFlight = new Set<Promise<unknown>>();

  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const sending = transport.sendMail({ from, ...message });
      inFlight.add(sending);
      try {
        const info = await sending;
        logger.info({ subject: message.subject, messageId: info.messageId }, 'mail sent');
      } finally {
        inFlight.delete(sending);
      }
    },
    async close() {
      // Closing the pool at once would fail a receipt that is still being delivered at shutdown.
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}
