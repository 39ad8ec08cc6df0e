import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type ReceivedMail } from '../../tests/helpers/smtp-server';
import { createMailer } from './create-mailer';
import type { Mailer } from './mailer';

const logger = pino({ level: 'silent' });
const config = (smtpUrl: string) => ({ smtpUrl, from: 'Sample Foundation <no-reply@example.org>', outboxDir: '/nonexistent/outbox' });

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function track(mailer: Mailer): Mailer {
  cleanups.push(() => mailer.close());
  return mailer;
}

describe('SMTP mailer', () => {
  it('delivers the message to the configured server', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const mailer = track(createMailer(config(`smtp://127.0.0.1:${smtp.port}`), logger));
    expect(mailer.kind).toBe('smtp');

    await mailer.send({
      to: 'donor@example.org',
      subject: 'Receipt for your donation',
      text: 'Thank you.',
      html: '<p>Thank you.</p>',
      attachments: [{ filename: 'event-2.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8' }],
    });

    expect(smtp.received).toHaveLength(1);
    const [{ envelope, mail }] = smtp.received as [ReceivedMail];
    expect(envelope.rcptTo.map((r) => r.address)).toEqual(['donor@example.org']);
    expect(envelope.mailFrom && envelope.mailFrom.address).toBe('no-reply@example.org');
    expect(mail.subject).toBe('Receipt for your donation');
    expect(mail.text?.trim()).toBe('Thank you.');
    expect(mail.html).toBe('<p>Thank you.</p>');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['event-2.ics']);
  });

  it('waits for a delivery in progress before closing', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const mailer = createMailer(config(`smtp://127.0.0.1:${smtp.port}`), logger);
    const sending = mailer.send({ to: 'a@example.org', subject: 'During shutdown', text: 'x' });
    await mailer.close();
    await sending;
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(['During shutdown']);
  });

  it('rejects when the server cannot be reached, leaving the decision to the caller', async () => {
    const mailer = track(createMailer(config(`smtp://127.0.0.1:${await closedPort()}`), logger));
    await expect(mailer.send({ to: 'a@example.org', subject: 'Lost', text: 'x' })).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});
