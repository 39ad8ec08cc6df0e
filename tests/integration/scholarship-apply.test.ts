import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_CONFIG, SCHOLARSHIP_FILE_MAX_BYTES, type RoundView } from '../../common/scholarship';
import { browserSignedIn } from '../helpers/accounts';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { createRound, createSubmittedApplication, SAMPLE_DETAILS, TINY_PDF } from '../helpers/scholarship';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/** Issue 34, the applicant's side over HTTP on both databases: eligibility, drafts, bad input, privacy, the deadline, the emails and the letter. */

const PATH = '/scholarship/apply';
const html = (text: string) => text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
const ELIGIBLE = { 'q-accepted': 'yes', 'q-fafsa': 'yes', 'q-varsity': 'yes', 'q-gpa': '3.4', 'q-act': '24' };
// A real year for the rounds applied to through the form: SAMPLE_DETAILS' graduation year must be within five years of it.
const YEAR = new Date().getUTCFullYear() + 1;
const ESSAYS = { 'essay-changed': 'My coach taught me to keep going when the score was against us.', 'essay-goals': 'I want to study nursing and care for families like mine.' };

type Upload = { bytes: Buffer; name: string; type: string };

/** As a browser posts the page's forms (multipart, so files can go too). */
async function post(client: ApiClient, path: string, fields: Record<string, string>, files: Record<string, Upload> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, file] of Object.entries(files)) form.set(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const res = await client.request('POST', path, { body, headers: { 'content-type': encoded.headers.get('content-type')! } });
  return { status: res.status, text: html(res.text), headers: res.headers };
}
const apply = (client: ApiClient, fields: Record<string, string>, files?: Record<string, Upload>) => post(client, PATH, fields, files);
const page = async (client: ApiClient, path = PATH) => {
  const res = await client.get(path);
  return { status: res.status, text: html(res.text), headers: res.headers };
};
const pdf = (name = 'transcript.pdf'): Upload => ({ bytes: TINY_PDF, name, type: 'application/pdf' });
const png = async (name = 'scan.png'): Promise<Upload> => ({ bytes: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366aa' } }).png().toBuffer(), name, type: 'image/png' });

async function applicant(server: TestServer, label: string) {
  const client = server.client();
  const user = await browserSignedIn(client, label);
  const row = await server.db.selectFrom('users').select('id').where('email', '=', user.account.email).executeTakeFirstOrThrow();
  return { client, email: user.account.email, userId: Number(row.id) };
}
const applicationOf = (server: TestServer, userId: number) => server.db.selectFrom('scholarship_applications').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Eligible, every section saved: ready to submit. */
async function completeDraft(client: ApiClient) {
  expect((await apply(client, { intent: 'eligibility', ...ELIGIBLE })).status).toBe(200);
  expect((await apply(client, { intent: 'details', ...SAMPLE_DETAILS })).status).toBe(200);
  expect((await apply(client, { intent: 'essays', ...ESSAYS })).status).toBe(200);
  const docs = { 'document-transcript': pdf(), 'document-acceptance': await png('acceptance.png'), 'document-fafsa': pdf('fafsa.pdf') };
  const saved = await apply(client, { intent: 'documents' }, docs);
  expect(saved.status, saved.text.slice(0, 300)).toBe(200);
  expect((await apply(client, { intent: 'recommender', recommenderName: 'Coach Taylor', recommenderEmail: `coach.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org` })).status).toBe(200);
}

describe(`applying for the scholarship (${testDbKind()})`, () => {
  let server: TestServer;
  let round: RoundView;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'build' });
    round = await createRound(server.db, { year: YEAR });
  });
  afterAll(() => server?.close());
  const outbox = () => server.config.mail.outboxDir;

  it('sends a signed-out visitor to log in and back, and keeps the page out of every cache', async () => {
    const res = await server.client().get(PATH);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?from=%2Fscholarship%2Fapply');
    const { client } = await applicant(server, 'cache');
    const signedIn = await page(client);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.text).toContain('Step 1: Check that you are eligible');
    expect((await page(server.client(), '/sitemap.xml')).text).not.toContain('/scholarship/apply');
  });

  it('explains kindly who is not eligible, naming each unmet requirement, and saves nothing', async () => {
    const { client, userId } = await applicant(server, 'noteligible');
    const missing = await apply(client, { intent: 'eligibility', 'q-accepted': 'yes', 'q-gpa': 'three' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Please answer yes or no.');
    expect(missing.text).toContain('Please give a number, like 3.5 or 21.');
    const res = await apply(client, { intent: 'eligibility', ...ELIGIBLE, 'q-varsity': 'no', 'q-gpa': '2.8' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Thank you for your interest');
    const explanation = res.text.slice(res.text.indexOf('Thank you for your interest'), res.text.indexOf('Nothing was saved.'));
    expect(explanation).toContain('Lettered in at least 1 varsity sport');
    expect(explanation).toContain('GPA of 3.0 or higher');
    expect(explanation).not.toContain('ACT score of 18 or higher');
    expect(explanation).not.toContain('Financial need shown through the FAFSA');
    expect(await applicationOf(server, userId)).toBeUndefined();
  });

  it('starts a draft for an eligible applicant, once, and reads every section back later', async () => {
    const { client, userId } = await applicant(server, 'draft');
    await completeDraft(client);
    expect((await apply(client, { intent: 'eligibility', ...ELIGIBLE })).status).toBe(200);
    const rows = await server.db.selectFrom('scholarship_applications').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
    const row = (await applicationOf(server, userId))!;
    expect(row.status).toBe('draft');
    expect(JSON.parse(row.eligibility_json)).toMatchObject({ gpa: '3.4', act: '24' });
    // Replacing a document replaces its row.
    expect((await apply(client, { intent: 'documents' }, { 'document-transcript': pdf('transcript-v2.pdf') })).status).toBe(200);
    const files = await server.db.selectFrom('scholarship_files').select(['document_key', 'file_name', 'content_type']).where('application_id', '=', row.id).orderBy('document_key').execute();
    expect(files).toEqual([
      { document_key: 'acceptance', file_name: 'acceptance.png', content_type: 'image/png' },
      { document_key: 'fafsa', file_name: 'fafsa.pdf', content_type: 'application/pdf' },
      { document_key: 'transcript', file_name: 'transcript-v2.pdf', content_type: 'application/pdf' },
    ]);
    // Another visit, as after closing the browser.
    const back = await page(client);
    for (const text of ['Jordan', 'Indian Creek High School', 'Ohio State University', 'Nursing', ESSAYS['essay-goals'], 'Saved: transcript-v2.pdf', 'Coach Taylor', 'Draft: not submitted yet']) expect(back.text).toContain(text);
    expect(back.text).toMatch(/1[0-9] of 500 words/);
    expect(back.text).toContain('Everything is here.');
  });

  it('refuses bad input beside its field and keeps what was saved', async () => {
    const { client, userId } = await applicant(server, 'badinput');
    expect((await apply(client, { intent: 'details', ...SAMPLE_DETAILS })).status).toBe(409);
    await completeDraft(client);
    const before = (await applicationOf(server, userId))!;

    const details = await apply(client, { intent: 'details', ...SAMPLE_DETAILS, firstName: '<script>alert(1)</script>', lastName: 'x'.repeat(5000), zip: 'abc', graduationYear: '1850' });
    expect(details.status).toBe(400);
    for (const message of ['Please write plain text, without HTML tags.', 'Please keep this under 80 characters.', 'Please give a 5-digit ZIP code, like 43947.', 'Please give the year you graduate']) expect(details.text).toContain(message);
    expect(details.text).not.toContain('<script>alert(1)</script>');

    const essays = await apply(client, { intent: 'essays', 'essay-changed': 'word '.repeat(501), 'essay-goals': 'Short and new.' });
    expect(essays.status).toBe(400);
    expect(essays.text).toContain('This essay has 501 words: please bring it down to 500 or fewer.');

    const recommender = await apply(client, { intent: 'recommender', recommenderName: 'Coach', recommenderEmail: 'not an email' });
    expect(recommender.text).toContain('Please give an email address, like coach@example.org.');

    const picture = await png();
    const refusals: [Upload, string][] = [
      [{ ...picture, name: 'transcript.pdf', type: 'application/pdf' }, 'This file is not a PDF document: its contents are a PNG picture.'],
      [{ bytes: Buffer.from('just some text, not a document'), name: 'transcript.pdf', type: 'application/pdf' }, 'Only PDF documents and JPEG or PNG pictures can be sent.'],
      [{ bytes: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } }).webp().toBuffer(), name: 'scan.webp', type: 'image/webp' }, 'Only PDF documents and JPEG or PNG pictures can be sent.'],
      [{ bytes: Buffer.concat([TINY_PDF, Buffer.alloc(SCHOLARSHIP_FILE_MAX_BYTES)]), name: 'big.pdf', type: 'application/pdf' }, 'The file is larger than 10 MB.'],
      [{ bytes: Buffer.alloc(0), name: 'empty.pdf', type: 'application/pdf' }, 'The file is empty.'],
    ];
    for (const [file, message] of refusals) {
      const res = await apply(client, { intent: 'documents' }, { 'document-transcript': file, 'document-fafsa': pdf('new-fafsa.pdf') });
      expect(res.status, message).toBe(400);
      expect(res.text).toContain(message);
    }

    const after = (await applicationOf(server, userId))!;
    expect(after.details_json).toBe(before.details_json);
    expect(after.essays_json).toBe(before.essays_json);
    expect(after.recommender_email).toBe(before.recommender_email);
    const names = await server.db.selectFrom('scholarship_files').select('file_name').where('application_id', '=', after.id).execute();
    expect(names.map((n) => n.file_name).sort()).toEqual(['acceptance.png', 'fafsa.pdf', 'transcript.pdf']);
  });

  it('shows each account only its own application', async () => {
    const first = await applicant(server, 'owner');
    await completeDraft(first.client);
    const other = await applicant(server, 'other');
    const theirs = await page(other.client);
    expect(theirs.text).toContain('Step 1: Check that you are eligible');
    expect(theirs.text).not.toContain('Indian Creek High School');
    const own = (await applicationOf(server, first.userId))!;
    // A posted id is never read: the session decides whose application it is.
    const res = await apply(other.client, { intent: 'details', id: String(own.id), applicationId: String(own.id), ...SAMPLE_DETAILS, firstName: 'Mallory' });
    expect(res.status).toBe(409);
    expect(res.text).toContain('Please answer the eligibility questions first.');
    expect(JSON.parse((await applicationOf(server, first.userId))!.details_json).firstName).toBe('Jordan');
    expect((await page(other.client, `${PATH}?id=${own.id}`)).text).not.toContain('Indian Creek High School');
  });

  it('submits once when complete, emails the applicant and the recommender, and the letter link works once', async () => {
    const { client, email, userId } = await applicant(server, 'submit');
    expect((await apply(client, { intent: 'eligibility', ...ELIGIBLE })).status).toBe(200);
    await apply(client, { intent: 'details', ...SAMPLE_DETAILS, zip: '' });
    const incomplete = await apply(client, { intent: 'submit' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.text).toContain('Your application is not complete yet');
    expect(incomplete.text).toContain('href="#field-zip"');
    expect(incomplete.text).toContain('High school transcript');
    expect((await applicationOf(server, userId))!.status).toBe('draft');

    await completeDraft(client);
    const submitted = await apply(client, { intent: 'submit' });
    expect(submitted.status, submitted.text.slice(0, 300)).toBe(200);
    expect(submitted.text).toContain('Your application is submitted.');
    const row = (await applicationOf(server, userId))!;
    expect(row.status).toBe('submitted');
    expect(row.letter_token_hash).toMatch(/^[a-f0-9]{64}$/);

    const confirmation = await waitForMail(outbox(), (m) => m.to === email && m.subject.includes('scholarship'));
    expect(confirmation.subject).toBe(`We received your ${round.year} scholarship application`);
    expect(confirmation.text).toContain('Coach Taylor');
    const request = await waitForMail(outbox(), (m) => m.to === row.recommender_email);
    expect(request.subject).toBe('A letter of recommendation for Jordan Rivera');
    const link = /\/scholarship\/letter\/([A-Za-z0-9_-]+)/.exec(request.text)![0];

    // A second submit changes nothing and sends nothing more.
    expect((await apply(client, { intent: 'submit' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = (await readOutbox(outbox())).filter((m) => (m.to === email && m.subject.includes('scholarship')) || m.to === row.recommender_email);
    expect(mails).toHaveLength(2);
    expect((await applicationOf(server, userId))!.submitted_at).toBe(row.submitted_at);
    const late = await apply(client, { intent: 'essays', ...ESSAYS });
    expect(late.status).toBe(409);
    expect(late.text).toContain('already submitted');
    const readOnly = await page(client);
    expect(readOnly.text).toContain('Submitted: the committee is reviewing applications');
    expect(readOnly.text).toContain("We are waiting for your recommender's letter.");
    expect(readOnly.text).not.toContain('Save my details');

    // The recommender, without an account.
    const recommender = server.client();
    const letterPage = await page(recommender, link);
    expect(letterPage.status).toBe(200);
    expect(letterPage.headers.get('cache-control')).toBe('private, no-store');
    expect(letterPage.text).toContain('Jordan Rivera');
    expect(letterPage.text).toContain(`the ${round.year} scholarship`);
    expect((await post(recommender, link, {}, { file: { bytes: Buffer.from('<html>hi</html>'), name: 'letter.pdf', type: 'application/pdf' } })).text).toContain('Only PDF documents and JPEG or PNG pictures can be sent.');
    const uploaded = await post(recommender, link, {}, { file: pdf('letter-for-jordan.pdf') });
    expect(uploaded.status).toBe(200);
    expect(uploaded.text).toContain('the letter arrived');
    const again = await page(recommender, link);
    expect(again.text).toContain('This link no longer accepts a file.');
    expect(again.text).not.toContain('Upload the letter');
    const second = await post(recommender, link, {}, { file: pdf('another.pdf') });
    expect(second.status).toBe(409);
    const letters = await server.db.selectFrom('scholarship_files').select('file_name').where('application_id', '=', row.id).where('purpose', '=', 'letter').execute();
    expect(letters.map((l) => l.file_name)).toEqual(['letter-for-jordan.pdf']);

    // The applicant sees that it arrived, never the letter.
    for (const path of [PATH, '/dashboard']) {
      const seen = await page(client, path);
      expect(seen.text).toContain("Your recommender's letter arrived on");
      expect(seen.text).not.toContain('letter-for-jordan');
    }
    expect((await page(client, '/dashboard')).text).toContain('See my application');
  });

  it('answers a plain 404 for a bad letter link', async () => {
    for (const token of ['nope', 'a'.repeat(43), '../../etc']) expect((await server.client().get(`/scholarship/letter/${token}`)).status).toBe(404);
    expect((await post(server.client(), `/scholarship/letter/${'b'.repeat(43)}`, {}, { file: pdf() })).status).toBe(404);
  });
});

describe(`the closing time, by the server's clock (${testDbKind()})`, () => {
  let server: TestServer;
  let moved: Date | null = null;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', clock: () => moved ?? new Date() });
  });
  afterAll(() => server?.close());

  it('says kindly when no round is open, then takes a submission a second before closing and refuses one a second after, keeping the draft', async () => {
    const early = await applicant(server, 'early');
    expect((await page(early.client)).text).toContain('No scholarship round is open at the moment');
    const upcoming = await createRound(server.db, { opensInMs: 2 * 60 * 60_000, closesInMs: 3 * 60 * 60_000 });
    expect((await page(early.client)).text).toContain('Applications for the next scholarship open on');
    await server.db.deleteFrom('scholarship_rounds').where('id', '=', upcoming.id).execute();

    const round = await createRound(server.db, { opensInMs: -60 * 60_000, closesInMs: 60 * 60_000, config: DEFAULT_ROUND_CONFIG, year: YEAR });
    const closes = Date.parse(round.closesAt);
    const onTime = await applicant(server, 'ontime');
    const late = await applicant(server, 'late');
    await completeDraft(onTime.client);
    await completeDraft(late.client);

    moved = new Date(closes - 1000);
    const accepted = await apply(onTime.client, { intent: 'submit' });
    expect(accepted.status, accepted.text.slice(0, 300)).toBe(200);
    expect((await applicationOf(server, onTime.userId))!.status).toBe('submitted');

    moved = new Date(closes + 1000);
    const refused = await apply(late.client, { intent: 'submit' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`Applications for the ${round.year} scholarship closed on`);
    expect(refused.text).toContain('Your draft is kept');
    const kept = (await applicationOf(server, late.userId))!;
    expect(kept.status).toBe('draft');
    expect(JSON.parse(kept.details_json).firstName).toBe('Jordan');
    expect((await apply(late.client, { intent: 'essays', ...ESSAYS })).status).toBe(409);
    expect((await page(late.client)).text).toContain('Draft: not submitted yet');
    moved = null;
  });

  it("ends the recommender's link a week after the round closes", async () => {
    const round = await createRound(server.db, { opensInMs: -30 * 60_000, closesInMs: 30 * 60_000 });
    const { userId } = await applicant(server, 'expiry');
    const { letterToken } = await createSubmittedApplication(server.db, round, { userId, details: SAMPLE_DETAILS });
    const link = `/scholarship/letter/${letterToken}`;
    moved = new Date(Date.parse(round.closesAt) + 7 * 24 * 60 * 60_000 - 1000);
    expect((await page(server.client(), link)).text).toContain('Jordan Rivera');
    moved = new Date(Date.parse(round.closesAt) + 7 * 24 * 60 * 60_000 + 1000);
    expect((await server.client().get(link)).status).toBe(404);
    expect((await post(server.client(), link, {}, { file: pdf() })).status).toBe(404);
    moved = null;
  });
});
