/**
 * Everything the fuzzer knows about the site, in one place: the routes (docs/api.md and
 * app/routes.ts), a valid example for each, which need a signed-in user, and how to get real
 * accounts and payments before fuzzing. The rest of the fuzzer is generic: when an endpoint or
 * a payload changes, update this file only.
 *
 * The server is a black box: all knowledge here is what a browser could learn over HTTP.
 */
import { PUBLIC_PAGES } from '../../common/public-pages';
import { type OutgoingHttpHeaders } from 'node:http';
import { BASE64URL, Rng } from './rng';
import { callJson, type JsonAnswer } from './send';

export interface Account {
  first: string;
  last: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

export type PaymentKind = 'donation' | 'golf' | 'gaming' | 'steakfry';

/** A payment intent made before fuzzing, with the body it was made from (save calls must repeat it). */
export interface Intent {
  kind: PaymentKind;
  clientSecret: string;
  body: Record<string, unknown>;
  /** The account that made it (sign-ups must be saved by the same account). */
  account?: Account;
  paid: boolean;
}

export interface FuzzContext {
  accounts: Account[];
  /** Active, future events per sign-up kind, and every event number. */
  events: { golf: number[]; gaming: number[]; steakfry: number[]; all: number[] };
  intents: Intent[];
  galleryTokens: string[];
  /** Real files: /media/… from the content, /assets/… from the home page. */
  files: string[];
  /** False when the server runs real Stripe (no simulated card endpoint). */
  simulatedPayments: boolean;
}

export interface Example {
  body?: Record<string, unknown>;
  /** The account whose Bearer token goes with this body (else any account). */
  account?: Account;
  headers?: OutgoingHttpHeaders;
}

export type AuthNeed = 'none' | 'optional' | 'required';

export interface Route {
  name: string;
  kind: 'api' | 'page' | 'file';
  method: 'GET' | 'POST';
  /** `:name` segments are filled from `params`. */
  path: string;
  auth: AuthNeed;
  /** Unsafe /api calls need the XSRF double-submit pair; the signed webhook does not. */
  xsrf: boolean;
  params?: Record<string, (ctx: FuzzContext, rng: Rng) => string>;
  /** A valid request body (and headers) for this route. */
  example?: (ctx: FuzzContext, rng: Rng) => Example;
}

// ---------------------------------------------------------------------------------------------
// Valid payloads (spec §7, docs/api.md, tests/integration/signups.test.ts).

export const TEST_CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
} as const;

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = (number: string) => ({ number, expiry: `12/${nextYear}`, cvc: '123', zip: '43947' });

const PASSWORD = 'analytical-engine-1843';
const SHIRTS = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger', 'Barbara', 'Donald', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Dijkstra', 'Liskov', 'Knuth', 'Allen'];

const someone = (rng: Rng) => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
const anyAccount = (ctx: FuzzContext, rng: Rng) => rng.pick(ctx.accounts);
const eventOf = (ctx: FuzzContext, rng: Rng, kind: 'golf' | 'gaming' | 'steakfry') =>
  ctx.events[kind].length > 0 ? rng.pick(ctx.events[kind]) : rng.pick(ctx.events.all.length > 0 ? ctx.events.all : [1]);

export function newAccountFields(rng: Rng) {
  const id = rng.string(10);
  return {
    first: rng.pick(FIRST),
    last: rng.pick(LAST),
    username: `fz_${id}`,
    email: `fz.${id}@example.org`,
    password: PASSWORD,
    password2: PASSWORD,
  };
}

function donationBody(rng: Rng) {
  return {
    amount: rng.pick(['20.00', '25', 100, '$1,000.50', '5.5']),
    email: `donor.${rng.string(6)}@example.org`,
    message: rng.pick(['', 'In memory of Rowan.', 'Keep up the good work!']),
  };
}

export function golfBody(ctx: FuzzContext, rng: Rng, account: Account) {
  const players = Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, someone(rng)],
      [`player${n}Email`, n === 1 ? `p1.${rng.string(6)}@example.org` : rng.pick(['', `p${n}.${rng.string(4)}@example.org`])],
      [`player${n}ShirtSize`, rng.pick(SHIRTS)],
    ]),
  );
  return { eventNumber: eventOf(ctx, rng, 'golf'), eventDescription: 'Golf outing', amount: '400.00', receiptEmail: account.email, ...players };
}

export function gamingBody(ctx: FuzzContext, rng: Rng, account: Account) {
  const players = Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, someone(rng)],
      [`player${n}Email`, n === 1 ? `p1.${rng.string(6)}@example.org` : ''],
      [`player${n}ActivisionId`, `player#${rng.int(1000, 9999)}`],
      [`player${n}Location`, 'Shadyside, OH'],
    ]),
  );
  return {
    eventNumber: eventOf(ctx, rng, 'gaming'),
    eventDescription: 'Gaming tournament',
    amount: '50.00',
    receiptEmail: account.email,
    teamName: `Team ${rng.string(8)}`,
    teamContactNumber: '(740) 555-0142',
    teamAgrees: true,
    ...players,
  };
}

export function steakfryBody(ctx: FuzzContext, rng: Rng, account: Account) {
  const attendees = Array.from({ length: rng.int(1, 4) }, () => ({
    name: someone(rng),
    allergies: rng.pick(['', 'peanuts', 'shellfish']),
    child: rng.chance(0.3),
  }));
  const cents = attendees.reduce((sum, a) => sum + (a.child ? 1500 : 2500), 0);
  return {
    eventNumber: eventOf(ctx, rng, 'steakfry'),
    eventDescription: 'Steak fry',
    amount: (cents / 100).toFixed(2),
    receiptEmail: account.email,
    attendees,
  };
}

const SIGNUP_BODIES = { golf: golfBody, gaming: gamingBody, steakfry: steakfryBody } as const;

/** A save call repeats its intent's body plus the client secret as `token`. */
function saveExample(kind: PaymentKind) {
  return (ctx: FuzzContext, rng: Rng): Example => {
    const intents = ctx.intents.filter((i) => i.kind === kind);
    if (intents.length === 0) return { body: { token: `pi_${rng.string(24)}_secret_${rng.string(24)}` }, account: anyAccount(ctx, rng) };
    const intent = rng.pick(intents);
    return { body: { ...intent.body, token: intent.clientSecret }, account: intent.account };
  };
}

function signupIntentExample(kind: 'golf' | 'gaming' | 'steakfry') {
  return (ctx: FuzzContext, rng: Rng): Example => {
    const account = anyAccount(ctx, rng);
    return { body: SIGNUP_BODIES[kind](ctx, rng, account), account };
  };
}

// ---------------------------------------------------------------------------------------------
// The table.

const api = (route: Omit<Route, 'kind' | 'xsrf'> & { xsrf?: boolean }): Route => ({ kind: 'api', xsrf: route.method === 'POST', ...route });
const page = (path: string, params?: Route['params']): Route => ({
  name: `page ${path}`,
  kind: 'page',
  method: 'GET',
  path,
  auth: 'none',
  xsrf: false,
  params,
});

/** Values for a page's parameters: real events and albums where the site has them, random tokens otherwise. */
function pageParams(path: string): Route['params'] {
  const generators: NonNullable<Route['params']> = {
    eventNumber: (ctx, rng) => String(rng.pick(ctx.events.all.length > 0 ? ctx.events.all : [6])),
    token: path.startsWith('/gallery/')
      ? (ctx, rng) => (ctx.galleryTokens.length > 0 ? rng.pick(ctx.galleryTokens) : rng.string(8))
      : (_ctx, rng) => rng.string(43, BASE64URL),
    signupId: (_ctx, rng) => String(rng.int(1, 200)),
    paymentId: (_ctx, rng) => String(rng.int(1, 200)),
    signature: (_ctx, rng) => rng.string(32, BASE64URL),
  };
  const names = [...path.matchAll(/:(\w+)/g)].map(([, name]) => name!);
  if (names.length === 0) return undefined;
  return Object.fromEntries(names.map((name) => [name, generators[name] ?? ((_ctx, rng) => rng.string(8))]));
}

export const ROUTES: readonly Route[] = [
  api({ name: 'content/all', method: 'GET', path: '/api/content/all', auth: 'none' }),
  api({ name: 'events/upcoming', method: 'GET', path: '/api/events/upcoming', auth: 'none' }),
  api({ name: 'events/all', method: 'GET', path: '/api/events/all', auth: 'none' }),
  api({
    name: 'events/:number',
    method: 'GET',
    path: '/api/events/:number',
    auth: 'none',
    params: { number: (ctx, rng) => String(rng.pick(ctx.events.all.length > 0 ? ctx.events.all : [6])) },
  }),
  api({ name: 'user/register', method: 'POST', path: '/api/user/register', auth: 'none', example: (_ctx, rng) => ({ body: newAccountFields(rng) }) }),
  api({
    name: 'user/login',
    method: 'POST',
    path: '/api/user/login',
    auth: 'none',
    // Known accounts lock after 10 failed tries (per address and per account), so most tries
    // use an address nobody registered: the server must answer it alike.
    example: (ctx, rng) => {
      if (rng.chance(0.6)) return { body: { email: `nobody.${rng.string(6)}@example.org`, password: PASSWORD } };
      const account = anyAccount(ctx, rng);
      return { body: { email: account.email, password: account.password } };
    },
  }),
  api({ name: 'user/dashboard', method: 'GET', path: '/api/user/dashboard', auth: 'required' }),
  // Receipts (ADR 025): ids and signatures the server never signed must be a plain 404.
  api({ name: 'user/receipts', method: 'GET', path: '/api/user/receipts', auth: 'required' }),
  api({ name: 'user/receipts/:paymentId', method: 'GET', path: '/api/user/receipts/:paymentId', auth: 'required', params: { paymentId: (_ctx, rng) => String(rng.int(1, 200)) } }),
  api({
    name: 'receipts/:paymentId/:signature/pdf',
    method: 'GET',
    path: '/api/receipts/:paymentId/:signature/pdf',
    auth: 'none',
    params: { paymentId: (_ctx, rng) => String(rng.int(1, 200)), signature: (_ctx, rng) => rng.string(32, BASE64URL) },
  }),
  api({
    name: 'statements/:userId/:year/:signature/pdf',
    method: 'GET',
    path: '/api/statements/:userId/:year/:signature/pdf',
    auth: 'none',
    params: { userId: (_ctx, rng) => String(rng.int(1, 50)), year: (_ctx, rng) => String(rng.int(2020, 2030)), signature: (_ctx, rng) => rng.string(32, BASE64URL) },
  }),
  api({
    name: 'user/forgot',
    method: 'POST',
    path: '/api/user/forgot',
    auth: 'none',
    // At most 5 reset mails per address: mostly unknown addresses, as for log-in.
    example: (ctx, rng) => ({ body: { email: rng.chance(0.2) ? anyAccount(ctx, rng).email : `nobody.${rng.string(6)}@example.org` } }),
  }),
  api({
    name: 'user/reset',
    method: 'POST',
    path: '/api/user/reset',
    auth: 'none',
    // A well-formed token that was never issued: a real one would change a fuzz account's password.
    example: (_ctx, rng) => ({ body: { token: rng.string(43, BASE64URL), password: 'difference-engine-1822', password2: 'difference-engine-1822' } }),
  }),
  api({ name: 'stripe/donation_intent', method: 'POST', path: '/api/stripe/donation_intent', auth: 'optional', example: (_ctx, rng) => ({ body: donationBody(rng) }) }),
  api({ name: 'stripe/save_donation', method: 'POST', path: '/api/stripe/save_donation', auth: 'none', example: saveExample('donation') }),
  api({ name: 'stripe/golf_signup_intent', method: 'POST', path: '/api/stripe/golf_signup_intent', auth: 'required', example: signupIntentExample('golf') }),
  api({ name: 'stripe/gaming_signup_intent', method: 'POST', path: '/api/stripe/gaming_signup_intent', auth: 'required', example: signupIntentExample('gaming') }),
  api({ name: 'stripe/steakfry_signup_intent', method: 'POST', path: '/api/stripe/steakfry_signup_intent', auth: 'required', example: signupIntentExample('steakfry') }),
  api({ name: 'stripe/save_golf_signup', method: 'POST', path: '/api/stripe/save_golf_signup', auth: 'required', example: saveExample('golf') }),
  api({ name: 'stripe/save_gaming_signup', method: 'POST', path: '/api/stripe/save_gaming_signup', auth: 'required', example: saveExample('gaming') }),
  api({ name: 'stripe/save_steakfry_signup', method: 'POST', path: '/api/stripe/save_steakfry_signup', auth: 'required', example: saveExample('steakfry') }),
  api({
    name: 'stripe/webhook',
    method: 'POST',
    path: '/api/stripe/webhook',
    auth: 'none',
    xsrf: false,
    // Stripe's event shape with a signature we cannot make: the handler must refuse it cleanly.
    example: (ctx, rng) => {
      const intent = ctx.intents.length > 0 ? rng.pick(ctx.intents) : undefined;
      const id = intent?.clientSecret.split('_secret_')[0] ?? `pi_${rng.string(24)}`;
      return {
        body: {
          id: `evt_${rng.string(24)}`,
          type: 'payment_intent.succeeded',
          data: { object: { id, object: 'payment_intent', amount: 2000, currency: 'usd', status: 'succeeded' } },
        },
        headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${rng.string(64, '0123456789abcdef')}` },
      };
    },
  }),
  api({
    name: 'payments/simulated/confirm',
    method: 'POST',
    path: '/api/payments/simulated/confirm',
    auth: 'none',
    example: (ctx, rng) => {
      const intent = ctx.intents.length > 0 ? rng.pick(ctx.intents) : undefined;
      const clientSecret = intent?.clientSecret ?? `pi_${rng.string(24)}_secret_${rng.string(24)}`;
      return { body: { clientSecret, ...card(rng.pick(Object.values(TEST_CARDS))) } };
    },
  }),
  // Every public page (common/public-pages.ts), with real or random parameters, and files.
  ...PUBLIC_PAGES.filter(({ path }) => path !== '*').map(({ path }) => page(path, pageParams(path))),
  { name: 'healthz', kind: 'file', method: 'GET', path: '/healthz', auth: 'none', xsrf: false },
  { name: 'favicon.ico', kind: 'file', method: 'GET', path: '/favicon.ico', auth: 'none', xsrf: false },
  {
    name: 'files',
    kind: 'file',
    method: 'GET',
    path: '/:file',
    auth: 'none',
    xsrf: false,
    params: { file: (ctx, rng) => (ctx.files.length > 0 ? rng.pick(ctx.files) : 'favicon.svg').replace(/^\//, '') },
  },
];

/** Fills `:name` segments with the route's example values. */
export function fillPath(route: Route, ctx: FuzzContext, rng: Rng, override: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => override[name] ?? route.params?.[name]?.(ctx, rng) ?? name);
}

// ---------------------------------------------------------------------------------------------
// Before fuzzing: real accounts and payments, so the handlers behind the checks are reached.

/** Accounts registered before fuzzing (part of what request #i means: keep it fixed). */
export const ACCOUNTS = 12;

export interface PrepareOptions {
  /** Source address of the n-th set-up call. */
  address: () => string;
  seed: number;
  accounts?: number;
  log?: (line: string) => void;
}

/** An XSRF double-submit pair: any value of 32+ characters works (spec §7). */
export function xsrfHeaders(token: string): OutgoingHttpHeaders {
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

const SIGNUP_KIND_BY_EVENT_TYPE: Record<string, 'golf' | 'gaming' | 'steakfry'> = {
  'Golf Event': 'golf',
  'Gaming Event': 'gaming',
  'Benefit Event': 'steakfry',
};

function expectStatus(answer: JsonAnswer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
}

/** Today as YYYY-MM-DD in Ohio (the foundation's time zone, as the server counts "upcoming"). */
function todayInOhio(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export async function prepare(base: URL, options: PrepareOptions): Promise<FuzzContext> {
  const rng = new Rng(options.seed, 0x5e7);
  const log = options.log ?? (() => undefined);
  const xsrf = xsrfHeaders(rng.string(43, BASE64URL));
  const call = (method: string, path: string, body?: unknown, headers: OutgoingHttpHeaders = {}) =>
    callJson(base, method, path, { body, headers: { ...xsrf, ...headers }, localAddress: options.address() });

  const ctx: FuzzContext = { accounts: [], events: { golf: [], gaming: [], steakfry: [], all: [] }, intents: [], galleryTokens: [], files: [], simulatedPayments: true };

  // Events: active ones dated after today, per kind (never hard-coded numbers).
  const events = await call('GET', '/api/events/all');
  expectStatus(events, 200, 'GET /api/events/all');
  const today = todayInOhio();
  for (const event of (events.json.event ?? []) as { eventNumber: number; eventType: string; eventDate: string; active: boolean }[]) {
    ctx.events.all.push(event.eventNumber);
    const kind = SIGNUP_KIND_BY_EVENT_TYPE[event.eventType];
    if (kind && event.active && event.eventDate > today) ctx.events[kind].push(event.eventNumber);
  }

  // Gallery tokens and media files from the content, asset files from the home page.
  const content = await call('GET', '/api/content/all');
  expectStatus(content, 200, 'GET /api/content/all');
  const media = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string' && value.startsWith('/media/')) media.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.token === 'string' && Array.isArray(record.photos)) ctx.galleryTokens.push(record.token);
      Object.values(record).forEach(walk);
    }
  };
  walk(content.json);
  const home = await call('GET', '/');
  const assets = new Set([...home.text.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]));
  ctx.files = [...[...media].slice(0, 20), ...[...assets].slice(0, 10), '/favicon.svg'];

  // Accounts: enough that per-account limits (failed log-ins, holds per user) leave most
  // requests to reach the handlers behind them. Made in parallel (password hashing is slow).
  const fields = Array.from({ length: options.accounts ?? ACCOUNTS }, () => newAccountFields(rng));
  const addresses = fields.map(() => [options.address(), options.address()] as const);
  ctx.accounts = await Promise.all(
    fields.map(async (account, i) => {
      const [registerFrom, loginFrom] = addresses[i]!;
      const registered = await callJson(base, 'POST', '/api/user/register', { body: account, headers: xsrf, localAddress: registerFrom });
      expectStatus(registered, 201, 'register');
      const login = await callJson(base, 'POST', '/api/user/login', {
        body: { email: account.email, password: account.password },
        headers: xsrf,
        localAddress: loginFrom,
      });
      expectStatus(login, 200, 'login');
      return { ...account, token: String(login.json.token) };
    }),
  );
  const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });

  // Payment intents: two of each kind; the first of each is paid with the simulated card form.
  const made: Intent[] = [];
  for (let i = 0; i < 2; i += 1) {
    const account = ctx.accounts[i % ctx.accounts.length]!;
    const body = donationBody(rng);
    const answer = await call('POST', '/api/stripe/donation_intent', body, i === 0 ? {} : bearer(account));
    expectStatus(answer, 201, 'donation_intent');
    made.push({ kind: 'donation', clientSecret: String(answer.json.clientSecret), body, account: i === 0 ? undefined : account, paid: false });
  }
  for (const kind of ['golf', 'gaming', 'steakfry'] as const) {
    if (ctx.events[kind].length === 0) {
      log(`no active future ${kind} event: ${kind} sign-ups are fuzzed without a real intent`);
      continue;
    }
    for (let i = 0; i < 2; i += 1) {
      const account = ctx.accounts[(i + made.length) % ctx.accounts.length]!;
      const body = SIGNUP_BODIES[kind](ctx, rng, account);
      const answer = await call('POST', `/api/stripe/${kind}_signup_intent`, body, bearer(account));
      if (answer.status !== 201) {
        log(`${kind}_signup_intent answered ${answer.status} ${answer.text.slice(0, 200)}: no real ${kind} intent`);
        continue;
      }
      made.push({ kind, clientSecret: String(answer.json.clientSecret), body, account, paid: false });
    }
  }
  const seen = new Set<PaymentKind>();
  for (const intent of made) {
    if (seen.has(intent.kind)) continue;
    seen.add(intent.kind);
    const paid = await call('POST', '/api/payments/simulated/confirm', { clientSecret: intent.clientSecret, ...card(TEST_CARDS.ok) });
    if (paid.status === 404 && !/payment could not be found/i.test(paid.text)) {
      ctx.simulatedPayments = false;
      log('no simulated card endpoint (real Stripe?): intents stay unpaid');
      break;
    }
    expectStatus(paid, 200, `confirming the ${intent.kind} intent`);
    intent.paid = true;
  }
  ctx.intents = made;
  return ctx;
}
