import { readOutbox } from '../helpers/outbox';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL } from './e2e-env';
import { expect, test } from './fixtures';

// The back office's own server and database (see E2E_ADMIN_PORT).
test.use({ baseURL: E2E_ADMIN_URL });
import { expectNoAxeViolations } from './page-checks';
import { acceptSetUpLink, enrolAuthenticator, finishSetUp, newStaffEmail, signedInAdmin, STAFF_PASSWORD, staffAdd, totpCode } from './staff';

test('the first admin comes from npm run staff:add, sets up two-step sign-in, and signs in again with a code @desktop', async ({ page }) => {
  test.slow(); // two sign-ins with a password and an authenticator, each argon2-hashed
  const email = newStaffEmail('first');
  const link = await staffAdd(email, 'admin');
  await page.goto(link);
  await expectNoAxeViolations(page);
  await acceptSetUpLink(page, link, 'Fiona First');
  await expect(page).toHaveURL(/\/admin\/security$/);
  // Nothing else opens before the authenticator is set up.
  await page.goto('/admin/donations');
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expectNoAxeViolations(page);
  const { secret, recoveryCodes } = await enrolAuthenticator(page);
  expect(new Set(recoveryCodes).size).toBe(10);
  await page.getByRole('link', { name: 'I have saved my codes: continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.goto('/admin/donations');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fdonations$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  // The enrolment code's step is used up; the next step's code is what the app shows soon after.
  await page.getByLabel('Code').fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/donations$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'staff_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
});

test('an admin invites a volunteer by email; the volunteer sets up and sees only what volunteers may @desktop', async ({ page, browser }) => {
  test.slow(); // two people set up, one through an emailed link
  await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await expectNoAxeViolations(page);
  const volunteerEmail = newStaffEmail('volunteer');
  await page.getByLabel('Email').fill(volunteerEmail);
  await page.getByLabel('Name (optional)').fill('Val Volunteer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${volunteerEmail}`)).toBeVisible();
  await expect(page.getByText(volunteerEmail).first()).toBeVisible();

  let invite: string | undefined;
  await expect(async () => {
    const mail = (await readOutbox(E2E_ADMIN_OUTBOX_DIR)).find((m) => m.to === volunteerEmail);
    invite = mail ? /\/admin\/invite\/[\w-]+/.exec(mail.text)?.[0] : undefined;
    expect(invite).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  const volunteerContext = await browser.newContext();
  const volunteer = await volunteerContext.newPage();
  try {
    await acceptSetUpLink(volunteer, invite!, 'Val Volunteer');
    await finishSetUp(volunteer); // two-step sign-in is required of volunteers too
    const nav = volunteer.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Donations' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    const refused = await volunteer.goto('/admin/staff');
    expect(refused?.status()).toBe(403);
  } finally {
    await volunteerContext.close();
  }

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByText(`Invited ${volunteerEmail} as volunteer`)).toBeVisible();
  await expect(page.getByText(`${volunteerEmail} set a password from a set-up link`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a set-up link that was used or made up says so @desktop', async ({ page, pageErrors }) => {
  const response = await page.goto('/admin/invite/not-a-real-link');
  expect(response?.status()).toBe(410);
  pageErrors.length = 0; // Chromium logs the document's own 410 status
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
});
