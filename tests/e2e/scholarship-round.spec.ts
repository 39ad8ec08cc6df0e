import type { BrowserContext, Page } from '@playwright/test';
import { waitForMail } from '../helpers/outbox';
import { createSubmittedApplication } from '../helpers/scholarship';
import { signedIn } from './accounts';
import { withAdminDatabase } from './admin-database';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { uploadPicture } from './media';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { closeRounds, eastern, journeyYear, oneScholarshipJourneyAtATime, otherPerson, signedInReviewer, tinyPdf } from './scholarship';
import { adminTest } from './staff';

// The back office's server: staff, applicants and the public page all on one database.
adminTest.use({ baseURL: E2E_ADMIN_URL });

/**
 * Issue 34's whole round, as the people in it do it: an admin opens it, one student applies and a
 * second is not eligible, the recommender uploads a letter, two reviewers score blind (one declares
 * a conflict), the committee ranks and sends the award emails, and the winner's profile goes public.
 */

const SHOTS = screenshotDir('scholarship-round');

adminTest('a scholarship round from opening to the published winners', async ({ page, browser }, testInfo) => {
  adminTest.slow(); // five people, files, and axe on many screens
  const width = testInfo.project.name;
  const year = journeyYear('round', width);
  const contexts: BrowserContext[] = [];
  const reviewerIds: number[] = [];

  await oneScholarshipJourneyAtATime(async () => {
    try {
      // The admin opens the round with the defaults, one reviewer per application.
      await page.goto('/admin/scholarship');
      const opens = eastern(new Date(Date.now() - 10 * 60_000));
      const closes = eastern(new Date(Date.now() + 14 * 24 * 3_600_000));
      await page.getByLabel('Year').fill(String(year));
      await page.getByLabel('Opening date').fill(opens.date);
      await page.getByLabel('Opening time').fill(opens.time);
      await page.getByLabel('Closing date').fill(closes.date);
      await page.getByLabel('Closing time').fill(closes.time);
      await page.getByLabel('Reviewers per application').fill('1');
      await page.getByRole('button', { name: 'Open the round' }).click();
      await expect(page.getByText(`The ${year} round is saved.`)).toBeVisible();
      const roundId = await withAdminDatabase(async (db) => Number((await db.selectFrom('scholarship_rounds').select('id').where('year', '=', year).executeTakeFirstOrThrow()).id));

      // The Scholarship page invites applications.
      const student = await otherPerson(browser, page);
      contexts.push(student.context);
      const s = student.page;
      const block = s.getByRole('region', { name: `Apply for the ${year} Scholarship` });
      // A cached page follows a change within the cache's check interval (ADR 029).
      await expect(async () => {
        await s.goto('/scholarship');
        await expect(block.getByText('GPA of 3.0 or higher')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expectNoAxeViolations(s);
      await expectNoSidewaysScrolling(s);
      await s.screenshot({ path: `${SHOTS}/scholarship-open-${width}.png`, fullPage: true });

      // The first student: eligible, applies with everything.
      const account = await signedIn(s);
      await s.goto('/scholarship/apply');
      await expect(s.getByRole('heading', { level: 1, name: `Apply for the ${year} scholarship` })).toBeVisible();
      for (const question of ['Have you been accepted into a 4-year program at a college or university?', 'Does your FAFSA show financial need?', 'Have you lettered in at least one varsity sport?']) {
        await s.getByRole('group', { name: question }).getByLabel('Yes').check();
      }
      await s.getByLabel('What is your GPA (on a 4.0 scale)?').fill('3.8');
      await s.getByLabel('What is your ACT composite score?').fill('27');
      await s.getByRole('button', { name: 'Check my eligibility' }).click();
      await expect(s.getByText('Draft: not submitted yet')).toBeVisible();
      const lastName = `Marsh${width}`;
      const details = { firstName: 'Robin', lastName, phone: '740-555-0142', street: '9 Ridge Road', city: 'Steubenville', state: 'OH', zip: '43952', highSchool: 'Big Red High School', graduationYear: String(year), college: 'Ohio Valley University', fieldOfStudy: 'Physical therapy' };
      for (const [key, value] of Object.entries(details)) await s.locator(`#field-${key}`).fill(value);
      await s.getByRole('button', { name: 'Save my details' }).click();
      await expect(s.getByText('Your details are saved.')).toBeVisible();
      await s.getByLabel(/Tell us about a teammate/).fill('My coach stayed after every practice to help me with algebra, and taught me that patience is a kind of strength.');
      await s.getByLabel(/What do you want to study/).fill('Physical therapy, so I can help injured athletes in the valley get back to the game.');
      await expect(s.getByText('21 of 500 words')).toBeVisible();
      await s.getByRole('button', { name: 'Save my essays' }).click();
      await expect(s.getByText('Your essays are saved.')).toBeVisible();
      for (const [label, name] of [
        ['High school transcript', 'transcript.pdf'],
        ['College acceptance letter', 'acceptance.pdf'],
        ['FAFSA Student Aid Report (summary)', 'fafsa.pdf'],
      ] as const) {
        await s.getByLabel(label).setInputFiles({ name, mimeType: 'application/pdf', buffer: await tinyPdf(name) });
      }
      await s.getByRole('button', { name: 'Save documents' }).click();
      await expect(s.getByText('Your 3 documents are saved.')).toBeVisible();
      const recommenderEmail = `coach.${width}.${Date.now().toString(36)}@example.org`;
      await s.getByLabel("Recommender's name").fill('Coach Dale');
      await s.getByLabel("Recommender's email").fill(recommenderEmail);
      await s.getByRole('button', { name: 'Save recommender' }).click();
      await expect(s.getByText('Everything is here.')).toBeVisible();
      await s.getByRole('button', { name: 'Submit my application' }).click();
      await expect(s.getByText('Submitted: the committee is reviewing applications')).toBeVisible();
      await waitForMail(E2E_ADMIN_OUTBOX_DIR, (m) => m.to === account.email && m.subject === `We received your ${year} scholarship application`);

      // The second student is not eligible: told why, kindly, and nothing is kept.
      const second = await otherPerson(browser, page);
      contexts.push(second.context);
      const other = await signedIn(second.page);
      await second.page.goto('/scholarship/apply');
      for (const [question, answer] of [
        ['Have you been accepted into a 4-year program at a college or university?', 'Yes'],
        ['Does your FAFSA show financial need?', 'No'],
        ['Have you lettered in at least one varsity sport?', 'Yes'],
      ] as const) {
        await second.page.getByRole('group', { name: question }).getByLabel(answer).check();
      }
      await second.page.getByLabel('What is your GPA (on a 4.0 scale)?').fill('3.1');
      await second.page.getByLabel('What is your ACT composite score?').fill('20');
      await second.page.getByRole('button', { name: 'Check my eligibility' }).click();
      const explanation = second.page.getByRole('alert').filter({ hasText: 'Thank you for your interest' });
      await expect(explanation.getByRole('listitem')).toHaveText(['Financial need shown through the FAFSA']);
      await expect(explanation.getByText('Nothing was saved.')).toBeVisible();
      await expectNoAxeViolations(second.page);
      await second.page.screenshot({ path: `${SHOTS}/not-eligible-${width}.png`, fullPage: true });
      expect(
        await withAdminDatabase((db) =>
          db.selectFrom('scholarship_applications').innerJoin('users', 'users.id', 'scholarship_applications.user_id').select('scholarship_applications.id').where('users.email', '=', other.email.toLowerCase()).execute(),
        ),
      ).toEqual([]);

      // The recommender uploads through the emailed link; the student sees only that it arrived.
      const request = await waitForMail(E2E_ADMIN_OUTBOX_DIR, (m) => m.to === recommenderEmail);
      const recommender = await otherPerson(browser, page);
      contexts.push(recommender.context);
      await recommender.page.goto(/\/scholarship\/letter\/[A-Za-z0-9_-]+/.exec(request.text)![0]);
      await expect(recommender.page.getByText(`Robin ${lastName}`)).toBeVisible();
      await recommender.page.getByLabel('The letter (PDF, JPEG or PNG)').setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: await tinyPdf('Robin works harder than anyone.') });
      await recommender.page.getByRole('button', { name: 'Upload the letter' }).click();
      await expect(recommender.page.getByText('Thank you: the letter arrived.')).toBeVisible();
      await s.goto('/dashboard');
      const card = s.getByRole('region', { name: 'Scholarship' });
      await expect(card.getByText("Your recommender's letter arrived on")).toBeVisible();
      await expect(s.locator('body')).not.toContainText('Robin works harder');

      // Two more students applied the same days (written straight to the database).
      const [robin, ...others] = await withAdminDatabase(async (db) => {
        const robinId = Number((await db.selectFrom('scholarship_applications').select('id').where('round_id', '=', roundId).executeTakeFirstOrThrow()).id);
        return [robinId, (await createSubmittedApplication(db, { id: roundId })).id, (await createSubmittedApplication(db, { id: roundId })).id];
      });
      const [jo, kim] = others as [number, number];

      // The admin closes the round early, now that everyone is in; then assigns the reviewers.
      await page.goto(`/admin/scholarship?edit=${roundId}#round-form`);
      await expect(page.getByText('only the closing date and time and the reviewers per application can change')).toBeVisible();
      const closed = eastern(new Date(Date.now() - 60_000));
      await page.getByLabel('Closing date').fill(closed.date);
      await page.getByLabel('Closing time').fill(closed.time);
      await page.getByRole('button', { name: 'Save the round' }).click();
      await expect(page.getByText(`The ${year} round is saved.`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: String(year) }).getByRole('cell', { name: 'Closed, being reviewed' })).toBeVisible();

      const one = await signedInReviewer(browser, page, 'Reviewer Ash');
      const two = await signedInReviewer(browser, page, 'Reviewer Birch');
      contexts.push(one.context, two.context);
      reviewerIds.push(one.id, two.id);
      await page.goto(`/admin/scholarship/${roundId}`);
      await page.getByRole('button', { name: 'Assign reviewers' }).click();
      await expect(page.getByText('Assigned 3 reviews.')).toBeVisible();

      // Reviewer one has Robin's application, blind; a conflict sends it to reviewer two.
      await one.page.goto(`/admin/scholarship/${roundId}`);
      await one.page.getByRole('list', { name: 'Your applications' }).getByRole('link', { name: `Application ${robin}` }).click();
      await expect(one.page.getByRole('heading', { level: 1, name: `Application ${robin}` })).toBeVisible();
      await expect(one.page.getByText('Documents are shown as the applicant sent them: they may name the applicant.')).toBeVisible();
      await expect(one.page.getByText('Physical therapy, so I can help injured athletes')).toBeVisible();
      for (const hidden of ['Robin', lastName, 'Big Red High School', '9 Ridge Road', '740-555-0142', account.email]) await expect(one.page.locator('body')).not.toContainText(hidden);
      await expectNoAxeViolations(one.page);
      await expectNoSidewaysScrolling(one.page);
      await one.page.screenshot({ path: `${SHOTS}/blind-view-${width}.png`, fullPage: true });
      const conflict = one.page.getByRole('form', { name: 'Declare a conflict of interest' });
      await conflict.getByLabel('Why you cannot review it').fill('Robin is my neighbour’s daughter.');
      await conflict.getByRole('button', { name: 'Declare a conflict of interest' }).click();
      await expect(one.page.getByText('Your conflict of interest is noted')).toBeVisible();
      expect((await one.page.goto(`/admin/scholarship/applications/${robin}`))!.status()).toBe(404);

      // Scores: reviewer two scores Robin and Jo, reviewer one scores Kim.
      const score = async (who: Page, applicationId: number, marks: number[], comment: string) => {
        await who.goto(`/admin/scholarship/applications/${applicationId}`);
        const form = who.getByRole('form', { name: 'Score this application' });
        const labels = ['Financial need', 'Academics', 'Essays', 'Athletics', 'Service to others'];
        for (const [i, label] of labels.entries()) await form.getByLabel(label).fill(String(marks[i]));
        await form.getByLabel('Comment for the committee').fill(comment);
        await form.getByRole('button', { name: 'Save the scores' }).click();
        await expect(who.getByText(`Your scores for application ${applicationId} are saved.`)).toBeVisible();
      };
      await score(two.page, robin, [9, 9, 10, 8, 9], 'Clear goals, a moving essay.');
      await expect(two.page.locator('body')).not.toContainText(lastName);
      await score(two.page, jo, [7, 7, 7, 7, 7], 'Solid all round.');
      await score(one.page, kim, [6, 8, 6, 5, 6], 'Strong grades, short essays.');
      await expectNoAxeViolations(two.page);
      await two.page.screenshot({ path: `${SHOTS}/scored-${width}.png`, fullPage: true });

      // The committee: Robin first, Jo second, Kim third; the award emails go out once.
      await page.goto(`/admin/scholarship/${roundId}`);
      const ranking = page.getByRole('list', { name: 'Applications by average score' }).getByRole('listitem');
      await expect(ranking).toHaveCount(3);
      await expect(ranking.nth(0)).toContainText(`Application ${robin} · Robin ${lastName}`);
      await expect(ranking.nth(0)).toContainText('9.10 average');
      await expect(ranking.nth(1)).toContainText(`Application ${jo}`);
      await expect(ranking.nth(2)).toContainText(`Application ${kim}`);
      const choose = page.getByRole('form', { name: 'Choose the winners' });
      await choose.getByLabel('First choice ($5,000.00)').selectOption(String(robin));
      await choose.getByLabel('Runner-up ($1,000.00)').selectOption(String(jo));
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/committee-${width}.png`, fullPage: true });
      await choose.getByRole('button', { name: 'Send the award emails' }).click();
      await expect(page.getByText('The award emails are on their way')).toBeVisible();
      await expect(ranking.nth(0)).toContainText('Awarded: First choice');
      await expect(ranking.nth(2)).toContainText('Not awarded');
      await waitForMail(E2E_ADMIN_OUTBOX_DIR, (m) => m.to === account.email && m.subject.includes(`${year} scholarship`) && m.subject.startsWith('You have been awarded'));
      const kimEmail = await withAdminDatabase(async (db) =>
        String((await db.selectFrom('scholarship_applications').innerJoin('users', 'users.id', 'scholarship_applications.user_id').select('users.email').where('scholarship_applications.id', '=', kim).executeTakeFirstOrThrow()).email),
      );
      await waitForMail(E2E_ADMIN_OUTBOX_DIR, (m) => m.to === kimEmail && m.subject.startsWith('Thank you for applying'));
      await s.goto('/dashboard');
      await expect(s.getByRole('region', { name: 'Scholarship' }).getByText('Awarded: First choice')).toBeVisible();

      // The winner's profile, with her consent and a photo from the library, joins Previous Winners.
      const photo = await uploadPicture(page, 'Robin on the track at Big Red stadium', 'winner');
      await page.goto(`/admin/scholarship/${roundId}/winners`);
      const profile = page.getByRole('form', { name: `First choice: Robin ${lastName}` });
      await expect(profile.getByLabel('Name', { exact: true })).toHaveValue(`Robin ${lastName}`);
      await profile.getByLabel('Quote').fill('I want to help athletes in the valley get back to the game.');
      const option = await profile.getByLabel('Photo', { exact: true }).locator('option', { hasText: photo }).getAttribute('value');
      await profile.getByLabel('Photo', { exact: true }).selectOption(option!);
      await profile.getByLabel('Alt text (describes the photo)').fill('Robin smiling on the track');
      await profile.getByRole('button', { name: `Publish Robin ${lastName}` }).click();
      await expect(profile.getByText('The winner agreed to have this shown on the site').first()).toBeVisible();
      await expect(page.getByText('Publish only once the winner agreed to have this shown on the site: tick the box.')).toBeVisible();
      await page.getByRole('form', { name: `First choice: Robin ${lastName}` }).getByLabel('The winner agreed to have this shown on the site').check();
      await page.getByRole('form', { name: `First choice: Robin ${lastName}` }).getByRole('button', { name: `Publish Robin ${lastName}` }).click();
      await expect(page.getByRole('form', { name: `First choice: Robin ${lastName}` }).getByText('Published on the Scholarship page')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/winners-${width}.png`, fullPage: true });

      const visitor = await otherPerson(browser, page);
      contexts.push(visitor.context);
      const winners = visitor.page.getByRole('region', { name: 'Previous Winners' });
      const robinCard = winners.getByRole('article', { name: `${year} — Robin ${lastName}` });
      await expect(async () => {
        await visitor.page.goto('/scholarship');
        await expect(robinCard).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(robinCard.getByText('Ohio Valley University · Physical therapy')).toBeVisible();
      await expect(robinCard.getByRole('img', { name: 'Robin smiling on the track' })).toBeVisible();
      await expect(winners.getByText(`Robin ${lastName}`)).toHaveCount(1);
      await expectNoAxeViolations(visitor.page);
      await expectNoSidewaysScrolling(visitor.page);
      await visitor.page.screenshot({ path: `${SHOTS}/scholarship-winner-${width}.png`, fullPage: true });
    } finally {
      for (const context of contexts) await context.close();
      // The next journey's assignment and Scholarship page must not see this one's reviewers or round.
      if (reviewerIds.length > 0) await withAdminDatabase((db) => db.updateTable('staff').set({ status: 'disabled' }).where('id', 'in', reviewerIds).execute());
      await closeRounds(year);
    }
  });
});
