import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_CONFIG } from '../../common/scholarship';
import { formatRoundMoment } from '../../common/scholarship-rounds';
import { roundFormValues } from '../../app/admin/scholarship/round-form-values';
import { roundConfigJson } from '../../server/db/repositories/scholarship-rounds';
import { createScholarshipRounds } from '../../server/domain/scholarship/rounds';
import { readChangeMarks } from '../../server/http/response-cache/change-marks';
import { insertMedia } from '../helpers/back-office-rows';
import { createRound, createSubmittedApplication, staffIdOf, type ApplicationOptions } from '../helpers/scholarship';
import { csrfOf, postForm, setUpStaff, submit, type SignedInStaff } from '../helpers/staff';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/** The scholarship round's back office and public side (issue 34) over HTTP on both databases: the round form, the page's block, winners' profiles, the retention deletion. */

let server: TestServer;
let admin: ApiClient;
let adminStaff: SignedInStaff;
let volunteer: ApiClient;
let reviewer: ApiClient;
const html = (text: string) => text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  adminStaff = await setUpStaff(server, admin, 'admin');
  volunteer = server.client();
  await setUpStaff(server, volunteer, 'volunteer');
  reviewer = server.client();
  const reviewerStaff = await setUpStaff(server, reviewer, 'volunteer');
  await server.db.updateTable('staff').set({ role: 'reviewer' }).where('email', '=', reviewerStaff.email).execute();
});
afterAll(() => server?.close());

/** New York wall-clock date and time of an instant, as the form's date and time fields take them. */
function eastern(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The defaults, as the new-round form posts them, between two moments. */
function roundFields(year: number, opens: Date, closes: Date, overrides: Record<string, string> = {}): Record<string, string> {
  const o = eastern(opens);
  const c = eastern(closes);
  return { intent: 'save', id: '', ...roundFormValues({ ...DEFAULT_ROUND_CONFIG, year }), opensDate: o.date, opensTime: o.time, closesDate: c.date, closesTime: c.time, ...overrides };
}

async function openRound(fields: Record<string, string>): Promise<number> {
  const res = await submit(admin, '/admin/scholarship', fields);
  expect(res.status, html(res.text).slice(0, 400)).toBe(302);
  const row = await server.db.selectFrom('scholarship_rounds').select('id').where('year', '=', Number(fields.year)).executeTakeFirstOrThrow();
  return Number(row.id);
}

const publicPage = async (path = '/scholarship') => {
  const res = await server.client().get(path);
  expect(res.status).toBe(200);
  return html(res.text);
};

/** A submitted application to the round; answers its id. */
const application = async (roundId: number, options: ApplicationOptions = {}) => (await createSubmittedApplication(server.db, { id: roundId }, options)).id;

describe(`the round form (${testDbKind()})`, () => {
  it('is closed to volunteers, read-only to reviewers, and refuses their changes', async () => {
    const refused = await volunteer.get('/admin/scholarship');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Only admins and scholarship reviewers see the scholarship part.');
    const campaignsPage = await volunteer.get('/admin/campaigns');
    const fields = roundFields(2040, new Date(Date.now() - 400 * DAY), new Date(Date.now() - 300 * DAY));
    expect((await postForm(volunteer, '/admin/scholarship', { csrf: csrfOf(campaignsPage.text), ...fields })).status).toBe(403);

    const page = await reviewer.get('/admin/scholarship');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Open the round');
    expect((await submit(reviewer, '/admin/scholarship', fields)).status).toBe(403);
    expect((await reviewer.get('/admin/scholarship/1/winners')).status).toBe(403);
    expect(await server.db.selectFrom('scholarship_rounds').select('id').where('year', '=', 2040).executeTakeFirst()).toBeUndefined();
  });

  it('shows an admin the form filled with the defaults', async () => {
    const text = html((await admin.get('/admin/scholarship')).text);
    expect(text).toContain('Open the round');
    expect(text).toContain('value="First choice"');
    expect(text).toContain('value="5,000"');
    expect(text).toContain('value="GPA of 3.0 or higher"');
    expect(text).toContain('value="High school transcript"');
  });

  it('refuses bad input beside each field and saves nothing', async () => {
    const res = await submit(
      admin,
      '/admin/scholarship',
      roundFields(2041, new Date(Date.now() - 300 * DAY), new Date(Date.now() - 400 * DAY), { year: 'soon', 'awards-0-amount': '0', 'awards-1-name': '<script>alert(1)</script>'.repeat(10), 'rubric-0-weight': '' }),
    );
    expect(res.status).toBe(400);
    const text = html(res.text);
    for (const message of ['The year must be a whole number from 2000 to 2100.', 'The round must close after it opens.', 'The amount must be in dollars', 'The award’s name must be at most 80 characters.', 'The weight is required.'])
      expect(text).toContain(message);
    expect(text).not.toContain('<script>alert(1)');
    expect(await server.db.selectFrom('scholarship_rounds').select('id').execute()).toEqual([]);
  });

  it('opens a round, audited; a second one for the year is refused', async () => {
    const id = await openRound(roundFields(2001, new Date(Date.now() - 400 * DAY), new Date(Date.now() - 300 * DAY)));
    const round = await server.db.selectFrom('scholarship_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(round.config_json)).toEqual(JSON.parse(roundConfigJson(DEFAULT_ROUND_CONFIG)));
    expect(round.reviewers_per_application).toBe(2);
    const audit = await server.db.selectFrom('audit_log').selectAll().where('subject', '=', `scholarship_round:${id}`).execute();
    expect(audit.map((a) => [a.action, a.staff_email])).toEqual([['scholarship_round_opened', adminStaff.email]]);
    expect(audit[0]!.summary).toContain('Opened the 2001 scholarship round');

    const again = await submit(admin, '/admin/scholarship', roundFields(2001, new Date(Date.now() - 400 * DAY), new Date(Date.now() - 300 * DAY)));
    expect(again.status).toBe(400);
    expect(html(again.text)).toContain('There is a 2001 round already: edit it instead.');

    const list = html((await admin.get('/admin/scholarship?saved=' + id)).text);
    expect(list).toContain('The 2001 round is saved.');
    expect(list).toContain(`/admin/scholarship/${id}/winners`);
  });

  it('lets only the closing moment and reviewers change once an application is in', async () => {
    const opens = new Date(Date.now() - 500 * DAY);
    const id = await openRound(roundFields(2002, opens, new Date(Date.now() - 450 * DAY)));
    await application(id);
    const edit = html((await admin.get(`/admin/scholarship?edit=${id}`)).text);
    expect(edit).toContain('Applications have been submitted to this round, so only the closing date and time and the reviewers per application can change.');
    expect(edit).toContain('Save the round');
    const closes = eastern(new Date(Date.now() - 440 * DAY));
    const res = await submit(admin, '/admin/scholarship', { ...roundFields(2099, opens, new Date(), { id: String(id), 'awards-0-name': 'Changed', closesDate: closes.date, closesTime: closes.time, reviewersPerApplication: '3' }) }, `/admin/scholarship?edit=${id}`);
    expect(res.status, html(res.text).slice(0, 300)).toBe(302);
    const row = await server.db.selectFrom('scholarship_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.year).toBe(2002);
    expect(row.reviewers_per_application).toBe(3);
    expect(JSON.parse(row.config_json).awards[0].name).toBe('First choice');
    expect(eastern(new Date(row.closes_at))).toEqual(closes);
    expect(await server.db.selectFrom('audit_log').select('action').where('subject', '=', `scholarship_round:${id}`).execute()).toHaveLength(2);
  });
});

describe(`the Scholarship page (${testDbKind()})`, () => {
  it('is as the content has it while nothing is open or planned, then shows the next opening, then the open round', async () => {
    const before = await publicPage();
    expect(before).not.toContain('Applications are open');
    expect(before).not.toContain('href="/scholarship/apply"');
    expect(before).toContain('Who Can Apply');

    await openRound(roundFields(2010, new Date(Date.now() - 30 * DAY), new Date(Date.now() - DAY)));
    const closed = await publicPage();
    expect(closed).not.toContain('Applications are open');
    expect(closed).not.toContain('open on');

    const opensAt = new Date(Date.now() + 7 * DAY);
    await openRound(roundFields(2012, opensAt, new Date(Date.now() + 30 * DAY)));
    const upcoming = await publicPage();
    const upcomingRow = await server.db.selectFrom('scholarship_rounds').select('opens_at').where('year', '=', 2012).executeTakeFirstOrThrow();
    expect(upcoming).toContain(`Applications for 2012 open on ${formatRoundMoment(upcomingRow.opens_at)}.`);
    expect(upcoming).not.toContain('href="/scholarship/apply"');

    await openRound(roundFields(2011, new Date(Date.now() - HOUR), new Date(Date.now() + 7 * DAY)));
    const open = await publicPage();
    const openRow = await server.db.selectFrom('scholarship_rounds').select('closes_at').where('year', '=', 2011).executeTakeFirstOrThrow();
    expect(open).toContain(`Applications are open until ${formatRoundMoment(openRow.closes_at)}.`);
    expect(open).toMatch(/until \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. ET\./);
    expect(open).toContain('href="/scholarship/apply"');
    for (const needed of ['GPA of 3.0 or higher', 'FAFSA Student Aid Report (summary)', 'An essay of up to 500 words', 'A recommender']) expect(open).toContain(needed);
    expect(await publicPage('/privacy')).toContain(
      "Scholarship applications, their documents, letters and scores are deleted 12 months after the round is decided; winners' public profiles stay once they agreed to them.",
    );
  });

  it('moves the cached page’s mark when a round opens or closes, with no write', async () => {
    const row = await server.db.selectFrom('scholarship_rounds').select(['opens_at', 'closes_at']).where('year', '=', 2012).executeTakeFirstOrThrow();
    const opens = Date.parse(row.opens_at);
    const mark = async (at: number) => (await readChangeMarks(server.db, new Date(at))).parts.get('scholarship-round');
    expect(await mark(opens - 1000)).not.toBe(await mark(opens));
    expect(await mark(opens + 1000)).toBe(await mark(opens));
    expect(await mark(Date.parse(row.closes_at) - 1)).not.toBe(await mark(Date.parse(row.closes_at)));
  });
});

describe(`winners' public profiles (${testDbKind()})`, () => {
  it('publishes a profile only with consent, and shows it with the content’s winners', async () => {
    const roundId = await openRound(roundFields(2003, new Date(Date.now() - 200 * DAY), new Date(Date.now() - 150 * DAY)));
    const first = await application(roundId, { awardKey: 'first', details: { firstName: 'Maya', lastName: 'Lopez', college: 'Ohio State University', fieldOfStudy: 'Nursing' } });
    const second = await application(roundId, { awardKey: 'runner-up', details: { firstName: 'Sam', lastName: 'Reed', college: 'Marietta College', fieldOfStudy: 'History' } });
    await application(roundId);
    await insertMedia(server.db, { fileName: 'maya.jpg', published: true, at: new Date().toISOString() });
    const path = `/admin/scholarship/${roundId}/winners`;
    const page = html((await admin.get(path)).text);
    expect((await volunteer.get(path)).status).toBe(403);
    expect(page).toContain('value="Maya Lopez"');
    expect(page).toContain('value="Ohio State University"');
    expect(page).toContain('First choice: Maya Lopez');
    expect(page).toContain('Runner-up: Sam Reed');
    const photo = /value="(\/media\/u\/[a-f0-9]+\/[a-z0-9.]+)"/.exec(page)![1]!;

    const profile = (applicationId: number, name: string, overrides: Record<string, string> = {}) => ({
      intent: 'save-winner',
      applicationId: String(applicationId),
      name,
      school: 'Ohio State University',
      field: 'Nursing',
      quote: 'Coach Dale taught me to finish what I start.',
      photoSrc: photo,
      photoAlt: `${name} smiling in her cap and gown`,
      published: 'on',
      ...overrides,
    });
    const noConsent = await submit(admin, path, profile(first, 'Maya Lopez'));
    expect(noConsent.status).toBe(400);
    expect(html(noConsent.text)).toContain('Publish only once the winner agreed to have this shown on the site: tick the box.');
    expect(await server.db.selectFrom('scholarship_winners').select('id').where('round_id', '=', roundId).execute()).toEqual([]);
    expect((await submit(reviewer, path, { ...profile(first, 'Maya Lopez'), consent: 'on' }, '/admin/scholarship')).status).toBe(403);
    const notAwarded = await submit(admin, path, { ...profile(first + 99, 'Nobody'), consent: 'on' });
    expect(notAwarded.status).toBe(400);
    expect(html(notAwarded.text)).toContain('This application was not awarded in this round.');

    expect((await submit(admin, path, { ...profile(first, 'Maya Lopez'), consent: 'on' })).status).toBe(200);
    expect((await submit(admin, path, { ...profile(second, 'Sam Reed', { school: 'Marietta College', field: 'History', quote: 'Finish strong.' }), consent: 'on' })).status).toBe(200);
    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'scholarship_winner_saved').orderBy('id').execute();
    expect(audit.map((a) => a.summary)).toEqual([`Published the winner’s profile of application ${first}`, `Published the winner’s profile of application ${second}`]);
    expect(audit.map((a) => a.summary + a.after_json).join()).not.toContain('Maya');

    const text = await publicPage();
    expect(text).toContain('2003 — Maya Lopez');
    expect(text).toContain('2003 — Sam Reed');
    expect(text).toContain('Ohio State University · Nursing');
    expect(text).toContain('Coach Dale taught me to finish what I start.');
    expect(new Set([...text.matchAll(/id="(winner-[^"]+)"/g)].map((m) => m[1])).size).toBe([...text.matchAll(/id="(winner-[^"]+)"/g)].length);

    // Unpublished again: off the page.
    expect((await submit(admin, path, { ...profile(second, 'Sam Reed'), consent: 'on', published: '' })).status).toBe(200);
    expect(await publicPage()).not.toContain('2003 — Sam Reed');
    // The database refuses it too.
    await expect(server.db.updateTable('scholarship_winners').set({ consent: 0 }).where('application_id', '=', first).execute()).rejects.toThrow();
  });
});

describe(`the retention deletion (${testDbKind()})`, () => {
  async function decidedRound(decidedAt: Date): Promise<{ roundId: number; applicationId: number; winnerId: number }> {
    const at = new Date(decidedAt.getTime() - 60 * DAY).toISOString();
    // One document each, and the letter.
    const { id: roundId } = await createRound(server.db, { now: decidedAt, state: 'closed', decided: true, config: { documents: DEFAULT_ROUND_CONFIG.documents.slice(0, 1) } });
    const applicationId = await application(roundId, { awardKey: 'first', details: { firstName: 'Old', lastName: 'Winner' }, letter: true });
    const other = await application(roundId, { letter: true });
    const staffId = await staffIdOf(server.db, adminStaff.email);
    await server.db.insertInto('scholarship_reviews').values({ application_id: other, staff_id: staffId, status: 'scored', scores_json: '{"need":7}', assigned_at: at }).execute();
    const winner = await server.db
      .insertInto('scholarship_winners')
      .values({ round_id: roundId, application_id: applicationId, award_key: 'first', name: 'Old Winner', consent: 1, published: 1, photo_json: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { roundId, applicationId, winnerId: Number(winner.id) };
  }

  const left = async (roundId: number) => {
    const apps = await server.db.selectFrom('scholarship_applications').select('id').where('round_id', '=', roundId).execute();
    const ids = apps.map((a) => a.id);
    const files = ids.length ? await server.db.selectFrom('scholarship_files').select('id').where('application_id', 'in', ids).execute() : [];
    const reviews = ids.length ? await server.db.selectFrom('scholarship_reviews').select('id').where('application_id', 'in', ids).execute() : [];
    return { applications: apps.length, files: files.length, reviews: reviews.length };
  };

  it('deletes applications, files, letters and reviews 12 months after the decision and keeps the winner’s profile', async () => {
    const jobNow = new Date(Date.UTC(2031, 5, 1, 12));
    const old = await decidedRound(new Date(jobNow.getTime() - 380 * DAY));
    const recent = await decidedRound(new Date(jobNow.getTime() - 335 * DAY));
    expect(await left(old.roundId)).toEqual({ applications: 2, files: 4, reviews: 1 });

    const job = createScholarshipRounds({ db: server.db });
    // Two instances at once: one deletes, the other finds nothing to do.
    const [a, b] = await Promise.all([job.purgeExpired(jobNow), job.purgeExpired(jobNow)]);
    expect([...a, ...b]).toEqual([old.roundId]);
    expect(await job.purgeExpired(jobNow)).toEqual([]);

    expect(await left(old.roundId)).toEqual({ applications: 0, files: 0, reviews: 0 });
    const files = await server.db.selectFrom('scholarship_files').select('application_id').where('application_id', 'in', [old.applicationId]).execute();
    expect(files).toEqual([]);
    const winner = await server.db.selectFrom('scholarship_winners').selectAll().where('id', '=', old.winnerId).executeTakeFirstOrThrow();
    expect(winner.application_id).toBeNull();
    expect(winner.name).toBe('Old Winner');
    const round = await server.db.selectFrom('scholarship_rounds').select('purged_at').where('id', '=', old.roundId).executeTakeFirstOrThrow();
    expect(round.purged_at).toBe(jobNow.toISOString());
    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'scholarship_round_purged').execute();
    expect(audit.map((e) => [e.subject, e.staff_email])).toEqual([[`scholarship_round:${old.roundId}`, 'retention job']]);

    // Decided 11 months before: all kept.
    expect(await left(recent.roundId)).toEqual({ applications: 2, files: 4, reviews: 1 });
    expect((await server.db.selectFrom('scholarship_rounds').select('purged_at').where('id', '=', recent.roundId).executeTakeFirstOrThrow()).purged_at).toBeNull();
  });
});
