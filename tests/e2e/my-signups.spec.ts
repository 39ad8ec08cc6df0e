import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { signedIn } from './accounts';
import { EVENTS } from './content';
import { fillCard, payViaApi } from './card';
import { E2E_OUTBOX_DIR } from './e2e-env';
import { expect, test } from './fixtures';

/**
 * Supporters change and cancel their own sign-ups from the dashboard. The sign-up
 * itself is made through the API (its form has tests of its own); what is tested here is the
 * page a supporter uses afterwards. The fixture's upcoming golf and steak-fry events refund in
 * full until 14 days before, and both are further away than that. Each test runs at 1280 and
 * 390 px (the desktop and phone projects).
 */

const { golf, benefit } = EVENTS;

/** Signs up and pays with the simulated card as the sign-up dialog does, then saves it as the dialog's last step. */
async function paidSignup(page: Page, kind: 'golf' | 'steakfry', body: Record<string, unknown>): Promise<void> {
  const clientSecret = await payViaApi(page, `${kind}_signup_intent`, body);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const saved = await page.request.post(`/api/stripe/save_${kind}_signup`, { data: { token: clientSecret, amount: body.amount }, headers: { 'x-xsrf-token': xsrf } });
  expect(saved.status()).toBe(200);
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a golf team is cancelled from the dashboard and refunded in full, with an email that removes the calendar entry', async ({ page }) => {
  test.slow();
  const account = await signedIn(page);
  const receiptEmail = `cancel.${Date.now().toString(36)}@example.org`;
  await paidSignup(page, 'golf', {
    eventNumber: golf.eventNumber,
    amount: '400.00',
    receiptEmail,
    ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Golfer ${n}`], [`player${n}Email`, n === 1 ? account.email : ''], [`player${n}ShirtSize`, 'M']])),
  });

  await page.goto('/dashboard');
  const events = page.getByRole('region', { name: 'Events' });
  await events.getByRole('link', { name: `Change or cancel your sign-up for ${golf.name}` }).click();
  await expect(page.getByRole('heading', { name: 'My sign-up', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Confirmation number S-\d+: Paid \$400\.00\.$/)).toBeVisible();
  await expect(page.getByText(/^Refund policy: cancel by .+ for a full refund; no refund after that\.$/)).toBeVisible();
  const cancelSection = page.getByRole('region', { name: 'Cancel this sign-up' });
  await expect(cancelSection.getByText('If you cancel now, we refund $400.00 to the card you paid with.')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await noSidewaysScroll(page);

  await cancelSection.getByRole('button', { name: 'Cancel sign-up…' }).click();
  const confirm = cancelSection.getByRole('group', { name: /^Cancel your sign-up for .+\? This cannot be undone\.$/ });
  await expect(confirm).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Keep my sign-up' }).click();
  await expect(cancelSection.getByRole('button', { name: 'Cancel sign-up…' })).toBeFocused();
  await cancelSection.getByRole('button', { name: 'Cancel sign-up…' }).click();
  await cancelSection.getByRole('button', { name: 'Yes, cancel my sign-up' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your sign-up is cancelled and $400.00 is on its way back to your card.' })).toBeVisible();
  await expect(page.getByText(/^Confirmation number S-\d+: Cancelled and refunded \(\$400\.00\)\.$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cancel this sign-up' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Change the details' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to my dashboard' }).click();
  const item = page.getByRole('region', { name: 'Events' }).getByRole('listitem').filter({ hasText: golf.name });
  await expect(item.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(item.getByText('Refunded: at your request')).toBeVisible();
  await expect(item.getByRole('link', { name: /Change or cancel/ })).toHaveCount(0);

  await expect(async () => {
    const mail = (await readOutbox(E2E_OUTBOX_DIR)).find((m) => m.to === receiptEmail && m.subject.startsWith('Your sign-up is cancelled'));
    expect(mail?.text).toContain('We are refunding $400.00.');
    expect(mail?.attachments.find((a) => a.filename.endsWith('.ics'))?.content.toString()).toContain('METHOD:CANCEL');
  }).toPass({ timeout: 10_000 });
});

test('a steak-fry party renames one person, removes another and gets that share back, then adds someone, paying only for them @phone', async ({ page }) => {
  test.slow();
  await signedIn(page);
  const receiptEmail = `party.${Date.now().toString(36)}@example.org`;
  await paidSignup(page, 'steakfry', {
    eventNumber: benefit.eventNumber,
    amount: '65.00',
    receiptEmail,
    attendees: [
      { name: 'Pat Doe', allergies: '', child: false },
      { name: 'Sam Doe', allergies: '', child: false },
      { name: 'Kit Doe', allergies: '', child: true },
    ],
  });

  await page.goto('/dashboard');
  await page.getByRole('link', { name: `Change or cancel your sign-up for ${benefit.name}` }).click();
  const form = page.getByRole('region', { name: 'Change the details' });
  await expect(form.getByText('Paid for this party: $65.00')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add attendee' })).toHaveCount(0);
  await expect(form.getByText('To bring more people, use Add people below.')).toBeVisible();

  await form.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name')).toBeFocused();
  await expect(form.getByText('Name is required.')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await form.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('Pat Doe-Ray');
  await form.getByRole('group', { name: 'Attendee 3' }).getByLabel('Allergies (optional)').fill('peanuts');
  await form.getByRole('button', { name: 'Remove attendee 2' }).click();
  await expect(form.getByText('Refund for the people removed: $25.00')).toBeVisible();
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText(/^Your changes are saved, and \$25\.00 is on its way back to your card\./)).toBeVisible();
  await expect(page.getByText(/^Confirmation number S-\d+: Paid \$65\.00; \$25\.00 refunded\.$/)).toBeVisible();
  await expect(form.getByText('Paid for this party: $40.00')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Attendee 2' }).getByLabel('Name')).toHaveValue('Kit Doe');
  await expect(form.getByRole('group', { name: 'Attendee 2' }).getByLabel('Allergies (optional)')).toHaveValue('peanuts');
  await expect(form.getByRole('group', { name: 'Attendee 3' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await noSidewaysScroll(page);

  // More people join this party: they alone are charged, and the party, its calendar entry and its dashboard entry stay one.
  await page.getByRole('region', { name: 'Bring more people' }).getByRole('button', { name: 'Add people…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add people to your party' });
  await dialog.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('Gran Doe');
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('$25.00');
  expect(await axe(page)).toEqual([]);
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(/^Success! They are added to your party\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText(/^Confirmation number S-\d+: Paid \$90\.00; \$25\.00 refunded\.$/)).toBeVisible();
  await expect(form.getByRole('group', { name: 'Attendee 3' }).getByLabel('Name')).toHaveValue('Gran Doe');
  await expect(form.getByText('Paid for this party: $65.00')).toBeVisible();
  await page.getByRole('link', { name: 'Back to my dashboard' }).click();

  const items = page.getByRole('region', { name: 'Events' }).getByRole('listitem').filter({ hasText: benefit.name });
  await expect(items).toHaveCount(1);
  await expect(items.getByText('Pat Doe-Ray, Kit Doe, Gran Doe')).toBeVisible();
  await expect(items.getByText('Partly refunded ($25.00): at your request')).toBeVisible();
  await expect(async () => {
    const mails = (await readOutbox(E2E_OUTBOX_DIR)).filter((m) => m.to === receiptEmail && m.subject.startsWith('Your sign-up is updated'));
    expect(mails.find((m) => m.text.includes('We are refunding $25.00.'))?.text).toContain('Kit Doe (child) (allergies: peanuts)');
    expect(mails.find((m) => m.text.includes('We have charged $25.00 to your card for the people you added.'))?.text).toContain('Gran Doe');
  }).toPass({ timeout: 10_000 });
});

test("another account's sign-up is not found @phone", async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/signups/999999');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find this sign-up among yours.' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
