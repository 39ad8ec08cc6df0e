/**
 * What the visitors of a chaos run do: each payment is one visitor with a browser of their own
 * (own loopback address, cookies, XSRF), paying as the site's pages do — intent, card, save — and
 * retrying a few times when the server does not answer. A browser never pays on a second intent
 * once a card was charged: a failed save ends the visit (the webhook or the sweep must record it).
 */
import Stripe from 'stripe';
import { centsToDecimalString } from '../../common/money';
import { GAMING_TEAM_CENTS } from '../../common/signups/gaming';
import { GOLF_TEAM_CENTS, SHIRT_SIZES } from '../../common/signups/golf';
import { rulesOf, type SignupKind } from '../../common/signups/kinds';
import { steakfryPriceCents } from '../../common/signups/steakfry';
import type { Db } from '../../server/db/database';
import { createTestEvent, dayFromNow } from '../../tests/helpers/events';
import type { FakeStripe } from '../../tests/helpers/fake-stripe';
import { Rng } from '../fuzz/rng';
import { Browser, exchange, TransportError, type Answer } from './http';

export type FlowKind = 'donation' | SignupKind;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Events

export interface ChaosEvent {
  eventNumber: number;
  kind: SignupKind;
  /** Places: teams for golf and gaming, people for the steak fry. */
  capacity: number;
  /** Much more demand than places: the event fills up during the run. */
  contended: boolean;
}

/**
 * Two events of each kind, both with a capacity: a contended one (e.g. 30 golf teams for 1,000
 * payments, while about 125 teams try) and a roomy one that never fills. Dated in the future.
 */
export async function createChaosEvents(db: Db, payments: number, firstNumber = 9101): Promise<ChaosEvent[]> {
  const contended: Record<SignupKind, number> = {
    golf: Math.max(2, Math.round(payments * 0.03)),
    gaming: Math.max(2, Math.round(payments * 0.02)),
    steakfry: Math.max(6, Math.round(payments * 0.1)),
  };
  const events: ChaosEvent[] = [];
  let eventNumber = firstNumber;
  for (const kind of ['golf', 'gaming', 'steakfry'] as const) {
    for (const isContended of [true, false]) {
      // The roomy event has room for every attempt of its kind (steak-fry parties are up to 6 people).
      const capacity = isContended ? contended[kind] : payments * (kind === 'steakfry' ? 6 : 1);
      await createTestEvent(db, {
        eventNumber,
        eventType: rulesOf(kind).eventType,
        name: `Chaos ${kind} ${isContended ? 'sell-out' : 'open'} ${eventNumber}`,
        eventDate: dayFromNow(30 + events.length),
        capacity,
      });
      events.push({ eventNumber, kind, capacity, contended: isContended });
      eventNumber += 1;
    }
  }
  return events;
}

// ---------------------------------------------------------------------------------------------
// Accounts

export interface ChaosUser {
  email: string;
  token: string;
  /** Sign-up intents asked for with this account (the server allows 20 per 15 minutes). */
  intents: number;
  busy: boolean;
}

/**
 * Registers and logs in `count` accounts (before the chaos starts), each from its own address.
 * Sign-up visits borrow an account that no other visit is using, so two tabs of one person never
 * replace each other's holds.
 */
export class UserPool {
  private waiting: Array<(user: ChaosUser) => void> = [];
  private constructor(readonly users: ChaosUser[]) {}

  static async register(options: { count: number; runTag: string; baseUrl: () => string; nextAddress: () => string; concurrency?: number }): Promise<UserPool> {
    const users: ChaosUser[] = [];
    let next = 0;
    const worker = async () => {
      while (next < options.count) {
        const n = next++;
        const browser = new Browser(options.baseUrl, options.nextAddress());
        const email = `chaos.${options.runTag}.user${n}@example.org`;
        const password = 'chaos-monkey-payments-1843';
        await expectStatus(await browser.request('GET', '/api/events/upcoming'), 200, 'page');
        const account = { first: 'Chaos', last: `User ${n}`, username: `chaos_${options.runTag}_${n}`.slice(0, 30), email, password, password2: password };
        await expectStatus(await browser.request('POST', '/api/user/register', account), 201, 'register');
        const login = await browser.request('POST', '/api/user/login', { email, password });
        await expectStatus(login, 200, 'login');
        users.push({ email, token: String(login.json.token), intents: 0, busy: false });
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
    users.sort((a, b) => a.email.localeCompare(b.email));
    return new UserPool(users);
  }

  /** The free account with the fewest sign-up intents so far (waits when every account is busy). */
  acquire(): Promise<ChaosUser> {
    const free = this.users.filter((u) => !u.busy).sort((a, b) => a.intents - b.intents)[0];
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(user: ChaosUser): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(user);
    else user.busy = false;
  }

  /** Any account (donors signed in need no exclusive one). */
  pick(rng: Rng): ChaosUser {
    return rng.pick(this.users);
  }
}

async function expectStatus(answer: Answer, status: number, step: string): Promise<void> {
  if (answer.status !== status) throw new Error(`setup: ${step} answered ${answer.status}, expected ${status}: ${answer.text.slice(0, 300)}`);
}

// ---------------------------------------------------------------------------------------------
// Plans: what visit number i does, from (seed, i) alone

export interface TrafficShares {
  /** Sign-ups whose payer takes longer than the 15-minute hold (see `ageHold`). */
  late: number;
  /** Visits that create the intent and leave without paying. */
  abandon: number;
  /** Simulated gateway: a declined card first, then a good one on the same intent. */
  decline: number;
  /** Donations made while signed in. */
  signedInDonation: number;
}

export const DEFAULT_SHARES: TrafficShares = { late: 0.1, abandon: 0.04, decline: 0.05, signedInDonation: 0.5 };

export interface FlowPlan {
  index: number;
  kind: FlowKind;
  event: ChaosEvent | null;
  /** The amount as the page shows it and sends back. */
  amount: string;
  receiptEmail: string;
  body: Record<string, unknown>;
  signedIn: boolean;
  late: boolean;
  abandon: boolean;
  decline: boolean;
  /** Where the visit's own randomness (waits, jitter) continues. */
  rng: Rng;
}

const KIND_WEIGHTS: readonly (readonly [number, FlowKind])[] = [
  [30, 'donation'],
  [25, 'golf'],
  [20, 'gaming'],
  [25, 'steakfry'],
];

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Radia', 'Ken'];
const LAST_NAMES = ['Hale', 'Lovelace', 'Hopper', 'Turing', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Perlman', 'Thompson'];

export function planFlow(seed: number, index: number, events: readonly ChaosEvent[], runTag: string, shares: TrafficShares): FlowPlan {
  const rng = Rng.forRequest(seed, index);
  const kind = rng.weighted(KIND_WEIGHTS);
  const receiptEmail = `chaos.${runTag}.visit${index}@example.org`;
  const person = () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  const late = kind !== 'donation' && rng.chance(shares.late);
  const abandon = rng.chance(shares.abandon);
  const decline = rng.chance(shares.decline);
  if (kind === 'donation') {
    const cents = rng.int(500, 50_000);
    const amount = centsToDecimalString(cents);
    const body = { amount, email: receiptEmail, message: rng.chance(0.5) ? `Chaos gift ${index}` : '' };
    return { index, kind, event: null, amount, receiptEmail, body, signedIn: rng.chance(shares.signedInDonation), late, abandon, decline, rng };
  }
  const candidates = events.filter((e) => e.kind === kind);
  // Late payers mostly go for the sell-out event: their lapsed places can go to others meanwhile.
  const event = rng.chance(late ? 0.8 : 0.5) ? candidates.find((e) => e.contended)! : candidates.find((e) => !e.contended)!;
  const envelope = { eventNumber: event.eventNumber, eventDescription: `Chaos ${kind}`, receiptEmail };
  let body: Record<string, unknown>;
  let cents: number;
  if (kind === 'golf') {
    cents = GOLF_TEAM_CENTS;
    body = { ...envelope };
    for (let n = 1; n <= 4; n++) {
      body[`player${n}Name`] = person();
      body[`player${n}Email`] = n === 1 ? `chaos.${runTag}.golfer${index}@example.org` : '';
      body[`player${n}ShirtSize`] = rng.pick(SHIRT_SIZES);
    }
  } else if (kind === 'gaming') {
    cents = GAMING_TEAM_CENTS;
    body = { ...envelope, teamName: `Chaos ${runTag} ${index}`, teamContactNumber: '(740) 555-0142', teamAgrees: true };
    for (let n = 1; n <= 4; n++) {
      body[`player${n}Name`] = person();
      body[`player${n}Email`] = n === 1 ? `chaos.${runTag}.gamer${index}@example.org` : '';
      body[`player${n}ActivisionId`] = `chaos#${rng.int(1000, 9999)}`;
      body[`player${n}Location`] = 'Shadyside, OH';
    }
  } else {
    const attendees = Array.from({ length: rng.int(1, 6) }, (_, i) => ({ name: person(), allergies: rng.chance(0.2) ? 'Peanuts' : '', child: i > 0 && rng.chance(0.3) }));
    cents = steakfryPriceCents(attendees);
    body = { ...envelope, attendees };
  }
  const amount = centsToDecimalString(cents);
  body.amount = amount;
  return { index, kind, event, amount, receiptEmail, body, signedIn: true, late, abandon, decline, rng };
}

// ---------------------------------------------------------------------------------------------
// Stripe: Stripe.js confirming the card, and Stripe's webhook deliveries

export interface WebhookStats {
  queued: number;
  delivered: number;
  attempts: number;
  /** Non-200 answers and transport errors, by status or error code. */
  failures: Record<string, number>;
  undelivered: number;
}

/** Delivers signed `payment_intent.succeeded` events, each retried until the site answers 200 (as Stripe does). */
export function createWebhookSender({ fake, webhookSecret, baseUrl, giveUpAfterMs = 15 * 60_000 }: { fake: FakeStripe; webhookSecret: string; baseUrl: () => string; giveUpAfterMs?: number }) {
  const inFlight = new Set<Promise<void>>();
  const stats: WebhookStats = { queued: 0, delivered: 0, attempts: 0, failures: {}, undelivered: 0 };

  async function deliver(intentId: string, delayMs: number): Promise<void> {
    await sleep(delayMs);
    // The event is made when the payment succeeds; every delivery attempt is signed afresh.
    const body = JSON.stringify({
      id: `evt_chaos_${intentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...fake.intents.get(intentId) } },
    });
    const deadline = Date.now() + giveUpAfterMs;
    for (let attempt = 0; ; attempt++) {
      stats.attempts += 1;
      try {
        const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
        const answer = await exchange(baseUrl(), 'POST', '/api/stripe/webhook', { headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body, timeoutMs: 20_000 });
        if (answer.status === 200) {
          stats.delivered += 1;
          return;
        }
        stats.failures[String(answer.status)] = (stats.failures[String(answer.status)] ?? 0) + 1;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        const code = error.code ?? 'transport';
        stats.failures[code] = (stats.failures[code] ?? 0) + 1;
      }
      if (Date.now() > deadline) {
        stats.undelivered += 1;
        return;
      }
      await sleep(Math.min(5000, 250 * 2 ** attempt));
    }
  }

  return {
    stats,
    queue(intentId: string, delayMs: number): void {
      stats.queued += 1;
      const promise = deliver(intentId, delayMs);
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise));
    },
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

/** What Stripe.js does when the payer confirms a good card: charges the intent unless it was cancelled. */
function stripeJsConfirm(fake: FakeStripe, intentId: string): boolean {
  const intent = fake.intents.get(intentId);
  if (!intent || intent.status === 'canceled') return false;
  if (intent.status !== 'succeeded') fake.succeed(intentId);
  return true;
}

// ---------------------------------------------------------------------------------------------
// One visit

export type FlowOutcome =
  /** The save call answered with the paid record. */
  | 'paid'
  /** The save call said the event filled up and the payment was refunded. */
  | 'refunded'
  /** The intent call said the event is full: nothing charged. */
  | 'event_full'
  /** Left after creating the intent, as planned. */
  | 'abandoned'
  /** The card form refused the payment (e.g. a cancelled intent). */
  | 'card_refused'
  /** The server did not answer in time: before the intent, during the card, or for the save. */
  | 'gave_up_intent'
  | 'gave_up_card'
  | 'gave_up_save'
  /** An answer the visit did not expect (kept in `unexpected`). */
  | 'unexpected';

export interface FlowResult {
  index: number;
  kind: FlowKind;
  eventNumber: number | null;
  outcome: FlowOutcome;
  intentId: string | null;
  /** The browser knows the card was charged (the card form or Stripe.js said so). */
  charged: boolean;
  late: boolean;
  /** Requests that failed on the connection and were tried again. */
  retries: number;
  /** "step status" → count, e.g. "intent 201". */
  answers: Record<string, number>;
  unexpected?: string;
}

export interface TrafficContext {
  gateway: 'simulated' | 'stripe';
  baseUrl: () => string;
  nextAddress: () => string;
  users: UserPool;
  /** The visitor took longer than the hold: the harness moves the hold's end into the past. */
  ageHold: (intentId: string) => Promise<void>;
  stripe?: { fake: FakeStripe; webhooks: WebhookSender };
}

/** The browser's patience: waits between tries of one request while the server does not answer (about a minute in all). */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000, 30_000];

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = (number: string) => ({ number, expiry: `12/${nextYear}`, cvc: '123', zip: '43947' });
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

export async function runFlow(ctx: TrafficContext, plan: FlowPlan): Promise<FlowResult> {
  const result: FlowResult = {
    index: plan.index,
    kind: plan.kind,
    eventNumber: plan.event?.eventNumber ?? null,
    outcome: 'unexpected',
    intentId: null,
    charged: false,
    late: plan.late,
    retries: 0,
    answers: {},
  };
  const { rng } = plan;
  const browser = new Browser(ctx.baseUrl, ctx.nextAddress());
  const user = plan.kind === 'donation' ? (plan.signedIn ? ctx.users.pick(rng) : null) : await ctx.users.acquire();
  const auth: Record<string, string> = user ? { authorization: `Bearer ${user.token}` } : {};

  async function tryHard(step: string, call: () => Promise<Answer>): Promise<Answer | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await call();
        result.answers[`${step} ${answer.status}`] = (result.answers[`${step} ${answer.status}`] ?? 0) + 1;
        return answer;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        result.answers[`${step} ${error.code ?? 'transport'}`] = (result.answers[`${step} ${error.code ?? 'transport'}`] ?? 0) + 1;
        const wait = BACKOFF_MS[attempt];
        if (wait === undefined) return null;
        result.retries += 1;
        await sleep(wait * (0.75 + rng.float() / 2));
      }
    }
  }
  const end = (outcome: FlowOutcome, unexpected?: Answer, step?: string): FlowResult => {
    result.outcome = outcome;
    if (unexpected) result.unexpected = `${step}: ${unexpected.status} ${unexpected.text.slice(0, 300)}`;
    return result;
  };

  try {
    // The page loads (and sets the XSRF cookie).
    const page = await tryHard('page', () => browser.request('GET', '/api/events/upcoming'));
    if (!page) return end('gave_up_intent');
    if (page.status !== 200) return end('unexpected', page, 'page');

    const intentPath = plan.kind === 'donation' ? '/api/stripe/donation_intent' : `/api/stripe/${plan.kind}_signup_intent`;
    const created = await tryHard('intent', () => {
      if (user && plan.kind !== 'donation') user.intents += 1;
      return browser.request('POST', intentPath, plan.body, auth);
    });
    if (!created) return end('gave_up_intent');
    if (created.status === 409 && /full/i.test(String(created.json.eventNumber ?? ''))) return end('event_full');
    if (created.status !== 201 || typeof created.json.clientSecret !== 'string') return end('unexpected', created, 'intent');
    const clientSecret = created.json.clientSecret;
    const intentId = clientSecret.split('_secret_')[0]!;
    result.intentId = intentId;

    if (plan.abandon) return end('abandoned');
    if (plan.late) {
      // Fifteen minutes and more pass before this payer pays: others may take the places meanwhile.
      await ctx.ageHold(intentId);
      await sleep(rng.int(1000, 6000));
    } else {
      await sleep(rng.int(0, 400)); // typing the card number
    }

    if (ctx.gateway === 'simulated') {
      const confirm = (number: string) => browser.request('POST', '/api/payments/simulated/confirm', { clientSecret, ...card(number) });
      if (plan.decline) {
        const declined = await tryHard('card', () => confirm(DECLINED_CARD));
        if (!declined) return end('gave_up_card');
        if (declined.status !== 402) return end('unexpected', declined, 'declined card');
      }
      // Asking again after a lost answer is the same payment on the same intent: never a second charge.
      const paid = await tryHard('card', () => confirm(GOOD_CARD));
      if (!paid) return end('gave_up_card');
      if (paid.status === 402) return end('card_refused');
      if (paid.status !== 200) return end('unexpected', paid, 'card');
      result.charged = true;
    } else {
      const stripe = ctx.stripe!;
      if (!stripeJsConfirm(stripe.fake, intentId)) return end('card_refused');
      result.charged = true;
      stripe.webhooks.queue(intentId, rng.int(0, 3000));
    }

    const savePath = plan.kind === 'donation' ? '/api/stripe/save_donation' : `/api/stripe/save_${plan.kind}_signup`;
    const saved = await tryHard('save', () => browser.request('POST', savePath, { token: clientSecret, amount: plan.amount }, auth));
    if (!saved) return end('gave_up_save');
    if (saved.status === 200 && saved.json.status === 'paid') return end('paid');
    if (saved.status === 409 && /refunded/i.test(String(saved.json.eventNumber ?? ''))) return end('refunded');
    return end('unexpected', saved, 'save');
  } finally {
    if (user && plan.kind !== 'donation') ctx.users.release(user);
  }
}
