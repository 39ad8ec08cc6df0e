import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

/** Fills the simulated gateway's card form inside a dialog. */
export async function fillCard(dialog: Locator, number = '4242 4242 4242 4242') {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiration (MM/YY)').fill(`12/${nextYear}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP').fill('43947');
}

/** Calls the public API as the signed-in supporter on this page does, and pays with the test card. */
export async function payViaApi(page: Page, path: string, body: Record<string, unknown>): Promise<string> {
  // The session cookie goes with page.request, as with the page's own calls.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'x-xsrf-token': xsrf };
  const intent = await page.request.post(`/api/stripe/${path}`, { data: body, headers });
  expect(intent.status(), await intent.text()).toBe(201);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/simulated/confirm', {
    data: { clientSecret, number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvc: '123', zip: '43947' },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return clientSecret;
}
