import type { Locator } from '@playwright/test';

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

/** Fills the simulated gateway's card form inside a dialog. */
export async function fillCard(dialog: Locator, number = '4242 4242 4242 4242') {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiration (MM/YY)').fill(`12/${nextYear}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('ZIP').fill('43947');
}
