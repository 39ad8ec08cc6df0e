import { createHash } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDonation } from '../../server/db/repositories/donations';
import { insertPayment, markPaymentPaid } from '../../server/db/repositories/payments';
import { waitForMail } from '../helpers/outbox';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';

let server: TestServer;
let client: ApiClient;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
  client = server.client();
  await client.get('/api/events/upcoming'); // picks up the XSRF cookie like a page visit does
});
afterAll(() => server?.close());

const outbox = () => server.config.mail.outboxDir;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

function newUser(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    first: 'ada',
    last: 'lovelace',
    username: `ada_${id}`,
    email: `Ada.${id}@Example.org`,
    password: 'analytical-engine-1843',
    password2: 'analytical-engine-1843',
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const res = await client.post('/api/user/register', user);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return user;
}

async function login(email: string, password: string) {
  const res = await client.post('/api/user/login', { email, password });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.token as string;
}

const dashboard = (authorization?: string) =>
  client.request('GET', '/api/user/dashboard', { headers: authorization === undefined ? {} : { authorization } });

describe('POST /api/user/register', () => {
  it('creates the account (201) with trimmed names and a lower-case email', async () => {
    const user = await register({ first: '  grace ', last: ' hopper  ' });
    const token = await login(user.email.toUpperCase(), user.password);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ first: 'grace', last: 'hopper', username: user.username, email: user.email.toLowerCase() });
    const row = await server.db.selectFrom('users').selectAll().where('username', '=', user.username).executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email.toLowerCase());
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(user.password);
  });

  it('requires every field, keyed by field name', async () => {
    const res = await client.post('/api/user/register', {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(['email', 'first', 'last', 'password', 'password2', 'username']);
    const blank = await client.post('/api/user/register', newUser({ first: '   ', last: '' }));
    expect(blank.json).toEqual({ first: 'First name is required.', last: 'Last name is required.' });
  });

  it.each([
    ['first', 'x'.repeat(51), 'x'.repeat(50)],
    ['last', 'y'.repeat(51), 'y'.repeat(50)],
    ['username', 'ab', 'abc'],
    ['username', 'has space', 'dots.and_underscores'],
    ['username', 'u'.repeat(31), 'u'.repeat(30)],
    ['username', 'émilie', 'emilie'],
    ['email', 'not-an-email', 'ok@example.org'],
    ['email', `${'e'.repeat(250)}@x.org`, 'short@x.org'],
  ])('%s: refuses %j and accepts %j', async (field, bad, good) => {
    const refused = await client.post('/api/user/register', newUser({ [field]: bad }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json)).toEqual([field]);
    const suffix = unique();
    const goodValue = field === 'username' ? `${good}`.slice(0, 30 - suffix.length) + suffix : field === 'email' ? `${suffix}.${good}` : good;
    const accepted = await client.post('/api/user/register', newUser({ [field]: goodValue }));
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
  });

  it('wants a password of 8 to 128 characters that is not a common one, typed twice alike', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'short7!', password2: 'short7!' }, 'password'],
      [{ password: 'p'.repeat(129), password2: 'p'.repeat(129) }, 'password'],
      [{ password: 'password1', password2: 'password1' }, 'password'],
      [{ password: 'Qwertyuiop', password2: 'Qwertyuiop' }, 'password'],
      [{ password: 'analytical-engine-1843', password2: 'analytical-engine-1844' }, 'password2'],
    ];
    for (const [overrides, field] of cases) {
      const res = await client.post('/api/user/register', newUser(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(res.json), JSON.stringify(overrides)).toEqual([field]);
    }
    expect((await client.post('/api/user/register', newUser({ password: 'p'.repeat(128), password2: 'p'.repeat(128) }))).status).toBe(201);
    expect((await client.post('/api/user/register', newUser({ password: 'eight ch', password2: 'eight ch' }))).status).toBe(201);
  });

  it('answers a taken email (in any case) as a new one and mails its owner instead; refuses a taken username', async () => {
    const first = await register();
    const fresh = await client.post('/api/user/register', newUser());
    const sameEmail = await client.post('/api/user/register', newUser({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(201);
    expect(sameEmail.json).toEqual(fresh.json);
    const notice = await waitForMail(outbox(), (m) => m.to.includes(first.email.toLowerCase()) && m.subject === 'You already have an account');
    expect(notice.text).toContain('nothing was changed');
    const sameUsername = await client.post('/api/user/register', newUser({ username: first.username.toUpperCase() }));
    expect(sameUsername.status).toBe(400);
    expect(Object.keys(sameUsername.json)).toEqual(['username']);
    // Every problem comes back at once: nobody sends the form twice to learn about the next one.
    const everything = await client.post(
      '/api/user/register',
      newUser({ email: first.email, username: first.username, password: 'password1', password2: 'password2', last: '' }),
    );
    // The taken email is the one problem it does not name (ADR 043).
    expect(Object.keys(everything.json).sort()).toEqual(['last', 'password', 'password2', 'username']);
    expect(everything.json.password).toBe('This password is too common and easy to guess. Please choose another.');
    const count = await server.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where(sql<string>`lower(email)`, '=', first.email.toLowerCase()).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses wrong types and bodies that are not objects without creating anything', async () => {
    const before = await server.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const typed = await client.post('/api/user/register', newUser({ first: 42, username: ['x'], password: { a: 1 } }));
    expect(typed.status).toBe(400);
    expect(Object.keys(typed.json).sort()).toEqual(['first', 'password', 'username']);
    expect((await client.post('/api/user/register', [1, 2])).status).toBe(400);
    expect((await client.post('/api/user/register', 'null')).status).toBe(400);
    expect((await client.post('/api/user/register', '{"first": ')).json).toEqual({ body: 'The request body is not valid JSON.' });
    expect((await client.post('/api/user/register', newUser({ first: 'x'.repeat(200_000) }))).status).toBe(413);
    const after = await server.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('stores script tags and SQL fragments as plain text', async () => {
    const user = await register({ first: '<script>alert(1)</script>', last: "Robert'); DROP TABLE users;--" });
    const claims = decodeJwt(await login(user.email, user.password));
    expect(claims.first).toBe('<script>alert(1)</script>');
    expect(claims.last).toBe("Robert'); DROP TABLE users;--");
    expect(await server.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });

  it('needs the XSRF header like every unsafe call', async () => {
    const res = await client.post('/api/user/register', newUser(), { xsrf: false });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/user/login', () => {
  it('answers an HS256 token carrying the user (spec §3 User) and naming a 30-day session', async () => {
    const user = await register();
    const token = await login(user.email, user.password);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    const row = await server.db.selectFrom('users').selectAll().where('username', '=', user.username).executeTakeFirstOrThrow();
    const hash = createHash('sha256').update(user.email.toLowerCase()).digest('hex');
    expect(claims).toMatchObject({
      id: Number(row.id),
      first: 'ada',
      last: 'lovelace',
      username: user.username,
      email: user.email.toLowerCase(),
      avatar: `https://www.gravatar.com/avatar/${hash}?s=160&d=404`,
      date: row.created_at,
    });
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThanOrEqual(now + 30 * 86400 - 60);
    expect(claims.exp).toBeLessThanOrEqual(now + 30 * 86400 + 60);
    const session = await server.db.selectFrom('user_sessions').selectAll().where('id', '=', String(claims.sid)).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ user_id: Number(row.id), via: 'token', revoked_at: null });
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const user = await register();
    const wrongPassword = await client.post('/api/user/login', { email: user.email, password: 'not-the-password' });
    const unknownEmail = await client.post('/api/user/login', { email: `nobody.${unique()}@example.org`, password: user.password });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongPassword.json).toEqual(unknownEmail.json);
    expect(wrongPassword.json).toEqual({ password: 'Email or password is incorrect.' });
    expect((await client.post('/api/user/login', {})).json).toEqual({ email: 'Email is required.', password: 'Password is required.' });
  });
});

describe('login rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For, which lets one test be many visitors.
    limited = await startTestServer({ pages: 'none', env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => limited?.close());

  const attempt = (c: ApiClient, ip: string, email: string, password: string) =>
    c.post('/api/user/login', { email, password }, { headers: { 'x-forwarded-for': ip } });

  it('allows 20 failed attempts per address in 15 minutes, then answers 429 on auth, even to the right password', async () => {
    const c = limited.client();
    await c.get('/api/events/upcoming');
    const user = newUser();
    expect((await c.post('/api/user/register', user)).status).toBe(201);
    for (let i = 0; i < 20; i++) {
      expect((await attempt(c, '203.0.113.7', `guess${i}.${unique()}@example.org`, 'wrong-password')).status).toBe(400);
    }
    const blocked = await attempt(c, '203.0.113.7', user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.json.auth).toMatch(/^Too many failed log-in attempts\. Please try again in 1[45] minutes\.$/);
    // Another address is not affected.
    expect((await attempt(c, '203.0.113.8', user.email, user.password)).status).toBe(200);
  });

  it('blocks a network after 5 wrong passwords for one account, never the owner elsewhere (ADR 043)', async () => {
    const c = limited.client();
    await c.get('/api/events/upcoming');
    const user = newUser();
    expect((await c.post('/api/user/register', user)).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await attempt(c, '198.51.100.9', user.email, 'wrong-password')).status).toBe(400);
    const blocked = await attempt(c, '198.51.100.9', user.email.toUpperCase(), user.password);
    expect(blocked.status).toBe(429);
    expect(Object.keys(blocked.json)).toEqual(['auth']);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same /64 is the same network for IPv6.
    for (let i = 0; i < 5; i++) expect((await attempt(c, `2001:db8:1:2::${i + 1}`, user.email, 'wrong-password')).status).toBe(400);
    expect((await attempt(c, '2001:db8:1:2::ffff', user.email, user.password)).status).toBe(429);
    // The owner, from their own address, still gets in.
    expect((await attempt(c, '198.51.100.200', user.email, user.password)).status).toBe(200);
  });

  it('past 50 wrong passwords from many networks, lets in only a browser that logged in to the account before', async () => {
    const c = limited.client();
    await c.get('/api/events/upcoming');
    const user = newUser();
    expect((await c.post('/api/user/register', user)).status).toBe(201);
    for (let i = 0; i < 50; i++) expect((await attempt(c, `10.9.${Math.floor(i / 4)}.${i + 1}`, user.email, 'wrong-password')).status).toBe(400);
    const stranger = await attempt(c, '192.0.2.99', user.email, user.password);
    expect(stranger.status).toBe(429);
    expect(stranger.json.auth).toMatch(/only opens on a device you have logged in with before/);
    // A proof made for another email opens nothing.
    c.setCookie('device', limited.services.accounts.knownDeviceFor(`someone.else.${unique()}@example.org`));
    expect((await attempt(c, '192.0.2.98', user.email, user.password)).status).toBe(429);
    c.setCookie('device', limited.services.accounts.knownDeviceFor(user.email));
    expect((await attempt(c, '192.0.2.99', user.email, user.password)).status).toBe(200);
  });

  it('does not count successful logins', async () => {
    const c = limited.client();
    await c.get('/api/events/upcoming');
    const user = newUser();
    expect((await c.post('/api/user/register', user)).status).toBe(201);
    for (let i = 0; i < 15; i++) expect((await attempt(c, '192.0.2.50', user.email, user.password)).status).toBe(200);
  });
});

describe('GET /api/user/dashboard', () => {
  it('answers empty lists for a new user', async () => {
    const user = await register();
    const res = await dashboard(`Bearer ${await login(user.email, user.password)}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ donations: [], events_and_teams: [] });
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('refuses missing, malformed, tampered, foreign, unsigned and expired tokens with 401 and nothing else', async () => {
    const user = await register();
    const token = await login(user.email, user.password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const tamperedPayload = `${header}.${b64({ ...claims, id: Number(claims.id) + 1 })}.${signature}`;
    const otherKey = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(server.config.jwtSecret));
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(server.config.jwtSecret));
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer not-a-token',
      `Basic ${token}`,
      token,
      `Bearer ${tamperedPayload}`,
      `Bearer ${otherKey}`,
      `Bearer ${unsigned}`,
      `Bearer ${expired}`,
      `Bearer ${hs512}`,
    ]) {
      const res = await dashboard(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.json, String(authorization)).toEqual({ auth: 'Please log in again.' });
    }
  });

  it("shows each user only their own paid donations and sign-ups", async () => {
    const a = await register();
    const b = await register();
    const tokenA = await login(a.email, a.password);
    const tokenB = await login(b.email, b.password);
    const idA = Number(decodeJwt(tokenA).id);
    const now = new Date().toISOString();
    // Payments as the core leaves them: one paid, one never paid.
    const payment = async (purpose: 'donation' | 'signup', amountCents: number, paid: boolean) => {
      const row = await insertPayment(server.db, { purpose, amountCents, userId: idA, clientKey: null, now, expiresAt: now, firstCheckAt: now });
      if (paid) await markPaymentPaid(server.db, row.id, now);
      return row.id;
    };
    await insertDonation(server.db, { paymentId: await payment('donation', 2000, true), email: a.email, message: 'For the families <b>', now });
    await insertDonation(server.db, { paymentId: await payment('donation', 999, false), email: a.email, message: 'never paid', now });
    const event = await server.db
      .selectFrom('events')
      .select(['id', 'event_number', 'event_type', 'event_date', 'name', 'location'])
      .where('event_type', '=', 'Golf Event')
      .executeTakeFirstOrThrow();
    const signup = await server.db
      .insertInto('signups')
      .values({ payment_id: await payment('signup', 40000, true), event_id: event.id, kind: 'golf', receipt_email: a.email, hold_expires_at: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('signup_players')
      .values(['Ada', 'Grace', 'Katherine', 'Dorothy'].map((name, i) => ({ signup_id: signup.id, position: i + 1, name, shirt_size: 'M', email: null, activision_id: null, location: null })))
      .execute();

    const mine = await dashboard(`Bearer ${tokenA}`);
    expect(mine.json).toEqual({
      donations: [{ amount: '20.00', message: 'For the families <b>', status: 'paid', refunded: '0.00', note: null, gift: '20.00', fee: '0.00', anonymous: false, tribute: null }],
      events_and_teams: [
        {
          e: {
            eventNumber: Number(event.event_number),
            eventType: 'Golf Event',
            eventDate: event.event_date,
            name: event.name,
            location: event.location,
            image: expect.objectContaining({ src: expect.any(String) }),
          },
          t: {
            id: expect.any(Number),
            cancelled: false,
            date: now,
            amount: '400.00',
            teamName: null,
            players: [{ name: 'Ada' }, { name: 'Grace' }, { name: 'Katherine' }, { name: 'Dorothy' }],
            status: 'paid',
            refunded: '0.00',
            note: null,
          },
        },
      ],
    });
    expect((await dashboard(`Bearer ${tokenB}`)).json).toEqual({ donations: [], events_and_teams: [] });
  });

  it('refuses the token of an account that no longer exists', async () => {
    const user = await register();
    const token = await login(user.email, user.password);
    await server.db.deleteFrom('users').where('username', '=', user.username).execute();
    expect((await dashboard(`Bearer ${token}`)).status).toBe(401);
  });
});

describe('password reset', () => {
  const linkIn = (text: string) => /\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('answers the same for known and unknown emails; mails the account a link and an unknown address a note', async () => {
    const user = await register();
    const unknown = await client.post('/api/user/forgot', { email: `nobody.${unique()}@example.org` });
    const known = await client.post('/api/user/forgot', { email: user.email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const mail = await waitForMail(outbox(), (m) => m.to.includes(user.email.toLowerCase()) && m.subject === 'Reset your password');
    expect(mail.subject).toBe('Reset your password');
    expect(linkIn(mail.text)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail.text).toContain(`${server.url}/reset/`);
    const note = await waitForMail(outbox(), (m) => m.to.includes('nobody.') && m.subject === 'No account uses this email');
    expect(note.text).not.toContain('/reset/');
    expect((await client.post('/api/user/forgot', { email: 'nonsense' })).json).toHaveProperty('email');
  });

  it('sets the new password once; the link then stops working and older tokens are refused', async () => {
    const user = await register();
    const oldToken = await login(user.email, user.password);
    await client.post('/api/user/forgot', { email: user.email });
    const mail = await waitForMail(outbox(), (m) => m.to.includes(user.email.toLowerCase()) && m.subject === 'Reset your password');
    const token = linkIn(mail.text)!;

    const mismatch = await client.post('/api/user/reset', { token, password: 'brand-new-secret-1', password2: 'brand-new-secret-2' });
    expect(Object.keys(mismatch.json)).toEqual(['password2']);
    const common = await client.post('/api/user/reset', { token, password: 'password123', password2: 'password123' });
    expect(Object.keys(common.json)).toEqual(['password']);

    // A failed attempt does not use the link up.
    const ok = await client.post('/api/user/reset', { token, password: 'brand-new-secret-1', password2: 'brand-new-secret-1' });
    expect(ok.status).toBe(200);
    const again = await client.post('/api/user/reset', { token, password: 'another-secret-22', password2: 'another-secret-22' });
    expect(again.status).toBe(400);
    expect(again.json.token).toMatch(/expired or was already used/);

    expect((await client.post('/api/user/login', { email: user.email, password: user.password })).status).toBe(400);
    const newToken = await login(user.email, 'brand-new-secret-1');
    expect((await dashboard(`Bearer ${newToken}`)).status).toBe(200);
    expect((await dashboard(`Bearer ${oldToken}`)).status).toBe(401);
  });

  it('refuses an expired or made-up link', async () => {
    const user = await register();
    await client.post('/api/user/forgot', { email: user.email });
    const mail = await waitForMail(outbox(), (m) => m.to.includes(user.email.toLowerCase()) && m.subject === 'Reset your password');
    const token = linkIn(mail.text)!;
    await server.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await client.post('/api/user/reset', { token, password: 'brand-new-secret-1', password2: 'brand-new-secret-1' });
    expect(expired.status).toBe(400);
    expect(Object.keys(expired.json)).toEqual(['token']);
    const madeUp = await client.post('/api/user/reset', { token: 'A'.repeat(43), password: 'brand-new-secret-1', password2: 'brand-new-secret-1' });
    expect(Object.keys(madeUp.json)).toEqual(['token']);
    const garbage = await client.post('/api/user/reset', { token: '<script>', password: 'brand-new-secret-1', password2: 'brand-new-secret-1' });
    expect(Object.keys(garbage.json)).toEqual(['token']);
    expect((await client.post('/api/user/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});
