import { createHash } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';

// Supporters' sign-ins are sessions the server knows and can end (ADR 043).

let server: TestServer;
let other: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A second instance on the same database, as behind a load balancer.
  other = await startTestServer({ sameDatabaseAs: server, pages: 'none' });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const outbox = () => server.config.mail.outboxDir;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Posts a page's form as a browser without JavaScript does. */
function postForm(client: ApiClient, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return client.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
}

async function account(label: string) {
  const client = server.client();
  const { account: created, token } = await signedInUser(client, label);
  return { client, email: created.email, password: created.password, username: created.username, token };
}

/** Logs in through the login page's form; answers the browser-like client holding the session cookie. */
async function browserLogIn(email: string, password: string, client: ApiClient = server.client()) {
  await client.get('/login');
  const res = await postForm(client, '/login', { email, password });
  expect(res.status, res.text.slice(0, 300)).toBe(302);
  return { client, res };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const dashboardWith = (client: ApiClient, headers: Record<string, string> = {}) => client.request('GET', '/api/user/dashboard', { headers });

describe('logging in on the site', () => {
  it('works as a plain form: an HttpOnly, SameSite=Lax session cookie, a script-readable mark, and the dashboard rendered signed in', async () => {
    const me = await account('cookie');
    const { client, res } = await browserLogIn(me.email, me.password);
    expect(res.headers.get('location')).toBe('/dashboard');
    const cookies = res.setCookies;
    const session = cookies.find((c) => c.startsWith('session='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Secure/); // not in development
    expect(cookies.find((c) => c.startsWith('signed_in='))).not.toMatch(/HttpOnly/);
    // The cookie holds a random value; only its hash is stored.
    const value = client.cookie('session')!;
    const stored = await server.db.selectFrom('user_sessions').selectAll().where('id', '=', createHash('sha256').update(value).digest('hex')).executeTakeFirst();
    expect(stored?.via).toBe('cookie');
    expect(await server.db.selectFrom('user_sessions').select('id').where('id', '=', value).executeTakeFirst()).toBeUndefined();

    const page = await client.get('/dashboard');
    expect(page.status).toBe(200);
    expect(page.text).toContain(me.username);
    expect(page.text).toContain('Your donations');
    expect(page.headers.get('cache-control')).toMatch(/no-store/);
    // Login and Register send a signed-in visitor to the dashboard (spec §2), on the server.
    expect((await client.get('/login')).status).toBe(302);
    expect((await client.get('/register')).headers.get('location')).toBe('/dashboard');
  });

  it('answers a wrong password with the form again: the error, the email kept, never the password', async () => {
    const me = await account('wrong');
    const client = server.client();
    await client.get('/login');
    const res = await postForm(client, '/login', { email: me.email, password: 'not-the-password' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Email or password is incorrect.');
    expect(res.text).toContain(`value="${me.email}"`);
    expect(res.text).not.toContain('not-the-password');
    expect(res.setCookies.some((c) => c.startsWith('session='))).toBe(false);
  });

  it('refuses a login posted from another site (login CSRF)', async () => {
    const me = await account('csrf');
    const client = server.client();
    const res = await postForm(client, '/login', { email: me.email, password: me.password }, { origin: 'https://evil.example' });
    expect(res.status).toBe(400);
    expect(client.cookie('session')).toBeUndefined();
  });

  it('answers a body that is not a form, and a "from" with a control character, without a 500', async () => {
    const me = await account('odd');
    const client = server.client();
    const json = await client.request('POST', '/login', { body: { email: me.email, password: me.password } });
    expect(json.status).toBe(415);
    const crafted = await postForm(client, '/login', { email: me.email, password: me.password, from: '/dashboard\r\nX-Injected: 1' });
    expect(crafted.status).toBe(302);
    expect(crafted.headers.get('location')).toBe('/dashboard');
    expect((await postForm(server.client(), '/login', { email: me.email, password: me.password, from: '//evil.example' })).headers.get('location')).toBe('/dashboard');
  });
});

describe('ending sessions', () => {
  it('"Log out" ends the session on the server: the copied cookie opens nothing, on this instance or another', async () => {
    const me = await account('logout');
    const { client } = await browserLogIn(me.email, me.password);
    const copied = client.cookie('session')!;
    const thief = other.client();
    await thief.get('/api/events/upcoming');
    thief.setCookie('session', copied);
    expect((await dashboardWith(thief)).status).toBe(200);

    const bye = await client.request('GET', '/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(bye.status).toBe(200);
    expect(bye.text).toContain('Successfully logged out');
    expect(bye.setCookies.find((c) => c.startsWith('session='))).toMatch(/Max-Age=0/);

    const replay = await dashboardWith(thief);
    expect(replay.status).toBe(401);
    // The ended session's cookies are cleared on the way.
    expect(replay.setCookies.join('\n')).toMatch(/signed_in=; Path=\/; Max-Age=0/);
    const stale = server.client();
    stale.setCookie('session', copied);
    const page = await stale.get('/dashboard');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login');
  });

  it('a link from another site does not log anyone out: the page asks first', async () => {
    const me = await account('crosslink');
    const { client } = await browserLogIn(me.email, me.password);
    const visit = await client.request('GET', '/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(visit.status).toBe(200);
    expect(visit.text).toContain('>Log out</button>');
    expect((await dashboardWith(client)).status).toBe(200);
    const confirmed = await postForm(client, '/logout', {});
    expect(confirmed.headers.get('location')).toBe('/logout?done');
    expect((await dashboardWith(client)).status).toBe(401);
  });

  it('a Bearer token is tied to its session: logout revokes it, and tokens without exp or sid are refused', async () => {
    const me = await account('token');
    const copy = me.token;
    expect((await dashboardWith(me.client, bearer(copy))).status).toBe(200);
    expect((await me.client.request('POST', '/api/user/logout', { headers: bearer(copy) })).status).toBe(200);
    expect((await dashboardWith(me.client, bearer(copy))).status).toBe(401);

    const login = await me.client.post('/api/user/login', { email: me.email, password: me.password });
    const claims = decodeJwt(login.json.token as string);
    const key = new TextEncoder().encode(server.config.jwtSecret);
    const noExpiry = await new SignJWT({ ...claims, exp: undefined }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    expect((await dashboardWith(me.client, bearer(noExpiry))).status).toBe(401);
    const noSession = await new SignJWT({ ...claims, sid: undefined }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    expect((await dashboardWith(me.client, bearer(noSession))).status).toBe(401);
    const othersSession = await signedInUser(server.client(), 'victim');
    const swapped = await new SignJWT({ ...claims, sid: decodeJwt(othersSession.token).sid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    expect((await dashboardWith(me.client, bearer(swapped))).status).toBe(401);
    expect((await dashboardWith(me.client, bearer(login.json.token as string))).status).toBe(200);
  });

  it('a new password ends every session of the account; the browser that changed it gets a new one', async () => {
    const me = await account('newpass');
    const { client: laptop } = await browserLogIn(me.email, me.password);
    const { client: phone } = await browserLogIn(me.email, me.password);
    await laptop.get('/account');
    const res = await postForm(laptop, '/account', { intent: 'password', current: me.password, password: 'jacquard-loom-1804', password2: 'jacquard-loom-1804' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your password has been changed.');
    expect((await dashboardWith(laptop)).status).toBe(200);
    expect((await dashboardWith(phone)).status).toBe(401);
    expect((await dashboardWith(me.client, bearer(me.token))).status).toBe(401);
  });

  it('a password reset by email ends every session too', async () => {
    const me = await account('resetends');
    const { client: browser } = await browserLogIn(me.email, me.password);
    await postForm(server.client(), '/forgot', { email: me.email });
    const mail = await waitForMail(outbox(), (m) => m.to.includes(me.email.toLowerCase()) && m.subject === 'Reset your password');
    const link = /\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await postForm(server.client(), `/reset/${link}`, { password: 'difference-engine-1822', password2: 'difference-engine-1822' });
    expect(reset.headers.get('location')).toBe('/login?reset');
    expect((await dashboardWith(browser)).status).toBe(401);
    expect((await dashboardWith(me.client, bearer(me.token))).status).toBe(401);
  });

  it('"Sign out everywhere" on the account page ends every session, this one too', async () => {
    const me = await account('everywhere');
    const { client } = await browserLogIn(me.email, me.password);
    const res = await postForm(client, '/account', { intent: 'everywhere' });
    expect(res.headers.get('location')).toBe('/logout?done');
    expect((await dashboardWith(client)).status).toBe(401);
    expect((await dashboardWith(me.client, bearer(me.token))).status).toBe(401);
  });

  it('deleting the account ends its sessions', async () => {
    const me = await account('deleter');
    const { client } = await browserLogIn(me.email, me.password);
    const wrong = await postForm(client, '/account', { intent: 'delete', password: 'wrong-password-0' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('This password is not correct.');
    const res = await postForm(client, '/account', { intent: 'delete', password: me.password });
    expect(res.headers.get('location')).toBe('/logout?done&deleted');
    expect((await dashboardWith(me.client, bearer(me.token))).status).toBe(401);
    expect(await server.db.selectFrom('user_sessions').selectAll().where('user_id', 'in', server.db.selectFrom('users').select('id').where('email', '=', me.email.toLowerCase())).execute()).toEqual([]);
  });

  it('ends a session idle for 14 days, and any session 30 days after it began', async () => {
    const me = await account('timeouts');
    const { client: idle } = await browserLogIn(me.email, me.password);
    const { client: busy } = await browserLogIn(me.email, me.password);
    const idOf = (client: ApiClient) => createHash('sha256').update(client.cookie('session')!).digest('hex');
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await server.db.updateTable('user_sessions').set({ last_seen_at: daysAgo(13.9) }).where('id', '=', idOf(idle)).execute();
    expect((await dashboardWith(idle)).status).toBe(200);
    await server.db.updateTable('user_sessions').set({ last_seen_at: daysAgo(14.1) }).where('id', '=', idOf(idle)).execute();
    expect((await dashboardWith(idle)).status).toBe(401);
    await server.db.updateTable('user_sessions').set({ expires_at: daysAgo(0.001), last_seen_at: new Date().toISOString() }).where('id', '=', idOf(busy)).execute();
    expect((await dashboardWith(busy)).status).toBe(401);
  });
});

describe('a token an earlier version kept in localStorage', () => {
  async function legacyToken(email: string, pv?: string) {
    const user = await server.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
    const version = pv ?? createHash('sha256').update(`${user.id}:${user.password_changed_at ?? user.created_at}`).digest('hex').slice(0, 16);
    return new SignJWT({ id: Number(user.id), pv: version }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime('1h').sign(new TextEncoder().encode(server.config.jwtSecret));
  }

  it('becomes a session cookie once; it opens nothing else, and not after a password change', async () => {
    const me = await account('legacy');
    const stored = await legacyToken(me.email);
    // Not a credential for the API any more.
    expect((await dashboardWith(me.client, bearer(stored))).status).toBe(401);
    const browser = server.client();
    await browser.get('/api/events/upcoming');
    const moved = await browser.request('POST', '/api/user/session', { headers: bearer(stored) });
    expect(moved.status).toBe(200);
    expect(moved.setCookies.find((c) => c.startsWith('session='))).toMatch(/HttpOnly/);
    expect((await dashboardWith(browser)).status).toBe(200);

    const stale = await legacyToken(me.email, 'from-an-old-pass');
    expect((await server.client().request('POST', '/api/user/session', { headers: bearer(stale) })).status).toBe(403); // no XSRF pair
    const fresh = server.client();
    await fresh.get('/api/events/upcoming');
    expect((await fresh.request('POST', '/api/user/session', { headers: bearer(stale) })).status).toBe(401);
  });
});

describe('who has an account is never told', () => {
  it('registering a taken email through the page answers exactly as a new one; the owner gets a mail', async () => {
    const me = await account('taken');
    const fields = (email: string) => ({ first: 'Ann', last: 'Lee', username: `ann_${unique()}`, email, password: 'analytical-engine-1843', password2: 'analytical-engine-1843' });
    const fresh = await postForm(server.client(), '/register', fields(`fresh.${unique()}@example.org`));
    const taken = await postForm(server.client(), '/register', fields(me.email.toUpperCase()));
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get('location')).toBe(`/login?registered&email=${encodeURIComponent(me.email.toUpperCase())}`);
    await waitForMail(outbox(), (m) => m.to.includes(me.email.toLowerCase()) && m.subject === 'You already have an account');
  });

  it('the page’s form and the API count against one limit per inbox', async () => {
    const inbox = `limited.${unique()}@example.org`;
    const caller = server.client();
    await caller.get('/api/events/upcoming'); // its XSRF cookie
    for (let i = 0; i < 3; i++) expect((await caller.post('/api/user/forgot', { email: inbox })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await postForm(server.client(), '/forgot', { email: inbox })).status).toBe(200);
    const page = await postForm(server.client(), '/forgot', { email: inbox });
    expect(page.status).toBe(429);
    expect(page.text).toMatch(/Too many reset requests\. Please try again in 1[45] minutes\./);
    const api = await caller.post('/api/user/forgot', { email: inbox });
    expect(api.status).toBe(429);
    expect(api.json.email).toMatch(/^Too many reset requests\. Please try again in 1[45] minutes\.$/);
  });

  it('"forgot password" answers the same page and queues one mail either way', async () => {
    const me = await account('forgot');
    const nobody = `nobody.${unique()}@example.org`;
    const known = await postForm(server.client(), '/forgot', { email: me.email });
    const unknown = await postForm(server.client(), '/forgot', { email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '').replace(/"requestId":"[^"]+"/g, '');
    expect(strip(known.text)).toBe(strip(unknown.text));
    await waitForMail(outbox(), (m) => m.to.includes(nobody) && m.subject === 'No account uses this email');
    await waitForMail(outbox(), (m) => m.to.includes(me.email.toLowerCase()) && m.subject === 'Reset your password');
    const mails = await readOutbox(outbox());
    expect(mails.filter((m) => m.to.includes(nobody))).toHaveLength(1);
    expect(mails.filter((m) => m.to.includes(me.email.toLowerCase()) && m.subject === 'Reset your password')).toHaveLength(1);
  });
});
