import sharp from 'sharp';
import { waitForMail } from '../helpers/outbox';
import { createRound, SAMPLE_DETAILS } from '../helpers/scholarship';
import { signedIn } from './accounts';
import { withAdminDatabase } from './admin-database';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { closeRounds, journeyYear, oneScholarshipJourneyAtATime, tinyPdf } from './scholarship';

// The back office's server: its database is the one the test can add a round to.
test.use({ baseURL: E2E_ADMIN_URL });

/** Issue 34, the applicant's journey: eligibility, every section with real files, submit, the dashboard, a second applicant not eligible, the recommender's upload. */

const SHOTS = screenshotDir('scholarship-apply');
const DAY = 24 * 60 * 60_000;

test('an eligible applicant applies, a second is kindly told why not, and the recommender uploads the letter', async ({ page, browser }, testInfo) => {
  test.slow(); // three people, files and axe on six screens
  const width = testInfo.project.name;
  const year = journeyYear('apply', width);
  await oneScholarshipJourneyAtATime(async () => {
    try {
      const round = await withAdminDatabase((db) => createRound(db, { opensInMs: -60 * 60_000, closesInMs: 14 * DAY, year }));

      // The first applicant: signed in, the eligibility step.
      const account = await signedIn(page);
      await page.goto('/scholarship/apply');
      await expect(page.getByRole('heading', { level: 1, name: `Apply for the ${round.year} scholarship` })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Step 1: Check that you are eligible' })).toBeVisible();
      for (const question of round.questions.filter((q) => q.kind === 'yes')) {
        await page.getByRole('group', { name: question.question }).getByLabel('Yes').check();
      }
      await page.getByLabel('What is your GPA (on a 4.0 scale)?').fill('3.6');
      await page.getByLabel('What is your ACT composite score?').fill('25');
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/eligibility-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Check my eligibility' }).click();
      await expect(page.getByText('Draft: not submitted yet')).toBeVisible();

      // Details, then come back later: they are still there.
      for (const [key, value] of Object.entries({ ...SAMPLE_DETAILS, firstName: 'Avery', lastName: `Brooks${width}` })) {
        await page.locator(`#field-${key}`).fill(value);
      }
      await page.getByRole('button', { name: 'Save my details' }).click();
      await expect(page.getByText('Your details are saved.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('High school', { exact: true })).toHaveValue(SAMPLE_DETAILS.highSchool);

      // Essays with the live word count; too many words is refused by the server.
      const first = page.getByLabel(/Tell us about a teammate/);
      await first.fill('My coach showed me that effort matters more than the score on the board.');
      await expect(page.getByText('14 of 500 words')).toBeVisible();
      const second = page.getByLabel(/What do you want to study/);
      await second.fill('word '.repeat(301));
      await expect(page.getByText('301 of 300 words: too many')).toBeVisible();
      await page.getByRole('button', { name: 'Save my essays' }).click();
      await expect(page.getByText('This essay has 301 words: please bring it down to 300 or fewer.')).toBeVisible();
      await second.fill('I will study nursing, and this scholarship pays for my first year of books and fees.');
      await expect(page.getByText('16 of 300 words')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.getByRole('heading', { name: 'Essays' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/form-word-count-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save my essays' }).click();
      await expect(page.getByText('Your essays are saved.')).toBeVisible();

      // Documents: real small files; a picture named as a PDF is refused by its bytes.
      const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#2a6' } }).png().toBuffer();
      await page.getByLabel('High school transcript').setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: png });
      await page.getByRole('button', { name: 'Save documents' }).click();
      await expect(page.getByText('This file is not a PDF document: its contents are a PNG picture.')).toBeVisible();
      await page.getByLabel('High school transcript').setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: await tinyPdf('Transcript') });
      await page.getByLabel('College acceptance letter').setInputFiles({ name: 'acceptance.png', mimeType: 'image/png', buffer: png });
      await page.getByLabel('FAFSA Student Aid Report (summary)').setInputFiles({ name: 'fafsa.pdf', mimeType: 'application/pdf', buffer: await tinyPdf('FAFSA') });
      await page.getByRole('button', { name: 'Save documents' }).click();
      await expect(page.getByText('Your 3 documents are saved.')).toBeVisible();
      await expect(page.getByText('Saved: acceptance.png')).toBeVisible();

      // Submitting too early names what is missing.
      await page.getByRole('button', { name: 'Submit my application' }).click();
      await expect(page.getByText('one part is missing').or(page.getByText('2 parts are missing'))).toBeVisible();
      await expect(page.getByRole('link', { name: "Your recommender's email" })).toBeVisible();

      const recommenderEmail = `coach.${width}.${Date.now().toString(36)}@example.org`;
      await page.getByLabel("Recommender's name").fill('Coach Morgan');
      await page.getByLabel("Recommender's email").fill(recommenderEmail);
      await page.getByRole('button', { name: 'Save recommender' }).click();
      await expect(page.getByText('Your recommender is saved.')).toBeVisible();
      await expect(page.getByText('Everything is here.')).toBeVisible();
      await page.getByRole('button', { name: 'Submit my application' }).click();
      await expect(page.getByText('Your application is submitted. We sent a confirmation')).toBeVisible();
      await expect(page.getByText('Submitted: the committee is reviewing applications')).toBeVisible();
      await expect(page.getByText("We are waiting for your recommender's letter.")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save my details' })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/submitted-${width}.png`, fullPage: true });
      await waitForMail(E2E_ADMIN_OUTBOX_DIR, (m) => m.to === account.email && m.subject === `We received your ${round.year} scholarship application`);

      // The recommender, with no account, through the emailed link.
      const request = await waitForMail(E2E_ADMIN_OUTBOX_DIR, (m) => m.to === recommenderEmail);
      const link = /\/scholarship\/letter\/[A-Za-z0-9_-]+/.exec(request.text)![0];
      const recommenderContext = await browser.newContext({ baseURL: E2E_ADMIN_URL, viewport: page.viewportSize() ?? undefined });
      const recommender = await recommenderContext.newPage();
      try {
        await recommender.goto(link);
        await expect(recommender.getByRole('heading', { level: 1, name: 'Letter of recommendation' })).toBeVisible();
        await expect(recommender.getByText(`Avery Brooks${width}`)).toBeVisible();
        await expectNoAxeViolations(recommender);
        await expectNoSidewaysScrolling(recommender);
        await recommender.screenshot({ path: `${SHOTS}/letter-page-${width}.png`, fullPage: true });
        await recommender.getByLabel('The letter (PDF, JPEG or PNG)').setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: await tinyPdf('A fine student') });
        await recommender.getByRole('button', { name: 'Upload the letter' }).click();
        await expect(recommender.getByText('Thank you: the letter arrived.')).toBeVisible();
        await recommender.goto(link);
        await expect(recommender.getByText('This link no longer accepts a file.')).toBeVisible();
        await expect(recommender.getByRole('button', { name: 'Upload the letter' })).toHaveCount(0);
        await recommender.screenshot({ path: `${SHOTS}/letter-arrived-${width}.png`, fullPage: true });
      } finally {
        await recommenderContext.close();
      }

      // The applicant's dashboard: the status and that the letter arrived, never the letter.
      await page.goto('/dashboard');
      const card = page.getByRole('region', { name: 'Scholarship' });
      await expect(card.getByText('Submitted: the committee is reviewing applications')).toBeVisible();
      await expect(card.getByText("Your recommender's letter arrived on")).toBeVisible();
      await expect(card.getByRole('link', { name: 'See my application' })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });

      // A second applicant who is not eligible: a kind explanation, nothing saved.
      const otherContext = await browser.newContext({ baseURL: E2E_ADMIN_URL, viewport: page.viewportSize() ?? undefined });
      const other = await otherContext.newPage();
      try {
        await signedIn(other);
        await other.goto('/scholarship/apply');
        for (const question of round.questions.filter((q) => q.kind === 'yes')) {
          await other.getByRole('group', { name: question.question }).getByLabel(question.key === 'varsity' ? 'No' : 'Yes').check();
        }
        await other.getByLabel('What is your GPA (on a 4.0 scale)?').fill('3.2');
        await other.getByLabel('What is your ACT composite score?').fill('16');
        await other.getByRole('button', { name: 'Check my eligibility' }).click();
        const explanation = other.getByRole('alert').filter({ hasText: 'Thank you for your interest' });
        await expect(explanation).toBeVisible();
        await expect(explanation.getByRole('listitem')).toHaveText(['Lettered in at least 1 varsity sport', 'ACT score of 18 or higher']);
        await expect(explanation.getByText('Nothing was saved.')).toBeVisible();
        await expectNoAxeViolations(other);
        await expectNoSidewaysScrolling(other);
        await other.screenshot({ path: `${SHOTS}/not-eligible-${width}.png`, fullPage: true });
        await other.goto('/dashboard');
        await expect(other.getByRole('region', { name: 'Scholarship' }).getByRole('link', { name: 'Apply for the scholarship' })).toBeVisible();
      } finally {
        await otherContext.close();
      }
    } finally {
      await closeRounds(year);
    }
  });
});
