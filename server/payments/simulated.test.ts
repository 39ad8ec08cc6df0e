import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createGateway } from './create-gateway';
import { CardError, IdempotencyError, IntentNotFoundError, intentIdFromSecret, RefundRefusedError, WebhookSignatureError, type GatewayIntent } from './gateway';
import { checkTestCard, isSimulatedGateway, type SimulatedGateway, type TestCard } from './simulated';

let db: Db;
let gateway: SimulatedGateway;
const logger = pino({ level: 'silent' });
const NOW = new Date(2026, 10, 22, 12, 0, 0); // 22 Nov 2026, local time
const GOOD: TestCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '12345' };
let keys = 0;

const newIntent = (amountCents = 2500, metadata: Record<string, string> = { kind: 'donation' }) =>
  gateway.createIntent({
    amountCents,
    currency: 'usd',
    receiptEmail: 'donor@example.org',
    description: 'Donation',
    metadata,
    idempotencyKey: `test-${++keys}`,
  });

beforeAll(async () => {
  db = createDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db, 'sqlite');
  const created = createGateway({ kind: 'simulated' }, { db, logger });
  if (!isSimulatedGateway(created)) throw new Error('expected the simulated gateway');
  gateway = created;
});
afterAll(async () => {
  await db?.destroy();
});

async function cardErrorOf(card: Partial<TestCard>, now = NOW): Promise<{ code: string; message: string } | null> {
  try {
    checkTestCard({ ...GOOD, ...card }, now);
    return null;
  } catch (error) {
    if (error instanceof CardError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe('card rules (Stripe test cards)', () => {
  it('accepts 4242 4242 4242 4242 with or without spaces, and any other valid number', async () => {
    expect(await cardErrorOf({})).toBeNull();
    expect(await cardErrorOf({ number: '4242424242424242' })).toBeNull();
    expect(await cardErrorOf({ number: '5555 5555 5555 4444' })).toBeNull();
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
  ])('refuses %s with Stripe’s text', async (number, code, message) => {
    expect(await cardErrorOf({ number })).toEqual({ code, message });
  });

  it.each([
    ['', 'empty'],
    ['4242 4242 4242 4241', 'fails Luhn'],
    ['4242 4242 4242 424', '15 digits'],
    ['4242 4242 4242 42424', '17 digits, Luhn-valid'],
    ['4242-4242-4242-4242', 'dashes'],
    ['4242 4242 4242 424a', 'a letter'],
  ])('refuses the number %j (%s)', async (number) => {
    expect(await cardErrorOf({ number })).toEqual({ code: 'invalid_number', message: 'Your card number is invalid.' });
  });

  it.each(['', '1230', '12/3', '13/30', '00/30', '1/30', '12/2030', 'ab/cd'])('refuses the expiry %j as invalid', async (expiry) => {
    expect(await cardErrorOf({ expiry })).toEqual({ code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." });
  });

  it('refuses a past expiry as expired and accepts the current month', async () => {
    expect(await cardErrorOf({ expiry: '10/26' })).toEqual({ code: 'invalid_expiry_year', message: 'Your card has expired.' });
    expect(await cardErrorOf({ expiry: '12/25' })).toEqual({ code: 'invalid_expiry_year', message: 'Your card has expired.' });
    expect(await cardErrorOf({ expiry: '11/26' })).toBeNull();
    expect(await cardErrorOf({ expiry: '01/27' })).toBeNull();
  });

  it.each(['', '12', '12345', '12a'])('refuses the CVC %j', async (cvc) => {
    expect(await cardErrorOf({ cvc })).toEqual({ code: 'invalid_cvc', message: "Your card's security code is invalid." });
  });

  it('accepts three- and four-digit CVCs', async () => {
    expect(await cardErrorOf({ cvc: '1234' })).toBeNull();
  });

  it.each(['', '1234', '123456', 'abcde', '12345-12'])('refuses the ZIP %j', async (zip) => {
    expect(await cardErrorOf({ zip })).toEqual({ code: 'incomplete_zip', message: 'Your postal code is incomplete.' });
  });

  it('accepts ZIP+4', async () => {
    expect(await cardErrorOf({ zip: '12345-6789' })).toBeNull();
    expect(await cardErrorOf({ zip: '123456789' })).toBeNull();
  });

  it('checks the number before the expiry, CVC and ZIP', async () => {
    expect((await cardErrorOf({ number: '1', expiry: 'x', cvc: 'x', zip: 'x' }))?.code).toBe('invalid_number');
    expect((await cardErrorOf({ expiry: 'x', cvc: 'x', zip: 'x' }))?.code).toBe('invalid_expiry_month');
  });
});

describe('simulated intents', () => {
  it('creates an intent whose id and secret look like Stripe’s', async () => {
    const intent = await newIntent(2500, { kind: 'donation', donationId: '7' });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_sim_[A-Za-z0-9]{24}$/),
      clientSecret: expect.stringMatching(/^pi_sim_[A-Za-z0-9]{24}_secret_[A-Za-z0-9]{24}$/),
      status: 'requires_payment_method',
      amountCents: 2500,
      currency: 'usd',
      metadata: { kind: 'donation', donationId: '7' },
      paymentMethodId: null,
    });
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(intentIdFromSecret(intent.clientSecret)).toBe(intent.id);
    expect(intentIdFromSecret(intent.id)).toBe(intent.id);
  });

  it('returns the same intent for the same idempotency key and refuses the key with another amount', async () => {
    const input = { amountCents: 4000, currency: 'usd' as const, receiptEmail: 'a@example.org', description: 'x', metadata: {}, idempotencyKey: 'same-key' };
    const [a, b] = await Promise.all([gateway.createIntent(input), gateway.createIntent(input)]);
    const c = await gateway.createIntent(input);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await db.selectFrom('payment_intents').select('id').where('idempotency_key', '=', 'same-key').execute()).toHaveLength(1);
    await expect(gateway.createIntent({ ...input, amountCents: 4001 })).rejects.toBeInstanceOf(IdempotencyError);
  });

  it('refuses amounts Stripe would refuse', async () => {
    await expect(newIntent(49)).rejects.toThrow(RangeError);
    await expect(newIntent(10.5)).rejects.toThrow(RangeError);
    await expect(newIntent(Number.NaN)).rejects.toThrow(RangeError);
  });

  it('retrieves by id and by client secret; unknown ones are IntentNotFoundError without the secret in the message', async () => {
    const intent = await newIntent();
    expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
    expect(await gateway.retrieveIntent(intent.clientSecret)).toEqual(intent);
    await expect(gateway.retrieveIntent('pi_sim_nope')).rejects.toBeInstanceOf(IntentNotFoundError);
    // A guessed secret for a real id must not find it.
    const guessed = gateway.retrieveIntent(`${intent.id}_secret_guess`);
    await expect(guessed).rejects.toBeInstanceOf(IntentNotFoundError);
    await expect(guessed).rejects.not.toThrow(/guess/);
  });

  it('confirms 4242: succeeded, listeners told once, a second confirm is a no-op', async () => {
    const heard: GatewayIntent[] = [];
    const local = createGateway({ kind: 'simulated' }, { db, logger });
    if (!isSimulatedGateway(local)) throw new Error('simulated expected');
    local.onPaymentSucceeded(async (i) => void heard.push(i));
    local.onPaymentSucceeded(async (i) => void heard.push({ ...i, id: `second:${i.id}` }));
    const intent = await newIntent(2500);

    const confirmed = await local.confirmCard(intent.clientSecret, GOOD, NOW);
    expect(confirmed).toMatchObject({ id: intent.id, status: 'succeeded', amountCents: 2500 });
    expect(heard.map((i) => i.id)).toEqual([intent.id, `second:${intent.id}`]);
    expect(heard[0]).toMatchObject({ status: 'succeeded', metadata: { kind: 'donation' } });

    expect(await local.confirmCard(intent.clientSecret, GOOD, NOW)).toMatchObject({ status: 'succeeded' });
    // Even a declining card cannot undo a finished payment.
    expect(await local.confirmCard(intent.clientSecret, { ...GOOD, number: '4000000000000002' }, NOW)).toMatchObject({ status: 'succeeded' });
    expect(heard).toHaveLength(2);
    expect((await gateway.retrieveIntent(intent.id)).status).toBe('succeeded');
  });

  it('tells listeners once when the same card is submitted twice at once', async () => {
    const local = createGateway({ kind: 'simulated' }, { db, logger }) as SimulatedGateway;
    const listener = vi.fn(async () => {});
    local.onPaymentSucceeded(listener);
    const intent = await newIntent();
    const results = await Promise.all([local.confirmCard(intent.clientSecret, GOOD, NOW), local.confirmCard(intent.clientSecret, GOOD, NOW)]);
    expect(results.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('records a declined attempt, stays payable, and succeeds on retry with a good card', async () => {
    const local = createGateway({ kind: 'simulated' }, { db, logger }) as SimulatedGateway;
    const listener = vi.fn(async () => {});
    local.onPaymentSucceeded(listener);
    const intent = await newIntent();

    await expect(local.confirmCard(intent.clientSecret, { ...GOOD, number: '4000 0000 0000 0002' }, NOW)).rejects.toEqual(
      new CardError('card_declined', 'Your card was declined.'),
    );
    const row = await db.selectFrom('payment_intents').selectAll().where('id', '=', intent.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('requires_payment_method');
    expect(JSON.parse(row.last_error!)).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect(listener).not.toHaveBeenCalled();

    await expect(local.confirmCard(intent.clientSecret, { ...GOOD, expiry: '01/20' }, NOW)).rejects.toMatchObject({ code: 'invalid_expiry_year' });
    await local.confirmCard(intent.clientSecret, GOOD, NOW);
    const after = await db.selectFrom('payment_intents').selectAll().where('id', '=', intent.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'succeeded', last_error: null });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses an unknown client secret', async () => {
    await expect(gateway.confirmCard('pi_sim_x_secret_y', GOOD, NOW)).rejects.toBeInstanceOf(IntentNotFoundError);
  });

  it('logs a failing listener, still tells the others, and still answers succeeded', async () => {
    const local = createGateway({ kind: 'simulated' }, { db, logger }) as SimulatedGateway;
    const logged = vi.spyOn(logger, 'error');
    const after = vi.fn(async () => {});
    local.onPaymentSucceeded(async () => {
      throw new Error('database is down');
    });
    local.onPaymentSucceeded(after);
    const intent = await newIntent();
    expect(await local.confirmCard(intent.clientSecret, GOOD, NOW)).toMatchObject({ status: 'succeeded' });
    expect(after).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ intentId: intent.id }), 'a payment-succeeded listener failed');
    logged.mockRestore();
  });

  it('refunds a paid intent in parts, once per key, never more than was paid; the intent still reads succeeded', async () => {
    const paid = await newIntent(2500);
    await gateway.confirmCard(paid.clientSecret, GOOD, NOW);
    const first = await gateway.refund({ intentId: paid.id, amountCents: 1000, idempotencyKey: 'r-1' });
    expect(await gateway.refund({ intentId: paid.id, amountCents: 1000, idempotencyKey: 'r-1' })).toEqual(first);
    await expect(gateway.refund({ intentId: paid.id, amountCents: 1501, idempotencyKey: 'r-2' })).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await gateway.refund({ intentId: paid.id, amountCents: 1500, idempotencyKey: 'r-3' })).toMatchObject({ amountCents: 1500 });
    await expect(gateway.refund({ intentId: paid.id, amountCents: 1, idempotencyKey: 'r-4' })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    const refunds = await db.selectFrom('simulated_refunds').select('amount_cents').where('intent_id', '=', paid.id).execute();
    expect(refunds.map((r) => r.amount_cents).sort()).toEqual([1000, 1500]);
    expect(await gateway.retrieveIntent(paid.id)).toMatchObject({ status: 'succeeded' });

    const unpaid = await newIntent();
    await expect(gateway.refund({ intentId: unpaid.id, amountCents: 100, idempotencyKey: 'r-5' })).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(gateway.refund({ intentId: 'pi_sim_unknown', amountCents: 100, idempotencyKey: 'r-6' })).rejects.toBeInstanceOf(IntentNotFoundError);
  });

  it('cancels an unpaid intent so no card can pay it, but never a paid one', async () => {
    const unpaid = await newIntent();
    expect(await gateway.cancelIntent(unpaid.id)).toMatchObject({ status: 'canceled' });
    await expect(gateway.confirmCard(unpaid.clientSecret, GOOD, NOW)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    const paid = await newIntent();
    await gateway.confirmCard(paid.clientSecret, GOOD, NOW);
    expect(await gateway.cancelIntent(paid.id)).toMatchObject({ status: 'succeeded' });
    await expect(gateway.cancelIntent('pi_sim_unknown')).rejects.toBeInstanceOf(IntentNotFoundError);
  });

  it('has no webhooks: every body is refused as unsigned', () => {
    expect(() => gateway.parseWebhook(Buffer.from('{}'), 't=1,v1=abc')).toThrow(WebhookSignatureError);
    expect(gateway.kind).toBe('simulated');
  });
});

describe('saved cards for off-session charges (monthly gifts, ADR 027)', () => {
  const FAR: TestCard = { ...GOOD, expiry: '12/49' };
  const saving = (amountCents = 2000) =>
    gateway.createIntent({ amountCents, currency: 'usd', receiptEmail: 'monthly@example.org', description: 'Monthly', metadata: {}, idempotencyKey: `save-${++keys}`, saveCard: true });

  it('keeps the card of an intent made to save it (last four digits and expiry, never the number), and only then', async () => {
    const plain = await newIntent(1500);
    expect((await gateway.confirmCard(plain.clientSecret, FAR, NOW)).paymentMethodId).toBeNull();
    const first = await gateway.confirmCard((await saving()).clientSecret, { ...FAR, number: '5555 5555 5555 4444' }, NOW);
    expect(first.paymentMethodId).toMatch(/^pm_sim_[A-Za-z0-9]{24}$/);
    const row = await db.selectFrom('simulated_payment_methods').selectAll().where('id', '=', first.paymentMethodId!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last4: '4444', expiry: '12/49', decline_code: null });
    expect(JSON.stringify(row)).not.toContain('55555555');
  });

  it('charges the saved card once, tells the listeners once, and answers a declined card with the card\'s words', async () => {
    const { paymentMethodId } = await gateway.confirmCard((await saving()).clientSecret, FAR, NOW);
    const heard = vi.fn(async (_intent: GatewayIntent) => undefined);
    gateway.onPaymentSucceeded(heard);
    const month = await newIntent(2060);
    const [a, b] = await Promise.all([gateway.chargeSavedCard(month.id, paymentMethodId!), gateway.chargeSavedCard(month.id, paymentMethodId!)]);
    expect([a.status, b.status]).toEqual(['succeeded', 'succeeded']);
    expect(heard.mock.calls.filter(([intent]) => intent.id === month.id)).toHaveLength(1);

    await db.updateTable('simulated_payment_methods').set({ decline_code: 'insufficient_funds' }).where('id', '=', paymentMethodId!).execute();
    const refused = await newIntent(2060);
    await expect(gateway.chargeSavedCard(refused.id, paymentMethodId!)).rejects.toMatchObject({ name: 'CardError', code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect((await gateway.retrieveIntent(refused.id)).status).toBe('requires_payment_method');
    await expect(gateway.chargeSavedCard((await newIntent(2060)).id, 'pm_sim_unknown')).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
