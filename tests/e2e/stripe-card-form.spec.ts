import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { readOutbox } from '../helpers/outbox';
import { expect, test } from './fixtures';

/**
 * The Donation Form with Stripe's Payment Element, as the browser build runs it
 * (ADR 042): @stripe/react-stripe-js creates and mounts the element, waits for it to
 * be ready, submits it, confirms the intent the server made, and the server records the gift from
 * Stripe's answer. Stripe.js itself cannot be reached offline: a stand-in answers
 * https://js.stripe.com with the part of its API the site uses, and the server talks to the fake
 * Stripe API on loopback (tests/helpers/fake-stripe.ts) with the real SDK.
 */

const SECRET_KEY = 'sk_test_e2e_card_form_0123456789';
const PUBLISHABLE_KEY = 'pk_test_e2e_card_form_0123456789';
const WEBHOOK_SECRET = 'whsec_e2e_card_form_0123456789abcdef';

/** What the page's Stripe.js stand-in saw, for the test to read. */
interface StripeLog {
  key: string;
  elementsOptions: Record<string, unknown>[];
  created: string[];
  mounted: number;
  submitted: number;
  confirmed: { intent: string; withElements: boolean; receiptEmail: string | undefined }[];
  destroyed: number;
}

const FAKE_STRIPE_JS = `(function () {
  var log = (window.stripeLog = { key: '', elementsOptions: [], created: [], mounted: 0, submitted: 0, confirmed: [], destroyed: 0 });
  function Stripe(key) {
    log.key = key;
    var none = function () { return Promise.resolve({}); };
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      createToken: none,
      createPaymentMethod: none,
      confirmCardPayment: none,
      elements: function (options) {
        log.elementsOptions.push(options);
        return {
          update: function (options) { log.elementsOptions.push(options); },
          getElement: function () { return null; },
          submit: function () { log.submitted += 1; return Promise.resolve({}); },
          create: function (type) {
            log.created.push(type);
            var handlers = {}, node = null;
            var element = {
              on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
              off: function (event, handler) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler; }); return element; },
              mount: function (target) {
                node = document.createElement('div');
                node.setAttribute('data-stripe-element', type);
                node.textContent = 'Card details (Stripe stand-in)';
                target.appendChild(node);
                log.mounted += 1;
                setTimeout(function () { (handlers.ready || []).forEach(function (h) { h({ elementType: type }); }); }, 50);
              },
              update: function () {},
              unmount: function () { if (node) node.remove(); },
              destroy: function () { if (node) node.remove(); log.destroyed += 1; },
            };
            return element;
          },
        };
      },
      confirmPayment: function (args) {
        var intent = args.clientSecret.split('_secret_')[0];
        log.confirmed.push({ intent: intent, withElements: !!args.elements, receiptEmail: args.confirmParams && args.confirmParams.receipt_email });
        return window.stripeConfirms(intent).then(function () { return { paymentIntent: { id: intent, status: 'succeeded' } }; });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

let fake: FakeStripe;
let site: ChildProcess;
let siteUrl: string;
let folder: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  folder = mkdtempSync(path.join(tmpdir(), 'foundation-e2e-stripe-'));
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  site = spawn(process.execPath, ['scripts/serve-fresh.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OUTBOX_DIR: path.join(folder, 'outbox'),
      CONTENT_DIR: path.join(folder, 'content'),
      FIXTURE_CONTENT: '1',
      TRUST_PROXY: 'loopback',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  await expect(async () => {
    const health = await fetch(`${siteUrl}/healthz`);
    expect(health.status).toBe(200);
  }).toPass({ timeout: 100_000 });
});

test.afterAll(async () => {
  if (site && site.exitCode === null) {
    const exited = new Promise((resolve) => site.once('exit', resolve));
    site.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("a $25 gift through Stripe's Payment Element: mounted, ready, submitted, confirmed, recorded and receipted @desktop", async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }));
  await page.exposeFunction('stripeConfirms', (intent: string) => void fake.succeed(intent));
  await page.goto(`${siteUrl}/`);
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Card details (Stripe stand-in)')).toBeVisible();
  await expect(dialog.getByText('Test mode — no real card is charged')).toHaveCount(0);

  const email = `stripe.donor.${Date.now().toString(36)}@example.org`;
  await dialog.getByLabel('Amount').fill('$25.00');
  await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await dialog.getByRole('button', { name: 'Give $25.00', exact: true }).click();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();

  const log = await page.evaluate(() => (window as unknown as { stripeLog: StripeLog }).stripeLog);
  expect(log.key).toBe(PUBLISHABLE_KEY);
  expect(log.created).toEqual(['payment']);
  expect(log.mounted).toBe(1);
  expect(log.elementsOptions[0]).toMatchObject({ mode: 'payment', currency: 'usd' });
  // The amount typed reached the element before the card was submitted.
  expect(log.elementsOptions.at(-1)).toMatchObject({ amount: 2500 });
  expect(log.submitted).toBe(1);
  expect(log.confirmed).toHaveLength(1);
  expect(log.confirmed[0]).toMatchObject({ withElements: true, receiptEmail: email });
  const intent = fake.intents.get(log.confirmed[0]!.intent);
  expect(intent).toMatchObject({ amount: 2500, currency: 'usd', status: 'succeeded' });

  await expect(async () => {
    const receipt = (await readOutbox(path.join(folder, 'outbox'))).find((mail) => mail.to === email);
    expect(receipt?.text).toContain('$25.00');
  }).toPass({ timeout: 10_000 });

  // Closing the dialog takes the element down with it.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { stripeLog: StripeLog }).stripeLog.destroyed)).toBe(1);
});
