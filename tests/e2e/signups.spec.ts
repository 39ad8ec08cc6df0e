import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { signedIn } from './accounts';
import { formatCalendarDate } from '../../common/dates';
import { fillCard } from './card';
import { eventDateOf, EVENTS } from './content';
import { expect, test } from './fixtures';

const { golf, gaming, benefit, pastBenefit } = EVENTS;

const axeDialog = async (page: Page) =>
  (await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

async function openSignup(page: Page, eventNumber: number, title: string): Promise<Locator> {
  await page.goto(`/events/${eventNumber}`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillPlayers(dialog: Locator, extra: (player: Locator, n: number) => Promise<void>) {
  for (let n = 1; n <= 4; n++) {
    const player = dialog.getByRole('group', { name: `Player ${n}` });
    await player.getByLabel('Name').fill(`Player ${n}`);
    if (n === 1) await player.getByLabel('Email', { exact: true }).fill(`player1.${Date.now()}@example.org`);
    await extra(player, n);
  }
}

test('a golf team of four signs up and pays 400.00, then shows on the dashboard', async ({ page }) => {
  test.slow(); // a long form, a payment, axe four times and the dashboard
  const account = await signedIn(page);
  const dialog = await openSignup(page, golf.eventNumber, 'Golf Event sign-up');
  await expect(dialog.getByLabel('Email for the receipt')).toHaveValue(account.email);
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('$400.00');
  await expect(dialog.getByLabel(/^Amount/)).toHaveAttribute('readonly', '');
  expect(await axeDialog(page)).toEqual([]);

  // The account holder is Player 1 from the start (issue 33).
  await expect(dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Name')).toHaveValue(`${account.first} ${account.last}`);
  await expect(dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Email', { exact: true })).toHaveValue(account.email);

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Player 2 name is required.')).toBeVisible();
  await expect(dialog.getByText('Choose a shirt size for player 4.')).toBeVisible();
  await expect(dialog.getByText('Please fix the error(s) above.')).toBeVisible();
  // The first problem gets the focus, at the top of a long form.
  await expect(dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Shirt size')).toBeFocused();
  expect(await axeDialog(page)).toEqual([]);

  await fillPlayers(dialog, async (player) => {
    await player.getByLabel('Shirt size').selectOption('XL');
  });
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  expect(await axeDialog(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard');
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.getByText('Player 1, Player 2, Player 3, Player 4')).toBeVisible();
  await expect(events.getByText('Amount paid: $400.00')).toBeVisible();
  await expect(events.getByText(/^Signed up [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(events.getByRole('link', { name: /Details/ })).toHaveAttribute('href', `/events/${golf.eventNumber}`);
});

test('a declined card shows the provider message and keeps the form @phone', async ({ page }) => {
  await signedIn(page);
  const dialog = await openSignup(page, golf.eventNumber, 'Golf Event sign-up');
  await fillPlayers(dialog, async (player) => {
    await player.getByLabel('Shirt size').selectOption('M');
  });
  await fillCard(dialog, '4000 0000 0000 9995');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Your card has insufficient funds.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Not now' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Player 3' }).getByLabel('Name')).toHaveValue('Player 3');
});

test('a gaming team agrees to the downloadable terms and pays 50.00 @phone', async ({ page }) => {
  await signedIn(page);
  const dialog = await openSignup(page, gaming.eventNumber, 'Gaming Event sign-up');
  const terms = dialog.getByRole('link', { name: 'Download the terms (PDF)' });
  const pdf = await page.request.get((await terms.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await dialog.getByLabel('Team name').fill(`Night Owls ${Date.now().toString(36)}`);
  await dialog.getByLabel('Team contact number').fill('(740) 555-0142');
  await fillPlayers(dialog, async (player, n) => {
    await player.getByLabel('Activision ID').fill(`owl#${n}234`);
    await player.getByLabel('Location').fill('Testburg, PA');
  });
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('$50.00');
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Your team must agree to the tournament terms.')).toBeVisible();
  await dialog.getByLabel('Our team agrees to the tournament terms and rules.').check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
  expect(await axeDialog(page)).toEqual([]);
});

test('a steak-fry party of 1 to 10: Add and Remove limits, child price and payment, by keyboard @desktop', async ({ page }) => {
  test.slow(); // ten attendees added and removed, a payment and axe
  await signedIn(page);
  const dialog = await openSignup(page, benefit.eventNumber, 'Benefit Event sign-up');
  const amount = dialog.getByLabel(/^Amount/);
  await expect(amount).toHaveValue('$25.00');
  await expect(dialog.getByRole('button', { name: 'Remove attendee 1' })).toBeDisabled();
  for (let i = 2; i <= 10; i++) await dialog.getByRole('button', { name: 'Add attendee' }).click();
  await expect(dialog.getByRole('button', { name: 'Add attendee' })).toBeDisabled();
  await expect(amount).toHaveValue('$250.00');
  for (let i = 10; i > 2; i--) await dialog.getByRole('button', { name: `Remove attendee ${i}` }).click();
  await expect(amount).toHaveValue('$50.00');
  expect(await axeDialog(page)).toEqual([]);

  const second = dialog.getByRole('group', { name: 'Attendee 2' });
  await second.getByLabel('Child (12 or younger)').check();
  await expect(amount).toHaveValue('$40.00');
  await dialog.getByRole('group', { name: 'Attendee 1' }).getByLabel('Name').fill('Pat Example');
  await second.getByLabel('Name').fill('Sam Example');
  await second.getByLabel('Allergies (optional)').fill('peanuts');
  await fillCard(dialog);
  // Keyboard only: focus Confirm and press Enter.
  await dialog.getByRole('button', { name: 'Confirm' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus is back on the opener, which now offers a further party: the page says "You're signed up" (issue 33).
  await expect(page.getByRole('button', { name: 'Sign up another party', exact: true })).toBeFocused();
  await expect(page.getByRole('region', { name: "You're signed up" })).toContainText('Pat Example, Sam Example');
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Attendees: Pat Example, Sam Example')).toBeVisible();
  // The event's own date (the fixture's benefit supper, 45 days from the day the server started).
  await expect(page.getByRole('region', { name: 'Events' }).getByText(formatCalendarDate(eventDateOf(benefit.eventNumber), { weekday: true }))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Amount paid: $40.00')).toBeVisible();
});

test('signed out, Sign up shows the login prompt instead of a form; a closed event offers none @phone', async ({ page }) => {
  await page.goto(`/events/${golf.eventNumber}`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Click here to login or signup.' })).toHaveAttribute('href', `/login?from=${encodeURIComponent(`/events/${golf.eventNumber}`)}`);
  // The prompt, not the sign-up form.
  await expect(page.getByRole('dialog', { name: 'Sign up with your account' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /sign-up/ })).toHaveCount(0);
  await page.goto(`/events/${pastBenefit.eventNumber}`);
  await expect(page.getByRole('button', { name: 'Sign up closed' })).toBeDisabled();
});

test('the event page shows the places left when a capacity is set @phone', async ({ page }) => {
  await page.goto(`/events/${golf.eventNumber}`);
  await expect(page.getByText(/^\d+ team places? left$/)).toBeVisible();
  await page.goto(`/events/${benefit.eventNumber}`);
  await expect(page.getByText(/^\d+ seats? left$/)).toBeVisible();
});

test('a server failure reads "Contact Admin (code) - message" and nothing is charged @phone', async ({ page, pageErrors }) => {
  await signedIn(page);
  const dialog = await openSignup(page, gaming.eventNumber, 'Gaming Event sign-up');
  await page.route('**/api/stripe/gaming_signup_intent', (route) =>
    route.fulfill({ status: 503, json: { server: 'The service is down for maintenance (request 7f3a).' } }),
  );
  let charged = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/payments/simulated/confirm')) charged = true;
  });
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Contact Admin (503) - The service is down for maintenance (request 7f3a).')).toBeVisible();
  await expect(dialog.getByText('Please fix the error(s) above.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Not now' })).toBeVisible();
  expect(charged).toBe(false);
  // Chromium logs the 503 this test made up; nothing else may appear.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 503')));
});

test('a payment that reached the server after the places went: the form says it was refunded and offers no second try @phone', async ({ page, pageErrors }) => {
  await signedIn(page);
  const dialog = await openSignup(page, golf.eventNumber, 'Golf Event sign-up');
  await fillPlayers(dialog, async (player) => {
    await player.getByLabel('Shirt size').selectOption('L');
  });
  // What the server answers when a lapsed hold's places went to others (tests/integration/signups.test.ts).
  const refusal = 'This event filled up before your payment reached us, so we have refunded your $400.00 in full. We have emailed you about it.';
  await page.route('**/api/stripe/save_golf_signup', (route) => route.fulfill({ status: 409, json: { eventNumber: refusal } }));
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(dialog.getByText('Success! Thank you for signing up!')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  expect(await axeDialog(page)).toEqual([]);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 409')));
});

test('a hold that lapsed while the form stood open: Confirm asks for fresh places before the card is charged @phone', async ({ page }) => {
  await page.clock.install();
  await signedIn(page);
  const intents: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/stripe/golf_signup_intent')) intents.push(r.url());
  });
  const dialog = await openSignup(page, golf.eventNumber, 'Golf Event sign-up');
  await fillPlayers(dialog, async (player) => {
    await player.getByLabel('Shirt size').selectOption('S');
  });
  await fillCard(dialog, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();
  expect(intents).toHaveLength(1);

  await page.clock.fastForward('15:00'); // the visitor looks for another card
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
  expect(intents).toHaveLength(2);
});
