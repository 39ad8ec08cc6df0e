/**
 * The books after a chaos run: what the gateway charged against what the site recorded, the mail
 * each payment sent, and the places each event sold. Reads the database, the outbox folder and the
 * gateway (the simulated gateway's table, or the fake Stripe's memory); changes nothing.
 */
import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import type { FakeStripe } from '../../tests/helpers/fake-stripe';
import type { ChaosEvent, FlowResult } from './traffic';

const RECORDED = new Set(['paid', 'refunded', 'partially_refunded']);
/** Reasons a late payment is refused at once (ADR 014): it counts as recorded, with one refund notice. */
const REFUSED = new Set(['event_full', 'event_closed']);

export interface Gateway {
  kind: 'simulated' | 'stripe';
  fake?: FakeStripe;
}

/** Intents the gateway says succeeded: money that moved. */
async function chargedIntents(db: Db, gateway: Gateway): Promise<string[]> {
  if (gateway.kind === 'stripe') return [...gateway.fake!.intents.values()].filter((i) => i.status === 'succeeded').map((i) => i.id);
  return (await db.selectFrom('payment_intents').select('id').where('status', '=', 'succeeded').execute()).map((r) => r.id);
}

/** Refunds the gateway made, per intent. */
async function gatewayRefunds(db: Db, gateway: Gateway): Promise<Map<string, number[]>> {
  const rows =
    gateway.kind === 'stripe'
      ? gateway.fake!.refunds.map((r) => ({ intent_id: r.payment_intent, amount_cents: r.amount }))
      : await db.selectFrom('simulated_refunds').select(['intent_id', 'amount_cents']).execute();
  const out = new Map<string, number[]>();
  for (const row of rows) out.set(row.intent_id, [...(out.get(row.intent_id) ?? []), Number(row.amount_cents)]);
  return out;
}

export interface Backlog {
  /** Payments whose intent succeeded at the gateway but that are still pending. */
  chargedPending: number;
  pendingMail: number;
  /** Of those, messages an instance claimed before it was killed: they wait for the claim's lease to end. */
  leasedMail: number;
  pendingRefunds: number;
}

export async function backlog(db: Db, gateway: Gateway): Promise<Backlog> {
  let chargedPending: number;
  if (gateway.kind === 'simulated') {
    const row = await db
      .selectFrom('payments')
      .innerJoin('payment_intents', 'payment_intents.id', 'payments.intent_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('payments.status', '=', 'pending')
      .where('payment_intents.status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    chargedPending = Number(row.n);
  } else {
    const charged = new Set(await chargedIntents(db, gateway));
    const pending = await db.selectFrom('payments').select('intent_id').where('status', '=', 'pending').where('intent_id', 'is not', null).execute();
    chargedPending = pending.filter((p) => charged.has(p.intent_id!)).length;
  }
  const count = async (table: 'mail_outbox' | 'refunds') =>
    Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);
  const leased = await db
    .selectFrom('mail_outbox')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'pending')
    .where('attempts', '>', 0)
    .where('next_attempt_at', '>', new Date().toISOString())
    .executeTakeFirstOrThrow();
  return { chargedPending, pendingMail: await count('mail_outbox'), leasedMail: Number(leased.n), pendingRefunds: await count('refunds') };
}

/**
 * Polls until the restarted server has settled everything: no charged payment still pending, no
 * mail and no refund waiting. A message or refund an instance claimed just before it was killed
 * waits for its lease (2 minutes) before the next instance takes it: the timeout allows for that.
 */
export async function waitUntilSettled(
  db: Db,
  gateway: Gateway,
  timeoutMs: number,
  progress: (left: Backlog, ms: number) => void = () => undefined,
): Promise<{ ms: number; settled: boolean; left: Backlog; first: Backlog }> {
  const started = Date.now();
  let first: Backlog | undefined;
  let lastReport = started;
  for (;;) {
    const left = await backlog(db, gateway);
    first ??= left;
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      progress(left, Date.now() - started);
    }
    if (left.chargedPending === 0 && left.pendingMail === 0 && left.pendingRefunds === 0) return { ms: Date.now() - started, settled: true, left, first };
    if (Date.now() - started > timeoutMs) return { ms: Date.now() - started, settled: false, left, first };
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface EventFigures {
  eventNumber: number;
  kind: string;
  capacity: number;
  contended: boolean;
  /** Places of sign-ups whose payment is paid or partially refunded. */
  paidPlaces: number;
  over: boolean;
}

export interface AuditFigures {
  charged: number;
  recorded: number;
  lost: number;
  doubled: number;
  /** Recorded payments the gateway never charged. */
  phantom: number;
  refunded: number;
  receipts: {
    /** .eml files in DATA_DIR/outbox. */
    files: number;
    outboxSent: number;
    outboxPending: number;
    /** Files whose name matches no outbox row; half-written temp files left by a kill. */
    strayFiles: number;
    tempFiles: number;
  };
  /** Recorded payments without exactly one mail row, sent and written once; mail for unpaid payments. */
  mailProblems: number;
  /** Refused payments whose refund is not exactly one succeeded refund of the full amount at the gateway. */
  refundProblems: number;
  events: EventFigures[];
  overCapacityEvents: number;
  /** What browsers were told against the books: "paid" but not paid, "refunded" but not refunded. */
  toldWrong: number;
  /** Browsers that saw their card charged on an intent the gateway does not count (a harness bug). */
  harnessMismatches: number;
  /** Up to 20 examples of every problem counted above. */
  examples: string[];
}

export async function audit({ db, gateway, outboxDir, events, flows }: { db: Db; gateway: Gateway; outboxDir: string; events: readonly ChaosEvent[]; flows: readonly FlowResult[] }): Promise<AuditFigures> {
  const examples: string[] = [];
  const note = (text: string) => {
    if (examples.length < 20) examples.push(text);
  };

  const charged = new Set(await chargedIntents(db, gateway));
  const payments = await db.selectFrom('payments').select(['id', 'purpose', 'status', 'status_reason', 'intent_id', 'amount_cents', 'refunded_cents']).execute();
  const mails = await db.selectFrom('mail_outbox').select(['id', 'payment_id', 'purpose', 'status']).execute();
  const refunds = await db.selectFrom('refunds').select(['id', 'payment_id', 'status', 'amount_cents']).execute();
  const atGateway = await gatewayRefunds(db, gateway);

  // Payments by intent.
  const byIntent = new Map<string, typeof payments>();
  for (const p of payments) if (p.intent_id) byIntent.set(p.intent_id, [...(byIntent.get(p.intent_id) ?? []), p]);

  let recorded = 0;
  let lost = 0;
  let doubled = 0;
  for (const intentId of charged) {
    const rows = byIntent.get(intentId) ?? [];
    if (rows.length > 1) {
      doubled += 1;
      note(`doubled: intent ${intentId} has ${rows.length} payment rows (${rows.map((r) => r.id).join(', ')})`);
    }
    if (rows.some((r) => RECORDED.has(r.status))) recorded += 1;
    else {
      lost += 1;
      note(`lost: intent ${intentId} charged, payment ${rows.map((r) => `${r.id} ${r.status}`).join(', ') || 'missing'}`);
    }
  }
  let phantom = 0;
  for (const p of payments) {
    if (RECORDED.has(p.status) && !(p.intent_id && charged.has(p.intent_id))) {
      phantom += 1;
      note(`phantom: payment ${p.id} is ${p.status} but intent ${p.intent_id} was never charged`);
    }
  }

  // Mail: one row per recorded payment, sent, written to exactly one file.
  let names: string[] = [];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const emlNames = names.filter((n) => n.endsWith('.eml') && !n.startsWith('.'));
  const tempFiles = names.filter((n) => n.startsWith('.') && n.endsWith('.tmp')).length;
  const filesByMail = new Map<number, number>();
  let strayFiles = 0;
  const mailIds = new Set(mails.map((m) => Number(m.id)));
  // Account mails (the link that verifies a new account's email) are not receipts: counted apart.
  const receiptIds = new Set(mails.filter((m) => m.payment_id !== null).map((m) => Number(m.id)));
  let receiptFiles = 0;
  for (const name of emlNames) {
    const id = Number(/-outbox-(\d+)\./.exec(name)?.[1] ?? NaN);
    if (!mailIds.has(id)) strayFiles += 1;
    else filesByMail.set(id, (filesByMail.get(id) ?? 0) + 1);
    if (receiptIds.has(id)) receiptFiles += 1;
  }
  const mailsByPayment = new Map<number, typeof mails>();
  for (const m of mails) if (m.payment_id !== null) mailsByPayment.set(Number(m.payment_id), [...(mailsByPayment.get(Number(m.payment_id)) ?? []), m]);

  let mailProblems = 0;
  let refundProblems = 0;
  let refunded = 0;
  for (const p of payments) {
    const own = mailsByPayment.get(Number(p.id)) ?? [];
    if (!RECORDED.has(p.status)) {
      if (own.length > 0) {
        mailProblems += 1;
        note(`mail for an unpaid payment: payment ${p.id} is ${p.status} and has ${own.length} message(s)`);
      }
      continue;
    }
    const refused = p.status === 'refunded' && REFUSED.has(p.status_reason ?? '');
    const expected = refused ? 'refund_notice' : `${p.purpose}_paid`;
    const files = own.map((m) => filesByMail.get(Number(m.id)) ?? 0);
    if (own.length > 1 || files.some((f) => f > 1)) {
      doubled += 1;
      note(`doubled mail: payment ${p.id} has ${own.length} outbox row(s) written to ${files.join('+')} file(s)`);
    } else if (own.length === 0 || own[0]!.purpose !== expected || own[0]!.status !== 'sent' || files[0] !== 1) {
      mailProblems += 1;
      note(`mail: payment ${p.id} (${p.status}) expected one sent ${expected}, got ${own.map((m) => `${m.purpose} ${m.status}`).join(', ') || 'none'}, ${files.join('+') || 0} file(s)`);
    }
    if (refused) {
      refunded += 1;
      const rows = refunds.filter((r) => Number(r.payment_id) === Number(p.id));
      const sent = atGateway.get(p.intent_id ?? '') ?? [];
      if (sent.length > 1) {
        doubled += 1;
        note(`doubled refund: payment ${p.id} was refunded ${sent.length} times at the gateway`);
      } else if (rows.length !== 1 || rows[0]!.status !== 'succeeded' || sent.length !== 1 || sent[0] !== Number(p.amount_cents)) {
        refundProblems += 1;
        note(`refund: payment ${p.id} has refund rows ${rows.map((r) => r.status).join(', ') || 'none'} and gateway refunds ${sent.join('+') || 'none'} of ${p.amount_cents}`);
      }
    }
  }

  // Places sold per event.
  const places = await db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .innerJoin('events', 'events.id', 'signups.event_id')
    .select(['events.event_number', 'events.capacity', sql<number>`sum(signups.places)`.as('places')])
    .where('payments.status', 'in', ['paid', 'partially_refunded'])
    .groupBy(['events.event_number', 'events.capacity'])
    .execute();
  const eventFigures: EventFigures[] = events.map((e) => {
    const row = places.find((p) => Number(p.event_number) === e.eventNumber);
    const paidPlaces = Number(row?.places ?? 0);
    const capacity = row?.capacity === null || row?.capacity === undefined ? e.capacity : Number(row.capacity);
    return { eventNumber: e.eventNumber, kind: e.kind, capacity, contended: e.contended, paidPlaces, over: paidPlaces > capacity };
  });
  for (const e of eventFigures.filter((f) => f.over)) note(`over capacity: event ${e.eventNumber} sold ${e.paidPlaces} of ${e.capacity} places`);

  // What the browsers were told.
  let toldWrong = 0;
  let harnessMismatches = 0;
  for (const flow of flows) {
    if (!flow.intentId) continue;
    const status = byIntent.get(flow.intentId)?.[0]?.status;
    if ((flow.outcome === 'paid' && status !== 'paid') || (flow.outcome === 'refunded' && status !== 'refunded')) {
      toldWrong += 1;
      note(`visit ${flow.index} was told "${flow.outcome}" but payment of ${flow.intentId} is ${status ?? 'missing'}`);
    }
    if (flow.charged && !charged.has(flow.intentId)) {
      harnessMismatches += 1;
      note(`visit ${flow.index} saw ${flow.intentId} charged but the gateway does not count it`);
    }
  }

  return {
    charged: charged.size,
    recorded,
    lost,
    doubled,
    phantom,
    refunded,
    receipts: {
      files: receiptFiles,
      outboxSent: mails.filter((m) => m.payment_id !== null && m.status === 'sent').length,
      outboxPending: mails.filter((m) => m.payment_id !== null && m.status === 'pending').length,
      strayFiles,
      tempFiles,
    },
    mailProblems,
    refundProblems,
    events: eventFigures,
    overCapacityEvents: eventFigures.filter((e) => e.over).length,
    toldWrong,
    harnessMismatches,
    examples,
  };
}
