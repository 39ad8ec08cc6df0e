import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard } from '../helpers/accounts';
import { recordingLogger } from '../helpers/logs';
import { startSmtpServer, type LocalSmtpServer } from '../helpers/smtp-server';
import { startTestServer, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * ADR 015: mail is written in the transaction that causes it and delivered by a worker that retries,
 * so an SMTP outage delays receipts and reset links, never loses them, and never fails a payment.
 */
describe(`mail through an SMTP server that refuses, then accepts (${testDbKind()})`, () => {
  let smtp: LocalSmtpServer;
  let server: TestServer;
  const log = recordingLogger();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ pages: 'none', env: { SMTP_URL: smtp.url }, logger: log.logger });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const outboxOf = (email: string) => server.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
  const makeDue = () => server.db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('status', '=', 'pending').execute();

  it('a receipt refused by the mail server waits in the outbox with its error, and goes out once the server accepts', async () => {
    smtp.refusing = true;
    const client = server.client();
    await client.get('/api/events/upcoming');
    const email = `outage.${Date.now()}@example.org`;
    const created = await client.post('/api/stripe/donation_intent', { amount: '35', email, message: 'Keep it up' });
    const secret = created.json.clientSecret as string;
    expect((await payWithCard(client, secret)).status).toBe(200);
    // The gift is recorded and the donor told "thank you" whatever the mail server does.
    const saved = await client.post('/api/stripe/save_donation', { amount: '35', token: secret });
    expect(saved.json).toMatchObject({ status: 'paid', amount: '35.00' });

    await server.services.mail.idle();
    let [queued] = await outboxOf(email);
    expect(queued).toMatchObject({ status: 'pending', purpose: 'donation_paid', sent_at: null });
    expect(queued!.attempts).toBeGreaterThanOrEqual(1);
    expect(queued!.last_error).toMatch(/451|temporarily unavailable/i);
    expect(Date.parse(queued!.next_attempt_at)).toBeGreaterThan(Date.now()); // backing off
    expect(log.lines.some((l) => l.msg === 'mail could not be delivered; will retry' && l.mailId === queued!.id)).toBe(true);

    // Still refusing at the next attempt: still kept.
    await makeDue();
    await server.services.mail.deliverDue();
    [queued] = await outboxOf(email);
    expect(queued).toMatchObject({ status: 'pending' });
    expect(queued!.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.received.filter((r) => r.envelope.rcptTo.some((t) => t.address === email))).toHaveLength(0);

    smtp.refusing = false;
    await makeDue();
    expect((await server.services.mail.deliverDue()).sent).toBeGreaterThanOrEqual(1);
    [queued] = await outboxOf(email);
    expect(queued).toMatchObject({ status: 'sent', last_error: null });
    const delivered = smtp.received.filter((r) => r.envelope.rcptTo.some((t) => t.address === email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.mail.subject).toMatch(/^Receipt for your donation to /);
    expect(delivered[0]!.mail.text).toContain('$35.00');
    // The same Message-ID at every attempt, so a message delivered twice after a crash is recognisably one.
    expect(delivered[0]!.mail.messageId).toBe(`<outbox-${queued!.id}.${Date.parse(queued!.created_at)}@127.0.0.1>`);
    // Nothing more goes out on later runs.
    await makeDue();
    await server.services.mail.deliverDue();
    expect(smtp.received.filter((r) => r.envelope.rcptTo.some((t) => t.address === email))).toHaveLength(1);
  });

  it('a password-reset link is kept only until it is sent', async () => {
    smtp.refusing = false;
    const client = server.client();
    await client.get('/api/events/upcoming');
    const email = `reset.${Date.now()}@example.org`;
    expect((await client.post('/api/user/register', { first: 'Rita', last: 'Reset', username: `rita${Date.now()}`, email, password: 'correct-horse-7', password2: 'correct-horse-7' })).status).toBe(201);
    expect((await client.post('/api/user/forgot', { email })).status).toBe(200);
    await server.services.mail.idle();
    // The account's first mail is its verification link (also a secret); the reset link follows.
    const sent = (await outboxOf(email)).find((m) => m.purpose === 'password_reset');
    expect(sent).toMatchObject({ status: 'sent', purpose: 'password_reset', text_body: '', html_body: null });
    const delivered = smtp.received.find((r) => r.envelope.rcptTo.some((t) => t.address === email) && /Reset your password/.test(r.mail.subject ?? ''));
    expect(delivered?.mail.text).toMatch(/\/reset\/[A-Za-z0-9_-]{40,}/);
  });
});
