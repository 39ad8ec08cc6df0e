import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../tests/helpers/outbox';
import { createMailer } from './create-mailer';

/** A logger whose JSON lines the test can read. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('is chosen when no SMTP server is configured', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@example.org>', outboxDir: root }, pino({ level: 'silent' }));
    expect(mailer.kind).toBe('outbox');
    await mailer.close();
  });

  it('writes a complete .eml that parses back to what was sent, creating the folder', async () => {
    const outboxDir = path.join(root, 'nested', 'outbox');
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Sample Foundation <no-reply@example.org>', outboxDir }, logger);
    const binary = Buffer.from([0, 1, 2, 250, 255]);
    const calendar = 'BEGIN:VCALENDAR\r\nSUMMARY:Golf — Sample\r\nEND:VCALENDAR\r\n';

    await mailer.send({
      to: 'donor@example.org',
      subject: 'Grüße — receipt',
      text: 'Thank you.\nSecond line.',
      html: '<p>Thank you.</p>',
      attachments: [
        { filename: 'event-1.ics', content: calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
        { filename: 'data.bin', content: binary, contentType: 'application/octet-stream' },
      ],
    });
    await mailer.close();

    const [mail, ...others] = await readOutbox(outboxDir);
    expect(others).toEqual([]);
    expect(path.basename(mail!.file)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(mail).toMatchObject({
      to: 'donor@example.org',
      from: 'no-reply@example.org',
      subject: 'Grüße — receipt',
      html: '<p>Thank you.</p>',
    });
    expect(mail!.text.trim()).toBe('Thank you.\nSecond line.');
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['event-1.ics', 'text/calendar'],
      ['data.bin', 'application/octet-stream'],
    ]);
    expect(mail!.attachments[0]!.content.toString('utf8')).toBe(calendar);
    expect(mail!.attachments[1]!.content.equals(binary)).toBe(true);

    // Nothing half-written is left beside the message.
    expect(await readdir(outboxDir)).toEqual([path.basename(mail!.file)]);
    const sent = lines.filter((l) => l.msg === 'mail written to outbox');
    expect(sent).toEqual([expect.objectContaining({ level: 30, subject: 'Grüße — receipt', file: path.basename(mail!.file) })]);
    // The log names no recipient (personal data stays out of the logs).
    expect(JSON.stringify(lines)).not.toContain('donor@example.org');
  });

  it('keeps sending order even within one millisecond', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@example.org>', outboxDir: root }, pino({ level: 'silent' }));
    await Promise.all(['first', 'second', 'third'].map((subject) => mailer.send({ to: 'a@example.org', subject, text: subject })));
    const subjects = (await readOutbox(root)).map((m) => m.subject);
    expect(subjects).toEqual(['first', 'second', 'third']);
  });

  it('writes a message with a Message-ID to one file however often it is delivered (a retry after a crash)', async () => {
    const dir = path.join(root, 'stable');
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@example.org>', outboxDir: dir }, pino({ level: 'silent' }));
    const message = { to: 'a@example.org', subject: 'Receipt', text: 'Thanks', messageId: '<outbox-7.1700000000000@example.org>', date: new Date('2026-11-23T10:00:00Z') };
    await mailer.send(message);
    await mailer.send(message);
    const mails = await readOutbox(dir);
    expect(mails).toHaveLength(1);
    expect(path.basename(mails[0]!.file)).toBe('2026-11-23T10-00-00.000Z-outbox-7.1700000000000_example.org.eml');
  });

  it("clears temp files a killed process left behind (not another process's fresh one)", async () => {
    const dir = path.join(root, 'leftovers');
    await mkdir(dir, { recursive: true });
    const stale = path.join(dir, '.2026-11-23T10-00-00.000Z-outbox-1.eml.99999.tmp');
    const fresh = path.join(dir, '.2026-11-23T10-00-00.000Z-outbox-2.eml.99998.tmp');
    await writeFile(stale, 'half a message');
    await writeFile(fresh, 'being written');
    // Both times in this process's clock, the one the outbox compares with (the kernel's may differ under test:on-date).
    const old = new Date(Date.now() - 5 * 60_000);
    await utimes(stale, old, old);
    await utimes(fresh, new Date(), new Date());
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@example.org>', outboxDir: dir }, pino({ level: 'silent' }));
    await mailer.send({ to: 'a@example.org', subject: 'Hi', text: 'Hi' });
    const names = await readdir(dir);
    expect(names).not.toContain(path.basename(stale));
    expect(names).toContain(path.basename(fresh));
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(path.join(root, 'never-created'))).toEqual([]);
  });
});
