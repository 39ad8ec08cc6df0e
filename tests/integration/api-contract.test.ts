import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from '../../server/http/api/index';
import { buildOpenApiDocument } from '../../server/http/api/openapi/document';
import { CARDS, GOOD_CARD, payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { waitForMail } from '../helpers/outbox';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../helpers/test-server';
import { supporterCookies } from '../../server/http/supporter-cookies';

/**
 * The API as a contract (ADR 035): GET /api/openapi.json is valid OpenAPI 3.1 and lists
 * exactly the routes the /api routers mount; every call, sent a valid and an invalid request,
 * answers with a status the document lists for it and a body its schema for that status accepts
 * (answers' objects are closed: a field added, dropped or retyped fails here). Requests that are
 * valid must pass the documented request schema; bad input the schema can see must fail it.
 */

type Json = Record<string, unknown>;
interface DocOperation {
  operationId: string;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content: Record<string, { schema?: Json }> }>;
}
interface Document {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Json> };
}

const SECRET_KEY = 'sk_test_contract_0123456789';
const WEBHOOK_SECRET = 'whsec_contract_0123456789';

let server: TestServer;
let stripeServer: TestServer;
let fake: FakeStripe;
let doc: Document;
let ajv: Ajv2020;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  [server, stripeServer] = await Promise.all([
    startTestServer({ pages: 'none' }),
    startTestServer({
      pages: 'none',
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_contract_0123456789', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    }),
  ]);
  doc = (await server.client().get('/api/openapi.json')).json as unknown as Document;
  // The document's schemas as one resource, so `#/components/schemas/X` refers into it.
  ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(pointedAtDefs({ $id: 'api', $defs: doc.components.schemas }));
});
afterAll(async () => {
  await Promise.all([server?.close(), stripeServer?.close()]);
  await fake?.close();
});

const pointedAtDefs = <T>(schema: T): T => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"api#/$defs/')) as T;
const compiled = new Map<Json, ValidateFunction>();
function validatorOf(schema: Json): ValidateFunction {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(pointedAtDefs(schema)));
  return compiled.get(schema)!;
}

function operation(id: string): { path: string; method: string; op: DocOperation } {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) if (op.operationId === id) return { path, method, op };
  }
  throw new Error(`no operation ${id} in the document`);
}

/** The answer is one the document lists for this operation, with a body its schema accepts. */
function expectDocumented(id: string, res: ApiResponse): void {
  const { op } = operation(id);
  const documented = op.responses[String(res.status)];
  expect(documented, `${id} answered ${res.status}, which the document does not list: ${res.text.slice(0, 300)}`).toBeDefined();
  const [type, media] = Object.entries(documented!.content)[0]!;
  expect(res.headers.get('content-type'), `${id} ${res.status}`).toContain(type);
  if (type === 'application/pdf') {
    expect(res.text.startsWith('%PDF-')).toBe(true);
    return;
  }
  const validate = validatorOf(media.schema!);
  expect(validate(res.json), `${id} ${res.status}: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 500)}`).toBe(true);
  if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
}

function requestSchemaAccepts(id: string, body: unknown): { ok: boolean; errors: string } {
  const schema = operation(id).op.requestBody?.content['application/json']?.schema;
  expect(schema, `${id} documents no request body`).toBeDefined();
  const validate = validatorOf(schema!);
  const ok = validate(body);
  return { ok, errors: ajv.errorsText(validate.errors) };
}

/** One operation's checks: `ok` for a valid request, `refused` for an invalid one; each must be used. */
function contractOf(id: string) {
  const seen = { ok: 0, refused: 0 };
  return {
    seen,
    /** A valid request: a 2xx the document lists; the body sent (if any) passes the documented request schema. */
    ok(res: ApiResponse, sent?: unknown) {
      expect(res.status, `${id}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${id}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
      expectDocumented(id, res);
      if (sent !== undefined) {
        const { ok, errors } = requestSchemaAccepts(id, sent);
        expect(ok, `${id}: the document refuses a request the server takes: ${errors}`).toBe(true);
      }
      seen.ok += 1;
    },
    /** An invalid request: a 4xx the document lists; with `rejected`, the documented request schema refuses that body too. */
    refused(res: ApiResponse, rejected?: unknown) {
      expect(res.status, `${id}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${id}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      expectDocumented(id, res);
      if (rejected !== undefined) expect(requestSchemaAccepts(id, rejected).ok, `${id}: the document accepts a body the server refuses`).toBe(false);
      seen.refused += 1;
    },
    /** A call that takes no input at all has none to get wrong: a method it does not take answers the document's 404 NoSuchCall. */
    noSuchCall(res: ApiResponse) {
      expect(res.status).toBe(404);
      const validate = validatorOf({ $ref: '#/components/schemas/NoSuchCall' });
      expect(validate(res.json), ajv.errorsText(validate.errors)).toBe(true);
      seen.refused += 1;
    },
  };
}
type Contract = ReturnType<typeof contractOf>;

// ---------------------------------------------------------------------------
// What the calls need: visitors, accounts, events, payments, links from mail
// ---------------------------------------------------------------------------

let unique = 0;
const tag = () => `${Date.now().toString(36)}${(unique++).toString(36)}`;
const email = (who: string) => `${who}.${tag()}@example.org`;

/** A token as the version before sessions signed it (localStorage.jwtToken): `pv`, no `sid`. */
async function legacyToken(secret: string, user: { id: number; createdAt: string }): Promise<string> {
  const pv = createHash('sha256').update(`${user.id}:${user.createdAt}`).digest('hex').slice(0, 16);
  return new SignJWT({ id: user.id, pv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

async function visitor(on: TestServer = server): Promise<ApiClient> {
  const client = on.client();
  await client.get('/api/events/upcoming');
  return client;
}

async function member(label = 'member', on: TestServer = server) {
  const client = on.client();
  const user = await signedInUser(client, label);
  const headers = user.authorization;
  return {
    client,
    user,
    headers,
    get: (path: string) => client.request('GET', path, { headers }),
    post: (path: string, body?: unknown) => client.request('POST', path, { body: body ?? {}, headers }),
    put: (path: string, body: unknown) => client.request('PUT', path, { body, headers }),
  };
}
type Member = Awaited<ReturnType<typeof member>>;

let nextEventNumber = 8400;
const events = { golf: 0, gaming: 0, steakfry: 0 };

const golfTeam = (eventNumber: number, receiptEmail: string) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail,
  ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Golfer ${n}`], [`player${n}Email`, n === 1 ? receiptEmail : ''], [`player${n}ShirtSize`, 'L']])),
});
const gamingTeam = (eventNumber: number, receiptEmail: string) => ({
  eventNumber,
  amount: '50.00',
  receiptEmail,
  teamName: `Team ${tag()}`,
  teamContactNumber: '(740) 555-0142',
  teamAgrees: true,
  ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Gamer ${n}`], [`player${n}Email`, n === 1 ? receiptEmail : ''], [`player${n}ActivisionId`, `gamer#${n}00`], [`player${n}Location`, 'Testburg, PA']])),
});
const party = (eventNumber: number, receiptEmail: string) => ({
  eventNumber,
  amount: '40.00',
  receiptEmail,
  attendees: [
    { name: 'Adult Attendee', allergies: 'peanuts', child: false },
    { name: 'Child Attendee', allergies: '', child: true },
  ],
});
const PAYLOADS = { golf: golfTeam, gaming: gamingTeam, steakfry: party } as const;
type Kind = keyof typeof PAYLOADS;

/** Opens, pays (4242…) and saves a sign-up; answers its id and the exchanges on the way. */
async function signUp(me: Member, kind: Kind) {
  const body = PAYLOADS[kind](events[kind], me.user.account.email);
  const intent = await me.post(`/api/stripe/${kind}_signup_intent`, body);
  expect(intent.status, intent.text).toBe(201);
  const secret = intent.json.clientSecret as string;
  const paid = await payWithCard(me.client, secret);
  expect(paid.status, paid.text).toBe(200);
  const saved = await me.post(`/api/stripe/save_${kind}_signup`, { token: secret, amount: body.amount });
  expect(saved.status, saved.text).toBe(200);
  return { id: saved.json.id as number, body, intent, paid, saved, secret };
}

/** A paid gift (monthly: a plan too), signed in or not; answers the secret and the exchanges. */
async function give(client: ApiClient, form: Json, headers: Record<string, string> = {}) {
  const intent = await client.request('POST', '/api/stripe/donation_intent', { body: form, headers });
  expect(intent.status, intent.text).toBe(201);
  const secret = intent.json.clientSecret as string;
  const paid = await payWithCard(client, secret);
  expect(paid.status, paid.text).toBe(200);
  return { intent, paid, secret };
}

const mailTo = (to: string, purpose: string) =>
  server.db.selectFrom('mail_outbox').select(['text_body']).where('to_address', '=', to).where('purpose', '=', purpose).orderBy('id', 'desc').executeTakeFirstOrThrow();

/** The token of a /verify/… or /reset/… link mailed to `to` (kept only in the delivered mail, not in the outbox table). */
async function linkTokenMailedTo(to: string, page: 'verify' | 'reset'): Promise<string> {
  const link = new RegExp(`/${page}/([\\w-]+)`);
  const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === to && link.test(m.text));
  return link.exec(mail.text)![1]!;
}

/** A monthly plan and the manage link its receipt carries. */
async function monthlyPlan(client: ApiClient, headers: Record<string, string> = {}) {
  const form = { amount: '15', email: email('monthly'), monthly: true };
  await give(client, form, headers);
  const receipt = await mailTo(form.email, 'donation_paid');
  const url = /\/giving\/manage\?plan=(\d+)&sig=([\w-]+)/.exec(receipt.text_body);
  expect(url, receipt.text_body).not.toBeNull();
  return { plan: Number(url![1]), sig: url![2]! };
}

/** A user with one of everything: a gift, a monthly gift, a golf team, a gaming team and a party, all paid. */
let rich: Member & { golf: number; gaming: number; steakfry: number; plan: number };

beforeAll(async () => {
  events.golf = await createTestEvent(server.db, { eventNumber: nextEventNumber++, eventType: 'Golf Event', image: { src: '/media/events/golf.jpg', width: 800, height: 600, alt: 'Golfers' } });
  events.gaming = await createTestEvent(server.db, { eventNumber: nextEventNumber++, eventType: 'Gaming Event' });
  events.steakfry = await createTestEvent(server.db, { eventNumber: nextEventNumber++, eventType: 'Benefit Event', signup: { refundDaysBefore: 14 } });
  const me = await member('rich');
  await give(me.client, { amount: '25', email: me.user.account.email, message: 'For the families', name: 'Rich Giver', tribute: 'memory', tributeName: 'Ada' }, me.headers);
  const { plan } = await monthlyPlan(me.client, me.headers);
  const golf = await signUp(me, 'golf');
  const gaming = await signUp(me, 'gaming');
  const steakfry = await signUp(me, 'steakfry');
  rich = { ...me, golf: golf.id, gaming: gaming.id, steakfry: steakfry.id, plan };
});

// ---------------------------------------------------------------------------
// Each operation: at least one valid and one invalid request
// ---------------------------------------------------------------------------

const CONTRACTS: Record<string, (c: Contract) => Promise<void>> = {
  async getOpenApiDocument(c) {
    const client = await visitor();
    c.ok(await client.get('/api/openapi.json'));
    c.noSuchCall(await client.post('/api/openapi.json', {}));
  },
  async getAllContent(c) {
    const client = await visitor();
    c.ok(await client.get('/api/content/all'));
    c.noSuchCall(await client.post('/api/content/all', {}));
  },
  async getUpcomingEvents(c) {
    const client = await visitor();
    const upcoming = await client.get('/api/events/upcoming');
    expect((upcoming.json as unknown as unknown[]).length).toBeGreaterThan(0);
    c.ok(upcoming);
    c.noSuchCall(await client.put('/api/events/upcoming', {}));
  },
  async getAllEvents(c) {
    const client = await visitor();
    c.ok(await client.get('/api/events/all'));
    c.noSuchCall(await client.post('/api/events/all', {}));
  },
  async getEvent(c) {
    const client = await visitor();
    c.ok(await client.get(`/api/events/${events.golf}`));
    c.refused(await client.get('/api/events/not-a-number'));
    c.refused(await client.get('/api/events/987654321'));
  },

  async register(c) {
    const client = await visitor();
    const account = { first: 'Ann', last: 'Lee', username: `ann_${tag()}`, email: email('ann'), password: 'analytical-engine-1843', password2: 'analytical-engine-1843' };
    c.ok(await client.post('/api/user/register', account), account);
    // The same email again: the same answer, so the call never tells who has an account (ADR 043).
    c.ok(await client.post('/api/user/register', { ...account, username: `ann_${tag()}` }));
    c.refused(await client.post('/api/user/register', { ...account, email: email('ann2') }));
    const { email: _email, ...noEmail } = { ...account, username: `ann_${tag()}` };
    c.refused(await client.post('/api/user/register', noEmail), noEmail);
  },
  async login(c) {
    const me = await member('login');
    const credentials = { email: me.user.account.email, password: me.user.account.password };
    c.ok(await me.client.post('/api/user/login', credentials), credentials);
    c.refused(await me.client.post('/api/user/login', { ...credentials, password: 'not-the-password' }));
    c.refused(await me.client.post('/api/user/login', { email: 42 }), { email: 42 });
  },
  async moveStoredToken(c) {
    const me = await member('stored');
    const user = (await server.db.selectFrom('users').selectAll().where('email', '=', me.user.account.email).executeTakeFirstOrThrow());
    const stored = await legacyToken(server.config.jwtSecret, { id: user.id, createdAt: user.created_at });
    const moved = await me.client.request('POST', '/api/user/session', { headers: { authorization: `Bearer ${stored}` } });
    c.ok(moved);
    c.refused(await me.client.request('POST', '/api/user/session', { headers: { authorization: 'Bearer not.a.token' } }));
    // A session's own token is not an earlier version's.
    c.refused(await me.client.request('POST', '/api/user/session', { headers: me.headers }));
  },
  async logout(c) {
    const me = await member('logout');
    c.ok(await me.post('/api/user/logout'));
    c.refused(await me.post('/api/user/logout'));
  },
  async signOutEverywhere(c) {
    const me = await member('everywhere');
    c.ok(await me.post('/api/user/sign-out-everywhere'));
    c.refused(await me.post('/api/user/sign-out-everywhere'));
  },
  async getDashboard(c) {
    const dashboard = await rich.get('/api/user/dashboard');
    expect(dashboard.json).toMatchObject({ donations: expect.arrayContaining([expect.objectContaining({ tribute: { kind: 'memory', name: 'Ada' } })]) });
    expect((dashboard.json.events_and_teams as unknown[]).length).toBe(3);
    c.ok(dashboard);
    c.refused(await rich.client.get('/api/user/dashboard'));
    c.refused(await rich.client.request('GET', '/api/user/dashboard', { headers: { authorization: 'Bearer not.a.token' } }));
  },
  async getMySignup(c) {
    for (const id of [rich.golf, rich.gaming, rich.steakfry]) c.ok(await rich.get(`/api/user/signups/${id}`));
    const other = await member('nosy');
    c.refused(await other.get(`/api/user/signups/${rich.golf}`));
    c.refused(await other.get('/api/user/signups/abc'));
  },
  async changeMySignup(c) {
    const me = await member('changer');
    const { id, body } = await signUp(me, 'golf');
    const { eventNumber: _event, amount: _amount, ...change } = { ...body, player2Name: 'Renamed Golfer' };
    c.ok(await me.put(`/api/user/signups/${id}`, change), change);
    const noName = { ...change, player1Name: '' };
    c.refused(await me.put(`/api/user/signups/${id}`, noName), noName);
    c.refused(await me.put('/api/user/signups/999999', change));
  },
  async cancelMySignup(c) {
    const me = await member('canceller');
    const { id } = await signUp(me, 'gaming');
    c.ok(await me.post(`/api/user/signups/${id}/cancel`));
    c.ok(await me.post(`/api/user/signups/${id}/cancel`));
    c.refused(await (await member('stranger')).post(`/api/user/signups/${id}/cancel`));
  },
  async forgotPassword(c) {
    const client = await visitor();
    const body = { email: email('forgot') };
    c.ok(await client.post('/api/user/forgot', body), body);
    c.refused(await client.post('/api/user/forgot', { email: 'not an address' }));
  },
  async resetPassword(c) {
    const me = await member('reset');
    expect((await me.client.post('/api/user/forgot', { email: me.user.account.email })).status).toBe(200);
    const token = await linkTokenMailedTo(me.user.account.email, 'reset');
    const body = { token, password: 'difference-engine-1822', password2: 'difference-engine-1822' };
    c.ok(await me.client.post('/api/user/reset', body), body);
    c.refused(await me.client.post('/api/user/reset', body));
    const short = { token: 'short', password: 'x', password2: 'x' };
    c.refused(await me.client.post('/api/user/reset', short), short);
  },
  async getAccount(c) {
    c.ok(await rich.get('/api/user/account'));
    c.refused(await rich.client.get('/api/user/account'));
  },
  async updateAccount(c) {
    const me = await member('profile');
    const { first, last, username, email: address } = me.user.account;
    const profile = { first: 'Renamed', last, username, email: address };
    c.ok(await me.post('/api/user/account', profile), profile);
    c.ok(await me.post('/api/user/account', { first, last, username, email: email('moved') }));
    const badEmail = { first, last, username, email: 'nowhere' };
    c.refused(await me.post('/api/user/account', badEmail));
    c.refused(await me.post('/api/user/account', { first, last, username, email: rich.user.account.email }));
  },
  async sendVerification(c) {
    const me = await member('verify_send');
    c.ok(await me.post('/api/user/verify/send'));
    c.refused(await me.client.post('/api/user/verify/send', {}));
    await server.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('email', '=', me.user.account.email).execute();
    c.refused(await me.post('/api/user/verify/send'));
  },
  async verifyEmail(c) {
    const me = await member('verify');
    const token = await linkTokenMailedTo(me.user.account.email, 'verify');
    c.ok(await me.client.post('/api/user/verify', { token }), { token });
    c.refused(await me.client.post('/api/user/verify', { token: 'x'.repeat(43) }));
    c.refused(await me.client.post('/api/user/verify', { token: 7 }), { token: 7 });
  },
  async changePassword(c) {
    const me = await member('password');
    const body = { current: me.user.account.password, password: 'jacquard-loom-1804', password2: 'jacquard-loom-1804' };
    c.refused(await me.post('/api/user/password', { ...body, password2: 'jacquard-loom-1805' }));
    c.refused(await me.post('/api/user/password', { ...body, current: 'wrong-password-0' }));
    c.refused(await me.post('/api/user/password', { current: body.current }), { current: body.current });
    c.ok(await me.post('/api/user/password', body), body);
    // Every other token stops working.
    c.refused(await me.post('/api/user/password', body));
  },
  async deleteAccount(c) {
    const me = await member('leaver');
    c.refused(await me.post('/api/user/delete', { password: 'wrong-password-0' }));
    c.refused(await me.post('/api/user/delete', {}), {});
    c.ok(await me.post('/api/user/delete', { password: me.user.account.password }), { password: me.user.account.password });
    c.refused(await me.post('/api/user/delete', { password: me.user.account.password }));
  },
  async exportAccount(c) {
    const exported = await rich.get('/api/user/export');
    expect(exported.headers.get('content-disposition')).toContain('my-data.json');
    for (const list of ['payments', 'donations', 'signups', 'monthlyGifts']) expect((exported.json[list] as unknown[]).length, list).toBeGreaterThan(0);
    c.ok(exported);
    c.refused(await rich.client.get('/api/user/export'));
  },

  async createDonationIntent(c) {
    const client = await visitor();
    const form = { amount: '$20.00', email: email('donor'), message: 'Thank you', coverFees: true, total: '20.60' };
    c.ok(await client.post('/api/stripe/donation_intent', form), form);
    c.refused(await client.post('/api/stripe/donation_intent', { ...form, total: '20.00' }));
    const noAmount = { email: email('donor') };
    c.refused(await client.post('/api/stripe/donation_intent', noAmount), noAmount);
    c.refused(await client.post('/api/stripe/donation_intent', form, { xsrf: false }));
  },
  async saveDonation(c) {
    const client = await visitor();
    const { secret } = await give(client, { amount: '20', email: email('saver') });
    const body = { token: secret, amount: '20.00' };
    c.ok(await client.post('/api/stripe/save_donation', body), body);
    c.ok(await client.post('/api/stripe/save_donation', body));
    c.refused(await client.post('/api/stripe/save_donation', { ...body, amount: '21.00' }));
    c.refused(await client.post('/api/stripe/save_donation', { token: 7, amount: '20.00' }), { token: 7, amount: '20.00' });
  },
  ...signupContracts('golf'),
  ...signupContracts('gaming'),
  ...signupContracts('steakfry'),

  async listMyReceipts(c) {
    const list = await rich.get('/api/user/receipts');
    expect((list.json.receipts as unknown[]).length).toBeGreaterThan(0);
    c.ok(list);
    c.refused(await rich.client.get('/api/user/receipts'));
  },
  async getMyReceipt(c) {
    const [first] = (await rich.get('/api/user/receipts')).json.receipts as { paymentId: number }[];
    c.ok(await rich.get(`/api/user/receipts/${first!.paymentId}`));
    c.refused(await (await member('peeker')).get(`/api/user/receipts/${first!.paymentId}`));
  },
  async getReceiptPdf(c) {
    const [first] = (await rich.get('/api/user/receipts')).json.receipts as { pdfUrl: string }[];
    const client = await visitor();
    c.ok(await client.get(first!.pdfUrl));
    c.refused(await client.get(first!.pdfUrl.replace(/\/[\w-]{32}\/pdf$/, `/${'A'.repeat(32)}/pdf`)));
  },
  async getStatementPdf(c) {
    const [statement] = (await rich.get('/api/user/receipts')).json.statements as { url: string }[];
    const client = await visitor();
    c.ok(await client.get(statement!.url));
    c.refused(await client.get(statement!.url.replace(/\/[\w-]{32}\/pdf$/, `/${'A'.repeat(32)}/pdf`)));
  },

  async getPlanByLink(c) {
    const client = await visitor();
    const link = await monthlyPlan(client);
    c.ok(await client.get(`/api/giving/plan?plan=${link.plan}&sig=${link.sig}`));
    c.refused(await client.get(`/api/giving/plan?plan=${link.plan}&sig=${'A'.repeat(43)}`));
    c.refused(await client.get(`/api/giving/plan?plan=abc&sig=${link.sig}`));
  },
  async changePlanByLink(c) {
    const client = await visitor();
    const link = await monthlyPlan(client);
    const body = { ...link, amount: '$30', coverFees: true };
    c.ok(await client.post('/api/giving/plan', body), body);
    const asText = { plan: String(link.plan), sig: link.sig, amount: 30 };
    c.ok(await client.post('/api/giving/plan', asText), asText);
    const noAmount = { ...link };
    c.refused(await client.post('/api/giving/plan', noAmount), noAmount);
    c.refused(await client.post('/api/giving/plan', { ...body, sig: 'A'.repeat(43) }));
  },
  async stopPlanByLink(c) {
    const client = await visitor();
    const link = await monthlyPlan(client);
    c.ok(await client.post('/api/giving/plan/stop', link), link);
    c.ok(await client.post('/api/giving/plan/stop', link));
    const forged = { plan: link.plan, sig: 'short' };
    c.refused(await client.post('/api/giving/plan/stop', forged), forged);
  },
  async listMyPlans(c) {
    const plans = await rich.get('/api/giving/my-plans');
    expect(plans.json).toHaveLength(1);
    c.ok(plans);
    c.refused(await rich.client.get('/api/giving/my-plans'));
  },
  async changeMyPlan(c) {
    const me = await member('planner');
    const { plan } = await monthlyPlan(me.client, me.headers);
    c.ok(await me.post(`/api/giving/my-plans/${plan}`, { amount: '25' }), { amount: '25' });
    c.refused(await me.post(`/api/giving/my-plans/${plan}`, { amount: true }), { amount: true });
    c.refused(await (await member('intruder')).post(`/api/giving/my-plans/${plan}`, { amount: '1' }));
  },
  async stopMyPlan(c) {
    const me = await member('stopper');
    const { plan } = await monthlyPlan(me.client, me.headers);
    c.refused(await (await member('intruder')).post(`/api/giving/my-plans/${plan}/stop`));
    c.ok(await me.post(`/api/giving/my-plans/${plan}/stop`));
    c.refused(await me.client.post(`/api/giving/my-plans/${plan}/stop`, {}));
  },

  async receiveStripeWebhook(c) {
    // On Stripe: a signed event is handled, once.
    const donor = await visitor(stripeServer);
    const intent = await donor.post('/api/stripe/donation_intent', { amount: '20', email: email('webhook') });
    expect(intent.status, intent.text).toBe(201);
    const intentId = (intent.json.clientSecret as string).split('_secret_')[0]!;
    fake.succeed(intentId);
    const event = fake.event('payment_intent.succeeded', fake.intents.get(intentId));
    const deliver = (body: string, signature?: string) =>
      donor.request('POST', '/api/stripe/webhook', { body, xsrf: false, headers: signature ? { 'stripe-signature': signature } : {} });
    c.ok(await deliver(event.body, event.signature), JSON.parse(event.body));
    c.ok(await deliver(event.body, event.signature));
    c.refused(await deliver(event.body.replace('"livemode":false', '"livemode":true'), event.signature));
    // The simulated gateway sends none: every delivery is refused.
    c.refused(await (await visitor()).request('POST', '/api/stripe/webhook', { body: event.body, xsrf: false }));
  },
  async confirmSimulatedCard(c) {
    const client = await visitor();
    const clientSecret = (await client.post('/api/stripe/donation_intent', { amount: '20', email: email('card') })).json.clientSecret as string;
    const declined = { clientSecret, number: CARDS.declined, ...GOOD_CARD };
    c.refused(await client.post('/api/payments/simulated/confirm', declined));
    const card = { clientSecret, number: CARDS.ok, ...GOOD_CARD };
    c.ok(await client.post('/api/payments/simulated/confirm', card), card);
    const noCard = { clientSecret };
    c.refused(await client.post('/api/payments/simulated/confirm', noCard), noCard);
    // With Stripe configured the call does not exist.
    c.refused(await (await visitor(stripeServer)).post('/api/payments/simulated/confirm', card));
  },
};

function signupContracts(kind: Kind): Record<string, (c: Contract) => Promise<void>> {
  const Kind = kind[0]!.toUpperCase() + kind.slice(1);
  return {
    async [`create${Kind}SignupIntent`](c) {
      const me = await member(`${kind}_intent`);
      const body = PAYLOADS[kind](events[kind], me.user.account.email);
      c.ok(await me.post(`/api/stripe/${kind}_signup_intent`, body), body);
      c.refused(await me.post(`/api/stripe/${kind}_signup_intent`, { ...body, amount: '1.00' }));
      const { receiptEmail: _email, ...noEmail } = body;
      c.refused(await me.post(`/api/stripe/${kind}_signup_intent`, noEmail), noEmail);
      c.refused(await me.post(`/api/stripe/${kind}_signup_intent`, { ...body, eventNumber: 999_999 }));
      c.refused(await me.client.post(`/api/stripe/${kind}_signup_intent`, body));
    },
    async [`save${Kind}Signup`](c) {
      const me = await member(`${kind}_save`);
      const body = PAYLOADS[kind](events[kind], me.user.account.email);
      const secret = (await me.post(`/api/stripe/${kind}_signup_intent`, body)).json.clientSecret as string;
      const unpaid = { token: secret, amount: body.amount };
      c.refused(await me.post(`/api/stripe/save_${kind}_signup`, unpaid));
      expect((await payWithCard(me.client, secret)).status).toBe(200);
      c.ok(await me.post(`/api/stripe/save_${kind}_signup`, unpaid), unpaid);
      c.refused(await (await member('thief')).post(`/api/stripe/save_${kind}_signup`, unpaid));
      c.refused(await me.post(`/api/stripe/save_${kind}_signup`, { amount: body.amount }), { amount: body.amount });
    },
  };
}

// ---------------------------------------------------------------------------

/** Every route an Express router mounts, as `METHOD /path` with OpenAPI's {param}s. */
function mountedRoutes(router: Router, prefix: string): string[] {
  const routes: string[] = [];
  for (const layer of router.stack as unknown as { route?: { path: string; methods: Record<string, boolean> }; handle: unknown; rawPath?: string }[]) {
    const path = (p: string) => `${prefix}${p === '/' ? '' : p}`.replace(/:(\w+)/g, '{$1}');
    if (layer.route) for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${path(layer.route.path)}`);
    else if (typeof layer.handle === 'function' && Array.isArray((layer.handle as { stack?: unknown }).stack)) {
      expect(typeof layer.rawPath, 'a mounted router’s path (Express 5 router Layer.rawPath)').toBe('string');
      routes.push(...mountedRoutes(layer.handle as Router, path(layer.rawPath!)));
    }
  }
  return routes;
}

const documentedRoutes = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

describe('the API document', () => {
  it('is served at /api/openapi.json, valid OpenAPI 3.1, the one the code builds, revalidated by ETag', async () => {
    const client = server.client();
    const res = await client.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const validator = new Validator();
    const result = await validator.validate(res.json);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(res.json).toEqual(buildOpenApiDocument());
    const again = await client.request('GET', '/api/openapi.json', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('lists every route the /api routers mount, and nothing they do not', () => {
    const router = apiRouter(server.services, { logger: server.logger, jsonBodyLimit: '100kb', siteOrigin: () => server.url, clientKeySecret: 'contract-test-secret', cookies: supporterCookies(false) });
    const mounted = mountedRoutes(router, '/api');
    expect(mounted.length).toBeGreaterThan(30);
    expect(new Set(mounted).size).toBe(mounted.length);
    expect([...mounted].sort()).toEqual(documentedRoutes().sort());
  });

  it('has a contract case below for every operation it lists', () => {
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect([...ids].sort()).toEqual(Object.keys(CONTRACTS).sort());
  });
});

describe('every call answers as the document says, to a valid and to an invalid request', () => {
  for (const [id, run] of Object.entries(CONTRACTS)) {
    it(id, async () => {
      const contract = contractOf(id);
      await run(contract);
      expect(contract.seen.ok, `${id}: no valid request was checked`).toBeGreaterThan(0);
      expect(contract.seen.refused, `${id}: no invalid request was checked`).toBeGreaterThan(0);
    });
  }
});
