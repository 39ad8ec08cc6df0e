import { createRound, createSubmittedApplication, reviewsOfRound } from '../helpers/scholarship';
import { withAdminDatabase } from './admin-database';
import { E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { oneScholarshipJourneyAtATime, signedInReviewer } from './scholarship';
import { adminTest } from './staff';

adminTest.use({ baseURL: E2E_ADMIN_URL });

/** Deciding a scholarship round (issue 34): reviewers assigned, a blind review with a conflict, scores, the committee's ranking and the award emails. */

const SHOTS = process.env.SHOTS_DIR ?? screenshotDir('scholarship-review');

adminTest('reviewers score blind, one declares a conflict, the committee ranks and sends the award emails', async ({ page, browser }, testInfo) => {
  adminTest.slow(); // three staff sign-ins, axe on several screens, and a turn after the other width's journey
  const width = testInfo.project.name;
  const { round, apps } = await withAdminDatabase(async (db) => {
    const round = await createRound(db, { state: 'closed', reviewersPerApplication: 2 });
    return { round, apps: [await createSubmittedApplication(db, round, { letter: true }), await createSubmittedApplication(db, round)] };
  });
  const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
  const roundPath = `/admin/scholarship/${round.id}`;

  await oneScholarshipJourneyAtATime(async () => {
    const r1 = await signedInReviewer(browser, page, 'Reviewer One');
    const r2 = await signedInReviewer(browser, page, 'Reviewer Two');
    const r3 = await signedInReviewer(browser, page, 'Reviewer Three');
    try {
      // The admin assigns: two reviewers each, evenly.
      await page.goto(roundPath);
      await expect(page.getByRole('heading', { level: 1, name: `Scholarship ${round.year}: the committee` })).toBeVisible();
      await page.getByRole('button', { name: 'Assign reviewers' }).click();
      await expect(page.getByText('Assigned 4 reviews.')).toBeVisible();
      const assigned = await withAdminDatabase((db) => reviewsOfRound(db, round.id));
      expect(assigned.map((r) => [r.applicationId, r.staffId])).toEqual([
        [a.id, r1.id],
        [a.id, r2.id],
        [b.id, r3.id],
        [b.id, r1.id],
      ]);

      // Reviewer one: the list, the blind application, the score form's errors, then scores.
      const one = r1.page;
      await one.goto(roundPath);
      await expect(one.getByRole('heading', { level: 1, name: `Scholarship ${round.year}: your applications` })).toBeVisible();
      const list = one.getByRole('list', { name: 'Your applications' });
      await expect(list.getByRole('listitem')).toHaveText([`Application ${a.id}to score`, `Application ${b.id}to score`]);
      await expectNoAxeViolations(one);
      await expectNoSidewaysScrolling(one);
      await one.screenshot({ path: `${SHOTS}/reviewer-list-${width}.png`, fullPage: true });

      await list.getByRole('link', { name: `Application ${a.id}` }).click();
      await expect(one.getByRole('heading', { level: 1, name: `Application ${a.id}` })).toBeVisible();
      await expect(one.getByText('Documents are shown as the applicant sent them: they may name the applicant.')).toBeVisible();
      await expect(one.getByText(a.details.college)).toBeVisible();
      await expect(one.getByText(a.essays.changed!)).toBeVisible();
      await expect(one.getByRole('link', { name: 'Download the high school transcript' })).toBeVisible();
      await expect(one.getByRole('link', { name: 'Download the recommendation letter' })).toBeVisible();
      for (const hidden of [a.details.firstName, a.details.lastName, a.details.highSchool, a.details.street, a.email]) await expect(one.locator('body')).not.toContainText(hidden);
      await expectNoAxeViolations(one);
      await expectNoSidewaysScrolling(one);
      await one.screenshot({ path: `${SHOTS}/blind-view-${width}.png`, fullPage: true });

      const form = one.getByRole('form', { name: 'Score this application' });
      await form.getByLabel('Financial need').fill('11');
      await form.getByRole('button', { name: 'Save the scores' }).click();
      await expect(form.getByText('Give Financial need a whole number from 1 to 10.').first()).toBeVisible();
      await expect(form.getByText('Write a comment for the committee.').first()).toBeVisible();
      await expectNoAxeViolations(one);
      await expectNoSidewaysScrolling(one);
      await form.screenshot({ path: `${SHOTS}/score-form-${width}.png` });
      for (const label of ['Financial need', 'Academics', 'Essays', 'Athletics', 'Service to others']) await form.getByLabel(label).fill('9');
      await form.getByLabel('Comment for the committee').fill('Clear goals and strong grades.');
      await form.getByRole('button', { name: 'Save the scores' }).click();
      await expect(one.getByText(`Your scores for application ${a.id} are saved. You can change them until the round is decided.`)).toBeVisible();

      // A conflict on the second: it goes to reviewer two.
      await one.goto(`/admin/scholarship/applications/${b.id}`);
      const conflict = one.getByRole('form', { name: 'Declare a conflict of interest' });
      await conflict.getByRole('button', { name: 'Declare a conflict of interest' }).click();
      await expect(conflict.getByText('Write a short note on the conflict of interest.').first()).toBeVisible();
      await conflict.getByLabel('Why you cannot review it').fill('I coached this student.');
      await conflict.getByRole('button', { name: 'Declare a conflict of interest' }).click();
      await expect(one.getByText('Your conflict of interest is noted: you will not see this application again, and another reviewer takes your place.')).toBeVisible();
      await expect(one.getByRole('list', { name: 'Your applications' }).getByRole('listitem')).toHaveText([`Application ${a.id}scored`, `Application ${b.id}conflict declared`]);
      await expectNoAxeViolations(one);

      // Reviewers two and three score.
      for (const [reviewer, app, score] of [
        [r2, a, '7'],
        [r2, b, '6'],
        [r3, b, '4'],
      ] as const) {
        await reviewer.page.goto(`/admin/scholarship/applications/${app.id}`);
        const scoreForm = reviewer.page.getByRole('form', { name: 'Score this application' });
        for (const label of ['Financial need', 'Academics', 'Essays', 'Athletics', 'Service to others']) await scoreForm.getByLabel(label).fill(score);
        await scoreForm.getByLabel('Comment for the committee').fill('Read with care.');
        await scoreForm.getByRole('button', { name: 'Save the scores' }).click();
        await expect(reviewer.page.getByText(`Your scores for application ${app.id} are saved.`, { exact: false })).toBeVisible();
      }

      // The committee: ranked, the spread, the winners, the emails.
      await page.goto(roundPath);
      const ranking = page.getByRole('list', { name: 'Applications by average score' }).getByRole('listitem');
      await expect(ranking).toHaveCount(2);
      await expect(ranking.nth(0)).toContainText(`Application ${a.id} · ${a.details.firstName} ${a.details.lastName}`);
      await expect(ranking.nth(0)).toContainText('8.00 average');
      await expect(ranking.nth(0)).toContainText('2 of 2 scores: Reviewer One 9.00, Reviewer Two 7.00 · spread 2.00');
      await expect(ranking.nth(1)).toContainText('5.00 average');
      await expect(ranking.nth(1)).not.toContainText('Reviewers disagree');
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/committee-ranking-${width}.png`, fullPage: true });

      const winners = page.getByRole('form', { name: 'Choose the winners' });
      await winners.getByLabel('First choice ($5,000.00)').selectOption(String(a.id));
      await winners.getByRole('button', { name: 'Send the award emails' }).click();
      await expect(winners.getByText('Choose the application that wins the Runner-up award.').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await winners.getByLabel('Runner-up ($1,000.00)').selectOption(String(b.id));
      await winners.getByRole('button', { name: 'Send the award emails' }).click();
      await expect(page.getByText(`The award emails are on their way: First choice to application ${a.id}, Runner-up to application ${b.id}, and 0 thank-you emails.`)).toBeVisible();
      await expect(ranking.nth(0)).toContainText('Awarded: First choice');
      await expect(page.getByRole('form', { name: 'Choose the winners' })).toHaveCount(0);
      const mail = await withAdminDatabase((db) => db.selectFrom('mail_outbox').select(['to_address', 'purpose']).where('to_address', 'in', [a.email, b.email]).orderBy('id').execute());
      expect(mail.map((m) => [m.to_address, m.purpose])).toEqual([
        [a.email, 'scholarship_awarded'],
        [b.email, 'scholarship_awarded'],
      ]);
      await page.screenshot({ path: `${SHOTS}/committee-decided-${width}.png`, fullPage: true });
    } finally {
      for (const r of [r1, r2, r3]) await r.context.close();
      await withAdminDatabase((db) => db.updateTable('staff').set({ status: 'disabled' }).where('id', 'in', [r1.id, r2.id, r3.id]).execute());
    }
  });
});
