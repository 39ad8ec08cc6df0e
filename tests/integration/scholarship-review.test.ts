import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTIFYING_DETAILS } from '../../common/scholarship';
import { DOCUMENTS_NOT_ANONYMISED } from '../../common/scholarship-reviews';
import { SCHOLARSHIP_STAFF_ONLY } from '../../app/admin/guard.server';
import { signedInUser } from '../helpers/accounts';
import { pageHtml, visibleText } from '../helpers/page-text';
import { createRound, createSubmittedApplication, reviewsOfRound, staffIdOf, TINY_PDF, type TestApplication } from '../helpers/scholarship';
import { locationOf, setUpStaff, submit } from '../helpers/staff';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/** Deciding a scholarship round (issue 34) over HTTP on both databases: assignment, the blind review, conflicts, downloads, the committee, the emails, the CSV. */

let server: TestServer;
let admin: ApiClient;
let volunteer: ApiClient;
let supporter: ApiClient;
const reviewers: { client: ApiClient; id: number }[] = [];

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
  volunteer = server.client();
  await setUpStaff(server, volunteer, 'volunteer');
  supporter = server.client();
  await signedInUser(supporter, 'scholarship');
  // Three reviewers for the whole file: assignment counts depend on who is active.
  for (let i = 0; i < 3; i++) {
    const client = server.client();
    const { email } = await setUpStaff(server, client, 'reviewer');
    reviewers.push({ client, id: await staffIdOf(server.db, email) });
  }
});
afterAll(() => server?.close());

const roundPath = (id: number) => `/admin/scholarship/${id}`;
const appPath = (id: number) => `/admin/scholarship/applications/${id}`;
const assign = (roundId: number) => submit(admin, roundPath(roundId), { intent: 'assign' });
const reviewerOf = (staffId: number) => reviewers.find((r) => r.id === staffId)!.client;

/** A closed round with `count` applications, reviewers assigned. */
async function assignedRound(count: number, options: { reviewersPerApplication?: number; letter?: boolean } = {}) {
  const round = await createRound(server.db, { state: 'closed', reviewersPerApplication: options.reviewersPerApplication ?? 2 });
  const apps: TestApplication[] = [];
  for (let i = 0; i < count; i++) apps.push(await createSubmittedApplication(server.db, round, { letter: options.letter }));
  expect((await assign(round.id)).status).toBe(200);
  return { round, apps, reviews: await reviewsOfRound(server.db, round.id) };
}

const scoreFields = (value: number | Record<string, string>, comment = 'Strong essays and a clear plan.') => ({
  intent: 'score',
  ...(typeof value === 'number' ? Object.fromEntries(['need', 'academics', 'essays', 'athletics', 'service'].map((k) => [`score-${k}`, String(value)])) : value),
  comment,
});

async function auditSummaries(subject: string): Promise<string[]> {
  const rows = await server.db.selectFrom('audit_log').select('summary').where('subject', '=', subject).orderBy('id').execute();
  return rows.map((r) => r.summary);
}

describe(`assigning reviewers (${testDbKind()})`, () => {
  it('gives each application the round’s number of different reviewers, evenly, and a second press fills only what is missing', async () => {
    const round = await createRound(server.db, { state: 'closed', reviewersPerApplication: 2 });
    const apps = [];
    for (let i = 0; i < 5; i++) apps.push(await createSubmittedApplication(server.db, round));
    const first = await assign(round.id);
    expect(first.status).toBe(200);
    expect(visibleText(pageHtml(first))).toContain('Assigned 10 reviews.');
    const reviews = await reviewsOfRound(server.db, round.id);
    expect(reviews).toHaveLength(10);
    for (const app of apps) expect(new Set(reviews.filter((r) => r.applicationId === app.id).map((r) => r.staffId)).size).toBe(2);
    const counts = reviewers.map((r) => reviews.filter((x) => x.staffId === r.id).length);
    expect(counts).toEqual([4, 3, 3]);

    const again = await assign(round.id);
    expect(visibleText(pageHtml(again))).toContain('Every application already has its reviewers.');
    expect(await reviewsOfRound(server.db, round.id)).toHaveLength(10);

    // A late application gets the two with the fewest assignments.
    const late = await createSubmittedApplication(server.db, round);
    await assign(round.id);
    const lateReviews = (await reviewsOfRound(server.db, round.id)).filter((r) => r.applicationId === late.id).map((r) => r.staffId);
    expect(lateReviews).toEqual([reviewers[1]!.id, reviewers[2]!.id]);
  });

  it('says when there are fewer reviewers than needed, and refuses before the round closed', async () => {
    const round = await createRound(server.db, { state: 'closed', reviewersPerApplication: 4 });
    await createSubmittedApplication(server.db, round);
    const short = await assign(round.id);
    expect(short.status).toBe(200);
    expect(visibleText(pageHtml(short))).toContain('Not enough reviewers: 1 review is still missing: there are 3 active reviewers and each application needs 4.');
    const refused = await assign(round.id);
    expect(refused.status).toBe(400);
    expect(visibleText(pageHtml(refused))).toContain('Not enough reviewers. 1 review is still missing');

    const open = await createRound(server.db, { state: 'open' });
    await createSubmittedApplication(server.db, open);
    const early = await assign(open.id);
    expect(early.status).toBe(400);
    expect(pageHtml(early)).toContain('Reviewers are assigned once the round has closed.');
    expect(await reviewsOfRound(server.db, open.id)).toHaveLength(0);
  });
});

describe(`the blind review (${testDbKind()})`, () => {
  it('shows a reviewer their applications by number, and the application without name, email, address, phone or school, in the page and its data', async () => {
    const { round, apps, reviews } = await assignedRound(1, { letter: true });
    const app = apps[0]!;
    const reviewer = reviewerOf(reviews[0]!.staffId);
    const list = await reviewer.get(roundPath(round.id));
    expect(list.status).toBe(200);
    expect(visibleText(pageHtml(list))).toContain(`Application ${app.id} to score`);

    for (const path of [appPath(app.id), `${appPath(app.id)}.data`]) {
      const res = await reviewer.get(path);
      expect(res.status, path).toBe(200);
      // 'OH' alone would match other text, so the state is not looked for (the blind view never copies it).
      for (const secret of [...IDENTIFYING_DETAILS.filter((key) => key !== 'state').map((key) => app.details[key]), app.email, 'Holder', 'Recommender', '.pdf"']) {
        expect(res.text, `${path} must not hold ${secret}`).not.toContain(secret);
      }
      for (const shown of [app.details.college, app.details.fieldOfStudy, app.essays.changed, app.essays.goals]) expect(pageHtml(res)).toContain(shown);
    }
    const page = pageHtml(await reviewer.get(appPath(app.id)));
    expect(page).toContain(`href="/admin/scholarship/files/${app.documentIds.transcript}"`);
    expect(page).toContain(`href="/admin/scholarship/files/${app.letterId}"`);
    expect(visibleText(page)).toContain('The letter arrived.');
    expect(page).toContain(DOCUMENTS_NOT_ANONYMISED);
    expect(visibleText(page)).toContain('Weight 25 of 100');
    expect(await auditSummaries(`scholarship_application:${app.id}`)).toContain(`Viewed application ${app.id}`);

    // The admin is not blind.
    const adminView = visibleText(pageHtml(await admin.get(appPath(app.id))));
    expect(adminView).toContain(`${app.details.firstName} ${app.details.lastName}`);
    expect(adminView).toContain(app.details.highSchool);
  });

  it('refuses a reviewer not assigned (404), volunteers (403) and supporters (to the sign-in page) everywhere', async () => {
    const { round, apps, reviews } = await assignedRound(1);
    const app = apps[0]!;
    const outsider = reviewers.find((r) => !reviews.some((x) => x.staffId === r.id))!.client;
    expect((await outsider.get(appPath(app.id))).status).toBe(404);
    expect((await outsider.get(`/admin/scholarship/files/${app.documentIds.transcript}`)).status).toBe(404);
    expect(visibleText(pageHtml(await outsider.get(roundPath(round.id))))).not.toContain(`Application ${app.id}`);
    expect((await outsider.get(`${roundPath(round.id)}/applications.csv`)).status).toBe(403);
    expect((await outsider.get(`${roundPath(round.id)}/scores.csv`)).status).toBe(403);
    expect((await submit(outsider, roundPath(round.id), { intent: 'send-awards', 'award-first': String(app.id) })).status).toBe(400);

    const paths = [roundPath(round.id), appPath(app.id), `/admin/scholarship/files/${app.documentIds.transcript}`, `${roundPath(round.id)}/applications.csv`, `${roundPath(round.id)}/scores.csv`];
    for (const path of paths) {
      const res = await volunteer.get(path);
      expect(res.status, path).toBe(403);
      expect(res.text).toContain(SCHOLARSHIP_STAFF_ONLY);
      const stranger = await supporter.get(path);
      expect(stranger.status, path).toBe(302);
      expect(locationOf(stranger)).toMatch(/^\/admin\/login/);
    }
  });
});

describe(`conflicts of interest (${testDbKind()})`, () => {
  it('needs a note, then hands the application to another reviewer and closes it and its files to the first', async () => {
    const { round, apps, reviews } = await assignedRound(1);
    const app = apps[0]!;
    const first = reviews[0]!.staffId;
    const client = reviewerOf(first);
    const empty = await submit(client, appPath(app.id), { intent: 'conflict', note: '   ' });
    expect(empty.status).toBe(400);
    expect(pageHtml(empty)).toContain('Write a short note on the conflict of interest.');

    const declared = await submit(client, appPath(app.id), { intent: 'conflict', note: 'I coach this student.' });
    expect(declared.status).toBe(302);
    expect(locationOf(declared)).toBe(`${roundPath(round.id)}?conflict=${app.id}`);
    expect((await client.get(appPath(app.id))).status).toBe(404);
    expect((await client.get(`/admin/scholarship/files/${app.documentIds.transcript}`)).status).toBe(404);
    expect(visibleText(pageHtml(await client.get(roundPath(round.id))))).toContain(`Application ${app.id} conflict declared`);
    expect((await submit(client, appPath(app.id), scoreFields(7), roundPath(round.id))).status).toBe(400);

    const after = await reviewsOfRound(server.db, round.id);
    expect(after.filter((r) => r.status !== 'conflict')).toHaveLength(2);
    const replacement = after.find((r) => !reviews.some((x) => x.staffId === r.staffId))!;
    expect(replacement.status).toBe('assigned');
    expect((await reviewerOf(replacement.staffId).get(appPath(app.id))).status).toBe(200);
    expect((await auditSummaries(`scholarship_application:${app.id}`)).join('\n')).toContain(`Declared a conflict of interest on application ${app.id}; another reviewer was assigned`);
  });
});

describe(`document downloads (${testDbKind()})`, () => {
  it('sends the file as a no-store attachment with a neutral name to the admin and the reviewers, audited', async () => {
    const { apps, reviews } = await assignedRound(1);
    const app = apps[0]!;
    for (const client of [admin, reviewerOf(reviews[0]!.staffId)]) {
      const res = await client.get(`/admin/scholarship/files/${app.documentIds.transcript}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe(TINY_PDF.toString('latin1'));
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="application-${app.id}-transcript.pdf"`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await auditSummaries(`scholarship_application:${app.id}`)).filter((s) => s === `Downloaded the high school transcript of application ${app.id}`)).toHaveLength(2);
    expect((await admin.get('/admin/scholarship/files/999999999')).status).toBe(404);
  });
});

describe(`scores, ranking, awards and CSV (${testDbKind()})`, () => {
  it('scores with errors beside the fields, ranks by the average weighted score, flags disagreement, sends the emails once and exports', async () => {
    const { round, apps, reviews } = await assignedRound(3);
    const [a, b, c] = apps as [TestApplication, TestApplication, TestApplication];
    const reviewsOf = (app: TestApplication) => reviews.filter((r) => r.applicationId === app.id).map((r) => reviewerOf(r.staffId));

    const bad = await submit(
      reviewsOf(a)[0]!,
      appPath(a.id),
      scoreFields({ 'score-need': '11', 'score-academics': '<script>alert(1)</script>', 'score-essays': '0', 'score-athletics': '2.5', 'score-service': '' }, ''),
    );
    expect(bad.status).toBe(400);
    for (const message of [
      'Give Financial need a whole number from 1 to 10.',
      'Give Academics a whole number from 1 to 10.',
      'Give Essays a whole number from 1 to 10.',
      'Give Athletics a whole number from 1 to 10.',
      'Give Service to others a whole number from 1 to 10.',
      'Write a comment for the committee.',
    ])
      expect(pageHtml(bad)).toContain(message);
    expect(bad.text).not.toContain('<script>alert(1)');
    expect((await reviewsOfRound(server.db, round.id)).every((r) => r.status === 'assigned')).toBe(true);

    // a: 9 and 7 (average 8); b: 8 and 5 (6.5, spread 3: disagree); c: one score of 6 (weighted (10*25+...)).
    const [a1, a2] = reviewsOf(a);
    const [b1, b2] = reviewsOf(b);
    const [c1] = reviewsOf(c);
    for (const [client, app, value] of [
      [a1, a, 9],
      [a2, a, 7],
      [b1, b, 8],
      [b2, b, 5],
      [c1, c, 6],
    ] as const) {
      const res = await submit(client!, appPath(app.id), scoreFields(value));
      expect(res.status, pageHtml(res).slice(0, 300)).toBe(200);
    }
    // A score can change until the round is decided; weights count: 10,10,10,2,2 is (750+30+20)/100 = 8.
    expect((await submit(c1!, appPath(c.id), scoreFields({ 'score-need': '10', 'score-academics': '10', 'score-essays': '10', 'score-athletics': '2', 'score-service': '2' }))).status).toBe(200);

    const committee = visibleText(pageHtml(await admin.get(roundPath(round.id))));
    const order = [a, c, b].map((app) => committee.indexOf(`Application ${app.id} · ${app.details.firstName}`));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(committee).toContain('8.00 average');
    expect(committee).toContain('6.50 average');
    expect(committee).toContain('spread 3.00');
    expect(committee.match(/Reviewers disagree/g)).toHaveLength(1);

    // The awards: refused with a field error each, before anything is written.
    const outbox = () =>
      server.db
        .selectFrom('mail_outbox')
        .select(['purpose', 'to_address'])
        .where(
          'to_address',
          'in',
          apps.map((x) => x.email),
        )
        .execute();
    const missing = await submit(admin, roundPath(round.id), { intent: 'send-awards', 'award-first': String(a.id), 'award-runner-up': '' });
    expect(missing.status).toBe(400);
    expect(pageHtml(missing)).toContain('Choose the application that wins the Runner-up award.');
    const twice = await submit(admin, roundPath(round.id), { intent: 'send-awards', 'award-first': String(a.id), 'award-runner-up': String(a.id) });
    expect(twice.status).toBe(400);
    expect(pageHtml(twice)).toContain(`Application ${a.id} already wins the First choice award: one application wins one award.`);
    expect(await outbox()).toHaveLength(0);

    const sent = await submit(admin, roundPath(round.id), { intent: 'send-awards', 'award-first': String(a.id), 'award-runner-up': String(c.id) });
    expect(sent.status).toBe(200);
    expect(visibleText(pageHtml(sent))).toContain(`The award emails are on their way: First choice to application ${a.id}, Runner-up to application ${c.id}, and 1 thank-you email.`);
    const mails = await outbox();
    expect(
      mails
        .filter((m) => m.purpose === 'scholarship_awarded')
        .map((m) => m.to_address)
        .sort(),
    ).toEqual([a.email, c.email].sort());
    expect(mails.filter((m) => m.purpose === 'scholarship_not_awarded').map((m) => m.to_address)).toEqual([b.email]);
    const outcomes = await server.db.selectFrom('scholarship_applications').select(['id', 'outcome', 'award_key']).where('round_id', '=', round.id).orderBy('id').execute();
    expect(outcomes.map((o) => [Number(o.id), o.outcome, o.award_key])).toEqual([
      [a.id, 'awarded', 'first'],
      [b.id, 'not-awarded', null],
      [c.id, 'awarded', 'runner-up'],
    ]);
    const winnerMail = await server.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', a.email).executeTakeFirstOrThrow();
    expect(winnerMail.text_body).toContain('First choice award of $5,000.00');
    expect(winnerMail.text_body).toContain('Next steps:');

    const again = await submit(admin, roundPath(round.id), { intent: 'send-awards', 'award-first': String(b.id), 'award-runner-up': String(c.id) });
    expect(visibleText(pageHtml(again))).toContain('Nothing was sent again.');
    expect(await outbox()).toHaveLength(3);
    expect((await submit(a1!, appPath(a.id), scoreFields(3))).status).toBe(400);
    expect((await auditSummaries(`scholarship_round:${round.id}`)).join('\n')).toContain(`First choice to application ${a.id}, Runner-up to application ${c.id}; 1 thank-you email`);

    const csv = await admin.get(`${roundPath(round.id)}/applications.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Rank","Application","Name","Email","College","Field of study","Average score","Scores","Spread","Financial need (average)","Academics (average)","Essays (average)","Athletics (average)","Service to others (average)","Outcome"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `"1","${a.id}","${a.details.firstName} ${a.details.lastName}","${a.email}","${a.details.college}","${a.details.fieldOfStudy}","8.00","2","2.00","8.00","8.00","8.00","8.00","8.00","awarded: First choice"`,
    );
    expect(lines[3]).toContain(`"3","${b.id}",`);
    expect(lines[3]).toContain('"6.50","2","3.00"');
    expect(lines[3]).toMatch(/"not awarded"$/);

    const scores = await admin.get(`${roundPath(round.id)}/scores.csv`);
    const scoreLines = scores.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(scoreLines[0]).toBe('"Application","Reviewer","Reviewer email","Status","Financial need","Academics","Essays","Athletics","Service to others","Weighted score","Comment","Conflict note"');
    expect(scoreLines).toHaveLength(1 + 6);
    expect(scoreLines.filter((l) => l.includes('"scored"'))).toHaveLength(5);
  });

  it('refuses to send before the round closed', async () => {
    const open = await createRound(server.db, { state: 'open' });
    const app = await createSubmittedApplication(server.db, open);
    const early = await submit(admin, roundPath(open.id), { intent: 'send-awards', 'award-first': String(app.id) });
    expect(early.status).toBe(400);
    expect(pageHtml(early)).toContain('The round has not closed yet: winners are chosen after its closing time.');
  });
});
