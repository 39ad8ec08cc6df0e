import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { createRound, createSubmittedApplication } from '../helpers/scholarship';
import { readOutbox, waitForMail, type OutboxMail } from '../helpers/outbox';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';

let server: TestServer;
let client: ApiClient;
let n = 0;
const GOLF_EVENT = 91301;

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
  client = server.client();
  await client.get('/api/events/upcoming');
  await createTestEvent(server.db, { eventNumber: GOLF_EVENT, eventType: 'Golf Event' });
});
afterAll(() => server?.close());

const outbox = () => server.config.mail.outboxDir;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (path: string, token: string) => client.request('GET', path, { headers: bearer(token) });
const post = (path: string, body: unknown, token: string) => client.post(path, body, { headers: bearer(token) });
const isVerification = (email: string) => (m: OutboxMail) => m.to === email && m.subject === 'Confirm your email address';
const verifyTokenIn = (text: string) => /\/verify\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

async function verificationToken(email: string, nth = 0): Promise<string> {
  await waitForMail(outbox(), isVerification(email));
  await expect.poll(async () => (await readOutbox(outbox())).filter(isVerification(email)).length).toBeGreaterThan(nth);
  const mails = (await readOutbox(outbox())).filter(isVerification(email));
  return verifyTokenIn(mails[nth]!.text)!;
}

/** A signed-out gift, paid by card: the way a visitor gives without an account. */
async function signedOutGift(email: string, amount = '25.00', giving: Record<string, unknown> = {}) {
  const created = await client.post('/api/stripe/donation_intent', { amount, email, message: `gift of ${email}`, ...giving });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret, CARDS.ok)).status).toBe(200);
  expect((await client.post('/api/stripe/save_donation', { amount, email, message: `gift of ${email}`, token: secret })).status).toBe(200);
}

describe('verifying the email', () => {
  it('mails a single-use link at registration; the account shows verified only after it is used', async () => {
    const { account, token } = await signedInUser(client, 'verify');
    expect((await get('/api/user/account', token)).json).toEqual({
      first: 'test',
      last: 'verify',
      username: account.username,
      email: account.email,
      emailVerified: false,
    });
    const mail = await waitForMail(outbox(), isVerification(account.email));
    expect(mail.text).toContain(`${server.url}/verify/`);
    const link = verifyTokenIn(mail.text)!;
    expect(link).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const ok = await client.post('/api/user/verify', { token: link });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await get('/api/user/account', token)).json.emailVerified).toBe(true);
    const again = await client.post('/api/user/verify', { token: link });
    expect(again.status).toBe(400);
    expect(Object.keys(again.json)).toEqual(['token']);
    // The secret link is not kept once the mail is sent.
    await server.services.mail.idle();
    const row = await server.db.selectFrom('mail_outbox').select(['text_body']).where('to_address', '=', account.email).where('purpose', '=', 'email_verification').executeTakeFirstOrThrow();
    expect(row.text_body).not.toContain(link);
  });

  it('refuses an expired, made-up or malformed link', async () => {
    const { account, token } = await signedInUser(client, 'expired');
    const link = await verificationToken(account.email);
    await server.db.updateTable('email_verifications').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', account.email).execute();
    expect((await client.post('/api/user/verify', { token: link })).status).toBe(400);
    expect((await client.post('/api/user/verify', { token: 'A'.repeat(43) })).json).toHaveProperty('token');
    expect((await client.post('/api/user/verify', { token: '<script>' })).json).toHaveProperty('token');
    expect((await client.post('/api/user/verify', {})).json).toHaveProperty('token');
    expect((await get('/api/user/account', token)).json.emailVerified).toBe(false);
  });

  it('sends the link again on request, a few times only, and not once verified', async () => {
    const { account, token } = await signedInUser(client, 'resend');
    await verificationToken(account.email);
    const res = await post('/api/user/verify/send', {}, token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const second = await verificationToken(account.email, 1);
    let limited = 0;
    for (let i = 0; i < 5; i++) if ((await post('/api/user/verify/send', {}, token)).status === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    expect((await client.post('/api/user/verify', { token: second })).status).toBe(200);
    expect((await client.post('/api/user/verify/send', {})).status).toBe(401);
  });
});

describe('gifts made while signed out', () => {
  it('appear on the dashboard once the email is verified, never before', async () => {
    const { account, token } = await signedInUser(client, 'giver');
    await signedOutGift(account.email.toUpperCase(), '25.00');
    const stranger = `stranger.${unique()}@example.org`;
    await signedOutGift(stranger, '30.00');

    expect((await get('/api/user/dashboard', token)).json.donations).toEqual([]);
    expect((await get('/api/user/export', token)).json.donations).toEqual([]);

    const link = await verificationToken(account.email);
    expect((await client.post('/api/user/verify', { token: link })).status).toBe(200);
    const donations = (await get('/api/user/dashboard', token)).json.donations as { amount: string }[];
    expect(donations.map((d) => d.amount)).toEqual(['25.00']);

    // A gift made signed out after verification joins the account too.
    await signedOutGift(account.email, '40.00');
    const later = (await get('/api/user/dashboard', token)).json.donations as { amount: string }[];
    expect(later.map((d) => d.amount).sort()).toEqual(['25.00', '40.00']);
  });

  it('do not join an account whose email changed before the old link was used', async () => {
    const { account, token } = await signedInUser(client, 'switch');
    await signedOutGift(account.email, '11.00');
    const oldLink = await verificationToken(account.email);
    const changed = await post('/api/user/account', { first: 'test', last: 'switch', username: account.username, email: `moved.${unique()}@example.org` }, token);
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await client.post('/api/user/verify', { token: oldLink })).status).toBe(400);
    expect((await get('/api/user/dashboard', token)).json.donations).toEqual([]);
  });
});

describe('editing the profile', () => {
  it('changes names, username and email; a new email is unverified, mailed a link, and the old one is told', async () => {
    const { account, token } = await signedInUser(client, 'editor');
    await client.post('/api/user/verify', { token: await verificationToken(account.email) });
    const newEmail = `New.${unique()}@Example.org`;
    const username = `renamed_${unique()}`.slice(0, 30);
    const res = await post('/api/user/account', { first: '  Ada ', last: 'Byron', username, email: newEmail }, token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.emailChanged).toBe(true);
    // The same session goes on with the new profile.
    expect((await get('/api/user/account', token)).json).toMatchObject({ first: 'Ada', last: 'Byron', username, email: newEmail.toLowerCase(), emailVerified: false });

    const notice = await waitForMail(outbox(), (m) => m.to === account.email && m.subject === 'The email of your account was changed');
    expect(notice.text).toContain(newEmail.toLowerCase());
    const link = await verificationToken(newEmail.toLowerCase());
    expect((await client.post('/api/user/verify', { token: link })).status).toBe(200);

    // Log in with the new email; the old one is gone.
    expect((await client.post('/api/user/login', { email: newEmail, password: account.password })).status).toBe(200);
    expect((await client.post('/api/user/login', { email: account.email, password: account.password })).status).toBe(400);

    // The same email again is no change: nothing mailed, still verified.
    const same = await post('/api/user/account', { first: 'Ada', last: 'Lovelace', username, email: newEmail }, token);
    expect(same.json.emailChanged).toBe(false);
    expect((await get('/api/user/account', token)).json.emailVerified).toBe(true);
  });

  it('refuses empty, huge, malformed and taken values with registration’s messages, changing nothing', async () => {
    const other = await signedInUser(client, 'other');
    const { account, token } = await signedInUser(client, 'badedit');
    const base = { first: 'test', last: 'badedit', username: account.username, email: account.email };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ first: '   ', last: '' }, { first: 'First name is required.', last: 'Last name is required.' }],
      [{ first: 'x'.repeat(51) }, { first: 'First name must be at most 50 characters.' }],
      [{ username: 'has space' }, { username: 'Username must be 3 to 30 letters, digits, _ or . (no spaces).' }],
      [{ username: '<script>x</script>' }, { username: 'Username must be 3 to 30 letters, digits, _ or . (no spaces).' }],
      [{ email: 'not-an-email' }, { email: 'Enter a valid email address, like name@example.com.' }],
      [{ email: `${'e'.repeat(250)}@x.org` }, { email: 'Email must be at most 254 characters.' }],
      [{ username: other.account.username.toUpperCase() }, { username: 'This username is taken. Please choose another.' }],
      [{ email: other.account.email.toUpperCase() }, { email: 'Another account uses this email.' }],
    ];
    for (const [change, errors] of cases) {
      const res = await post('/api/user/account', { ...base, ...change }, token);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json).toEqual(errors);
    }
    expect((await post('/api/user/account', 'nonsense', token)).status).toBe(400);
    expect((await client.post('/api/user/account', base)).status).toBe(401);

    // Script tags in a name are kept as plain text, like registration.
    const scripted = await post('/api/user/account', { ...base, first: '<script>alert(1)</script>' }, token);
    expect(scripted.status).toBe(200);
    expect((await get('/api/user/account', token)).json).toMatchObject({ first: '<script>alert(1)</script>', username: account.username, email: account.email });
  });
});

describe('changing the password', () => {
  it('needs the current password and a strong new one, then ends every other session; this one goes on', async () => {
    const { account, token } = await signedInUser(client, 'pwd');
    const otherBrowser = (await client.post('/api/user/login', { email: account.email, password: account.password })).json.token as string;

    const wrong = await post('/api/user/password', { current: 'not-my-password', password: 'a-brand-new-secret', password2: 'a-brand-new-secret' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ current: 'This password is not correct.' });
    const weak = await post('/api/user/password', { current: account.password, password: 'password123', password2: 'password123' }, token);
    expect(Object.keys(weak.json)).toEqual(['password']);
    const short = await post('/api/user/password', { current: account.password, password: 'short', password2: 'short' }, token);
    expect(short.json.password).toBe('Password must be at least 8 characters.');
    const mismatch = await post('/api/user/password', { current: account.password, password: 'a-brand-new-secret', password2: 'a-brand-new-secreT' }, token);
    expect(Object.keys(mismatch.json)).toEqual(['password2']);
    // Nothing changed yet: both sessions still work.
    expect((await get('/api/user/dashboard', otherBrowser)).status).toBe(200);

    const ok = await post('/api/user/password', { current: account.password, password: 'a-brand-new-secret', password2: 'a-brand-new-secret' }, token);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await get('/api/user/dashboard', token)).status).toBe(200);
    expect((await get('/api/user/dashboard', otherBrowser)).status).toBe(401);
    expect((await client.post('/api/user/login', { email: account.email, password: account.password })).status).toBe(400);
    expect((await client.post('/api/user/login', { email: account.email, password: 'a-brand-new-secret' })).status).toBe(200);
  });
});

/** What the ledger says: every payment's amount, refund and state, and the back office's year total. */
async function ledger() {
  const rows = await server.db.selectFrom('payments').select(['id', 'amount_cents', 'refunded_cents', 'status']).orderBy('id').execute();
  const overview = await server.services.backOffice.reports.overview();
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id), amount_cents: Number(r.amount_cents), refunded_cents: Number(r.refunded_cents) })), year: overview.thisYear.figures.raised };
}

describe('deleting the account', () => {
  it('erases the person, keeps the ledger whole, ends every session and frees the email', async () => {
    const { account, token } = await signedInUser(client, 'leaver');
    await client.post('/api/user/verify', { token: await verificationToken(account.email) });
    // A gift in honor of someone, with a notification: the donor's and the notified person's names go too.
    await signedOutGift(account.email, '50.00', { name: 'Lea Ver', tribute: 'honor', tributeName: 'Mom', notify: true, notifyName: 'Friend Person', notifyEmail: `friend.${unique()}@example.org` });
    // A golf team paid from the account.
    const intent = await post(
      '/api/stripe/golf_signup_intent',
      {
        eventNumber: GOLF_EVENT,
        eventDescription: 'Golf outing',
        amount: '400.00',
        receiptEmail: account.email,
        ...Object.fromEntries([1, 2, 3, 4].flatMap((i) => [[`player${i}Name`, `Leaver Friend ${i}`], [`player${i}Email`, `friend${i}.${unique()}@example.org`], [`player${i}ShirtSize`, 'M']])),
      },
      token,
    );
    expect(intent.status, JSON.stringify(intent.json)).toBe(201);
    expect((await payWithCard(client, intent.json.clientSecret as string)).status).toBe(200);
    await expect.poll(async () => ((await get('/api/user/dashboard', token)).json.events_and_teams as unknown[]).length).toBe(1);
    const userId = Number(decodeJwt(token).id);
    const owned = await server.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();
    expect(owned).toHaveLength(2);
    const before = await ledger();

    const wrong = await post('/api/user/delete', { password: 'not-my-password' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ password: 'This password is not correct.' });
    expect((await get('/api/user/account', token)).status).toBe(200);

    const ok = await post('/api/user/delete', { password: account.password }, token);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);

    expect(await ledger()).toEqual(before);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    const ids = owned.map((p) => Number(p.id));
    const payments = await server.db.selectFrom('payments').select(['user_id']).where('id', 'in', ids).execute();
    expect(payments).toEqual([{ user_id: null }, { user_id: null }]);
    const donation = await server.db.selectFrom('donations').select(['email', 'message', 'donor_name', 'notify_name', 'notify_email']).where('payment_id', 'in', ids).executeTakeFirstOrThrow();
    expect(donation).toEqual({ email: 'erased@account-deleted.invalid', message: '', donor_name: '', notify_name: null, notify_email: null });
    const signup = await server.db.selectFrom('signups').select(['id', 'receipt_email', 'places']).where('payment_id', 'in', ids).executeTakeFirstOrThrow();
    expect(signup.receipt_email).toBe('erased@account-deleted.invalid');
    const players = await server.db.selectFrom('signup_players').select(['name', 'email', 'shirt_size']).where('signup_id', '=', signup.id).orderBy('position').execute();
    expect(players).toEqual([1, 2, 3, 4].map((i) => ({ name: `Player ${i}`, email: null, shirt_size: 'M' })));
    const anywhere = JSON.stringify(await server.db.selectFrom('mail_outbox').selectAll().execute());
    expect(anywhere).not.toContain(account.email);
    expect(anywhere).not.toContain('Leaver Friend');
    expect(await server.db.selectFrom('email_verifications').select('id').where('user_id', '=', userId).execute()).toEqual([]);

    expect((await get('/api/user/dashboard', token)).status).toBe(401);
    expect((await client.post('/api/user/login', { email: account.email, password: account.password })).status).toBe(400);
    const again = await client.post('/api/user/register', { ...account });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
  });

  it('needs the password, and leaves other accounts alone', async () => {
    const keeper = await signedInUser(client, 'keeper');
    await signedOutGift(keeper.account.email, '12.00');
    await client.post('/api/user/verify', { token: await verificationToken(keeper.account.email) });
    const leaver = await signedInUser(client, 'leaver2');
    expect((await post('/api/user/delete', {}, leaver.token)).json).toEqual({ password: 'Enter your current password.' });
    expect((await client.post('/api/user/delete', { password: leaver.account.password })).status).toBe(401);
    expect((await post('/api/user/delete', { password: leaver.account.password }, leaver.token)).status).toBe(200);
    const kept = (await get('/api/user/dashboard', keeper.token)).json.donations as { amount: string; message: string }[];
    expect(kept).toEqual([expect.objectContaining({ amount: '12.00', message: `gift of ${keeper.account.email}` })]);
  });
});

describe('downloading my data', () => {
  it('answers the account and only its own records, without password hashes or tokens', async () => {
    const mine = await signedInUser(client, 'exporter');
    const theirs = await signedInUser(client, 'neighbour');
    await client.post('/api/user/verify', { token: await verificationToken(mine.account.email) });
    await client.post('/api/user/verify', { token: await verificationToken(theirs.account.email) });
    await signedOutGift(mine.account.email, '21.00', { name: 'Ex Porter', tribute: 'memory', tributeName: 'Grandpa Joe' });
    await signedOutGift(theirs.account.email, '34.00');

    const res = await client.request('GET', '/api/user/export', { headers: bearer(mine.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?my-data\.json"?$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = res.json;
    expect(data.account).toMatchObject({ first: 'test', last: 'exporter', username: mine.account.username, email: mine.account.email, emailVerified: true });
    expect(data.donations).toEqual([
      expect.objectContaining({
        email: mine.account.email,
        message: `gift of ${mine.account.email}`,
        donorName: 'Ex Porter',
        gift: '21.00',
        coverFees: '0.00',
        tribute: { kind: 'memory', name: 'Grandpa Joe', notified: null },
      }),
    ]);
    expect(data.monthlyGifts).toEqual([]);
    expect(data.scholarshipApplications).toEqual([]);
    expect(data.waitingLists).toEqual([]);
    expect(data.sponsorships).toEqual([]);
    expect(data.payments).toEqual([expect.objectContaining({ purpose: 'donation', amount: '21.00', status: 'paid' })]);
    expect(data.signups).toEqual([]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(theirs.account.email);
    expect(text).not.toContain('34.00');
    expect(text).not.toMatch(/argon2|password_hash|passwordHash|token/i);
    expect((await client.request('GET', '/api/user/export')).status).toBe(401);
  });

  it('includes my scholarship applications (never the letter) and my waiting-list places', async () => {
    const mine = await signedInUser(client, 'applicant');
    const userId = Number((await server.db.selectFrom('users').select('id').where('email', '=', mine.account.email.toLowerCase()).executeTakeFirstOrThrow()).id);
    const round = await createRound(server.db);
    const application = await createSubmittedApplication(server.db, round, { userId, letter: true, details: { firstName: 'Robin' } });
    const event = await server.db.selectFrom('events').select('id').where('event_number', '=', GOLF_EVENT).executeTakeFirstOrThrow();
    await server.db.insertInto('waitlist_entries').values({ event_id: event.id, user_id: userId, kind: 'golf', places: 1, created_at: new Date().toISOString() }).execute();

    const data = (await get('/api/user/export', mine.token)).json;
    expect(data.scholarshipApplications).toEqual([
      expect.objectContaining({
        year: round.year,
        status: 'submitted',
        details: expect.objectContaining({ firstName: 'Robin' }),
        essays: expect.objectContaining({ [round.prompts[0]!.key]: expect.any(String) }),
        documents: round.documents.map((d) => expect.objectContaining({ document: d.key })),
        recommender: expect.objectContaining({ letterReceivedAt: expect.any(String) }),
      }),
    ]);
    expect(data.waitingLists).toEqual([expect.objectContaining({ eventNumber: GOLF_EVENT, kind: 'golf', places: 1, status: 'waiting' })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('"letter"');
    expect(text).not.toContain(String(application.letterToken));
  });
});
