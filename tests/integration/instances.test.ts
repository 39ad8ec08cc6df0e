import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../server/domain/mail-queue';
import { readOutbox } from '../helpers/outbox';
import { ApiClient, nextLoopbackAddress, startTestServer, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * DESIGN.md "Scale past one machine": several instances on one PostgreSQL behind a load balancer
 * (SQLite is the one-instance setup). Rate limits, the payment sweep and the mail worker must hold
 * across them, not per process.
 */
describe.runIf(testDbKind() === 'postgres')('two app instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ pages: 'none' });
    b = await startTestServer({ pages: 'none', sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('share the login limit: five failures for one account from one network, spread over both, hold back the sixth try on either (ADR 043)', async () => {
    const address = nextLoopbackAddress();
    const viaA = new ApiClient(a.url, address);
    const viaB = new ApiClient(b.url, address);
    await viaA.get('/api/events/upcoming');
    await viaB.get('/api/events/upcoming');
    const email = `shared.${Date.now()}@example.org`;
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? viaB : viaA).post('/api/user/login', { email, password: `wrong-password-${i}` });
      expect(res.status, `try ${i + 1}`).toBe(400);
    }
    for (const client of [viaA, viaB]) {
      const res = await client.post('/api/user/login', { email, password: 'wrong-password-x' });
      expect(res.status).toBe(429);
      expect(res.json.auth).toMatch(/^Too many failed log-in attempts/);
    }
  });

  it('sweep side by side: each succeeded payment is settled by exactly one of them, with one receipt', async () => {
    const intents: string[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await a.services.donations.createIntent({ amount: `${i + 1}`, email: `sweep${i}.${Date.now()}@example.org` }, null, null);
      intents.push(answer.clientSecret.split('_secret_')[0]!);
    }
    // Charged, with nobody told (both instances share the simulated gateway's table).
    await a.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', 'in', intents).execute();
    await a.db.updateTable('payments').set({ next_check_at: new Date(Date.now() - 1000).toISOString() }).where('intent_id', 'in', intents).execute();
    const [fromA, fromB] = await Promise.all([a.services.sweep.sweep(), b.services.sweep.sweep()]);
    expect(fromA.settled + fromB.settled).toBe(30);
    expect(fromA.checked + fromB.checked).toBe(30);
    const rows = await a.db.selectFrom('payments').select(['id', 'status']).where('intent_id', 'in', intents).execute();
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    const mail = await a.db.selectFrom('mail_outbox').select('payment_id').where('payment_id', 'in', rows.map((r) => r.id)).execute();
    expect(mail).toHaveLength(30);
  });

  it('deliver side by side: every queued message goes out once, from one instance or the other', async () => {
    await Promise.all([a.services.mail.idle(), b.services.mail.idle()]);
    const stamp = Date.now();
    const addresses = Array.from({ length: 40 }, (_, i) => `worker${i}.${stamp}@example.org`);
    await a.db.transaction().execute(async (trx) => {
      for (const to of addresses) await queueMail(trx, { to, subject: `Hello ${to}`, text: 'Hi' }, { purpose: 'test' }, new Date());
    });
    await Promise.all([a.services.mail.deliverDue(), b.services.mail.deliverDue(), a.services.mail.deliverDue(), b.services.mail.deliverDue()]);
    const delivered = [...(await readOutbox(a.config.mail.outboxDir)), ...(await readOutbox(b.config.mail.outboxDir))].filter((m) => addresses.includes(m.to));
    expect(delivered.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const rows = await a.db.selectFrom('mail_outbox').select('status').where('to_address', 'in', addresses).execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
