import { expect } from 'vitest';
import type { ApiClient, TestServer } from './test-server';

let counter = 0;

/** Registers a fresh account and logs it in; answers the account and its Bearer header. */
export async function signedInUser(client: ApiClient, label = 'user') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const account = {
    first: 'test',
    last: label,
    username: `${label}_${id}`.slice(0, 30),
    email: `${label}.${id}@example.org`,
    password: 'analytical-engine-1843',
    password2: 'analytical-engine-1843',
  };
  if (!client.xsrfToken) await client.get('/api/events/upcoming');
  const registered = await client.post('/api/user/register', account);
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const login = await client.post('/api/user/login', { email: account.email, password: account.password });
  expect(login.status).toBe(200);
  const token = login.json.token as string;
  return { account, token, authorization: { authorization: `Bearer ${token}` } };
}

/** A registered account logged in through the login page's form, as a browser: the client holds its session cookie (ADR 043). */
export async function browserSignedIn(client: ApiClient, label = 'user') {
  const user = await signedInUser(client, label);
  const res = await client.request('POST', '/login', {
    body: new URLSearchParams({ email: user.account.email, password: user.account.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status, res.text.slice(0, 200)).toBe(302);
  return user;
}

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
} as const;

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
export const GOOD_CARD = { expiry: `12/${nextYear}`, cvc: '123', zip: '43947' };

/** Pays an intent with the simulated gateway's card form, as the browser does. */
export function payWithCard(client: ApiClient, clientSecret: string, number: string = CARDS.ok, overrides: Record<string, string> = {}) {
  return client.post('/api/payments/simulated/confirm', { clientSecret, number, ...GOOD_CARD, ...overrides });
}

/** Creates an intent at `/api/stripe/<path>`, pays it by card and answers the id of its payment row. */
export async function paidPaymentId(server: TestServer, client: ApiClient, headers: Record<string, string>, path: string, body: Record<string, unknown>): Promise<number> {
  const created = await client.post(`/api/stripe/${path}`, body, { headers });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  return Number((await server.db.selectFrom('payments').select('id').where('intent_id', '=', secret.split('_secret_')[0]!).executeTakeFirstOrThrow()).id);
}
