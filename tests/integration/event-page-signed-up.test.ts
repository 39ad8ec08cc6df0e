import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSignedIn, payWithCard } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';

/**
 * A supporter who signed up sees "You're signed up" on the event's page, with their team and a
 * link to change or cancel it, and a new sign-up starts with them as Player 1 (ADR 050). The page
 * is read per visitor: nobody else sees it, and the shared response cache (ADR 029) never keeps it.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// React writes the apostrophe as an entity.
const SIGNED_UP = /You(?:'|&#x27;|&#39;)re signed up/;

async function golfTeamPaid(client: ApiClient, eventNumber: number, receiptEmail: string, names: string[]): Promise<void> {
  const team = {
    eventNumber,
    amount: '400.00',
    receiptEmail,
    ...Object.fromEntries(names.flatMap((name, i) => [[`player${i + 1}Name`, name], [`player${i + 1}Email`, i === 0 ? receiptEmail : ''], [`player${i + 1}ShirtSize`, 'L']])),
  };
  const intent = await client.post('/api/stripe/golf_signup_intent', team);
  expect(intent.status, JSON.stringify(intent.json)).toBe(201);
  const secret = intent.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  expect((await client.post('/api/stripe/save_golf_signup', { token: secret, amount: team.amount })).status).toBe(200);
}

const signupIdOn = async (client: ApiClient, eventNumber: number) => {
  const dashboard = await client.get('/api/user/dashboard');
  const entry = (dashboard.json.events_and_teams as { e: { eventNumber: number }; t: { id: number } }[]).find((x) => x.e.eventNumber === eventNumber);
  return entry!.t.id;
};

describe('the event page of a supporter who signed up', () => {
  const eventNumber = 7400;
  const names = ['Wren Ashby', 'Milo Fenn', 'Ada Quill', 'Bo Tarrant'];
  let captain: ApiClient;
  let signupId: number;

  beforeAll(async () => {
    await createTestEvent(server.db, { eventNumber, name: 'Signed-up page outing' });
    captain = server.client();
    const { account } = await browserSignedIn(captain, 'captain');
    await golfTeamPaid(captain, eventNumber, account.email, names);
    signupId = await signupIdOn(captain, eventNumber);
  });

  it('says "You\'re signed up" with the players and a link to change or cancel, private to this visitor', async () => {
    const page = await captain.get(`/events/${eventNumber}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(SIGNED_UP);
    for (const name of names) expect(page.text).toContain(name);
    expect(page.text).toContain(`href="/dashboard/signups/${signupId}"`);
    expect(page.text).toContain('Change or cancel your team');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
  });

  it('starts a further sign-up with the account holder as Player 1', async () => {
    const page = await captain.get(`/events/${eventNumber}`);
    const player1 = /<input[^>]*name="player1Name"[^>]*>/.exec(page.text)?.[0] ?? '';
    expect(player1).toContain('value="test captain"');
  });

  it('is not shown to another signed-in visitor', async () => {
    const other = server.client();
    await browserSignedIn(other, 'neighbour');
    const page = await other.get(`/events/${eventNumber}`);
    expect(page.text).not.toMatch(SIGNED_UP);
    for (const name of names) expect(page.text).not.toContain(name);
    expect(page.text).not.toContain(`/dashboard/signups/${signupId}`);
    // Their own name, not the captain's, goes in as Player 1.
    expect(/<input[^>]*name="player1Name"[^>]*>/.exec(page.text)?.[0]).toContain('value="test neighbour"');
  });

  it('never reaches the shared cache: anonymous visitors, before and after the captain, get the public page', async () => {
    await captain.get(`/events/${eventNumber}`);
    for (let visit = 0; visit < 2; visit++) {
      const page = await server.client().get(`/events/${eventNumber}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Signed-up page outing');
      expect(page.text).not.toMatch(SIGNED_UP);
      for (const name of names) expect(page.text).not.toContain(name);
      expect(page.text).not.toContain('test captain');
      expect(page.headers.get('cache-control')).not.toContain('private');
    }
    // And the captain, after anonymous visitors filled the cache, still gets their own page.
    expect((await captain.get(`/events/${eventNumber}`)).text).toMatch(SIGNED_UP);
  });

  it('is gone once the sign-up is cancelled', async () => {
    const cancelled = await captain.post(`/api/user/signups/${signupId}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    const page = await captain.get(`/events/${eventNumber}`);
    expect(page.text).not.toMatch(SIGNED_UP);
    expect(page.text).not.toContain(`/dashboard/signups/${signupId}`);
  });
});
