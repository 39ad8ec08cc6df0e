import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

export interface SmtpMailerOptions {
  /** Nodemailer options in its query string win over ours. */
  smtpUrl: string;
  from: string;
}

/** A dead mail server fails a send within seconds, not the default minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

export function createSmtpMailer({ smtpUrl, from }: SmtpMailerOptions, logger: Logger): Mailer {
  // A burst of receipts after an event does not open a connection per mail.
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
      // Closing the pool at once would fail a receipt still being delivered.
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}
