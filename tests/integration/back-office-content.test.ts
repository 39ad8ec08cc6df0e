import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, dayFromNow, golfEventFields } from '../helpers/events';
import { locationOf, pageForm, setUpStaff, submit } from '../helpers/staff';
import { uniquePdf, uploadThroughBackOffice } from '../helpers/uploads';
import { ApiClient, startTestServer, testContentDir, type TestServer } from '../helpers/test-server';
import { seedContent } from '../../server/db/seed';
import { createContentEditing } from '../../server/domain/back-office/content-editing';
import { databaseMediaStore, type MediaStore } from '../../server/domain/media/media-store';
import { recordingLogger } from '../helpers/logs';

/** Back-office content editing over HTTP on both databases: prices from the event, sign-up dates, drafts and publishing, and the seed leaving staff edits alone. */

let server: TestServer;
let eventCounter = 0;
const newEvent = (overrides: Parameters<typeof createTestEvent>[1] extends infer T ? Partial<T> : never) =>
  createTestEvent(server.db, { eventNumber: 8100 + eventCounter++, ...overrides });
/** A page's text with React's comment markers gone and quotes unescaped (angle brackets stay escaped). */
const html = (text: string) => text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const golfTeam = (eventNumber: number, amount: string, size = 4) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount,
  receiptEmail: 'captain@example.org',
  ...Object.fromEntries(
    Array.from({ length: size }, (_, i) => i + 1).flatMap((n) => [
      [`player${n}Name`, `Player ${n}`],
      [`player${n}Email`, n === 1 ? `p1.${Date.now()}@example.org` : ''],
      [`player${n}ShirtSize`, 'L'],
    ]),
  ),
});

describe('without a staff session', () => {
  it.each(['/admin/events/new', '/admin/events/1/edit', '/admin/announcements', '/admin/pages', '/admin/pages/staff', '/admin/media'])('%s redirects to the sign-in page', async (path) => {
    const res = await new ApiClient(server.url).get(path);
    expect(res.status).toBe(302);
    expect(locationOf(res)).toMatch(/^\/admin\/login/);
  });
});

describe('prices and limits come from the event', () => {
  it('charges the price set on the event, refuses the old one, and takes a team of the event’s size', async () => {
    const eventNumber = await newEvent({ eventType: 'Golf Event', signup: { priceCents: 45_000, playersPerTeam: 2 } });
    const client = server.client();
    const user = await signedInUser(client, 'price');
    const post = (body: unknown) => client.post('/api/stripe/golf_signup_intent', body, { headers: user.authorization });

    const old = await post(golfTeam(eventNumber, '400.00', 2));
    expect(old.status).toBe(400);
    expect((old.json as unknown as Record<string, string>).amount).toBe('The amount for this sign-up is $450.00.');
    const four = await post(golfTeam(eventNumber, '450.00', 1));
    expect(four.status).toBe(400);
    expect((four.json as unknown as Record<string, string>).player2Name).toBeTruthy();

    const ok = await post(golfTeam(eventNumber, '450.00', 2));
    expect(ok.status, ok.text).toBe(201);
    const { clientSecret } = (ok.json as unknown as { clientSecret: string });
    await payWithCard(client, clientSecret);
    const players = await server.db.selectFrom('signup_players').innerJoin('signups', 'signups.id', 'signup_players.signup_id').innerJoin('events', 'events.id', 'signups.event_id').select('signup_players.position').where('events.event_number', '=', eventNumber).execute();
    expect(players.map((p) => p.position).sort()).toEqual([1, 2]);
  });

  it('closes sign-up after its last day and before its first, with the reason on the page', async () => {
    const ended = await newEvent({ signup: { closesOn: dayFromNow(-1) } });
    const early = await newEvent({ signup: { opensOn: dayFromNow(10) } });
    const client = server.client();
    const user = await signedInUser(client, 'dates');
    for (const eventNumber of [ended, early]) {
      const res = await client.post('/api/stripe/golf_signup_intent', golfTeam(eventNumber, '400.00'), { headers: user.authorization });
      expect(res.status).toBe(409);
      expect((res.json as unknown as Record<string, string>).eventNumber).toMatch(eventNumber === ended ? /^Sign-up closed on / : /^Sign-up opens on /);
    }
    expect(html((await client.get(`/events/${ended}`)).text)).toMatch(/Sign-up closed on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  });
});

describe('drafts and publishing', () => {
  it('keeps a new event a draft off the public site until an admin publishes it; a volunteer cannot', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');

    const created = await submit(volunteer, '/admin/events/new?type=Benefit%20Event', {
      eventType: 'Benefit Event',
      name: 'Draft dinner',
      description: 'Not yet.',
      location: 'Shadyside, OH',
      eventDate: dayFromNow(30),
      price: '30.00',
      childPrice: '<script>alert(1)</script>',
      proceeds: '',
    });
    expect(created.status).toBe(400);
    expect(html(created.text)).toContain('The price per child must be an amount in dollars, like 400.00.');
    const saved = await submit(
      volunteer,
      '/admin/events/new?type=Benefit%20Event',
      { eventType: 'Benefit Event', name: 'Draft dinner', description: 'Not yet.', location: 'Shadyside, OH', eventDate: dayFromNow(30), price: '30.00', childPrice: '12.50', proceeds: '' },
    );
    expect(saved.status).toBe(302);
    const eventNumber = Number(/\/admin\/events\/(\d+)\/edit/.exec(locationOf(saved))![1]);
    expect((await server.client().get(`/events/${eventNumber}`)).status).toBe(404);
    expect((await server.client().get('/api/events/all')).text).not.toContain('Draft dinner');

    const refused = await submit(volunteer, '/admin/events', { intent: 'publish', eventNumber: String(eventNumber) });
    expect(html(refused.text)).toContain('Only an admin can publish.');
    const published = await submit(admin, '/admin/events', { intent: 'publish', eventNumber: String(eventNumber) });
    expect(html(published.text)).toContain(`Event ${eventNumber} is published: it is on the site now.`);
    const page = html((await server.client().get(`/events/${eventNumber}`)).text);
    expect(page).toContain('Draft dinner');

    const audit = await server.db.selectFrom('audit_log').select(['action', 'staff_email']).where('subject', '=', `event:${eventNumber}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['event_created', 'event_published']);
  });

  it('shows staff text escaped, and a page saved with a bad field is not saved', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const fields = await pageForm(server.db, 'golfers');
    const bad = await submit(admin, '/admin/pages/golfers', { ...fields, intent: 'publish', heading: '' });
    expect(html(bad.text)).toContain('Some fields need attention');
    const kept = html((await server.client().get('/golfers')).text);
    expect(kept).toContain(`>${fields.heading}</h1>`);

    const script = '<script>alert("x")</script> Pros';
    const intro = '<img src=x onerror=alert(1)>';
    const ok = await submit(admin, '/admin/pages/golfers', { ...fields, intent: 'publish', heading: script, intro });
    expect(html(ok.text)).toContain('Published: the page shows the change now.');
    const shown = (await server.client().get('/golfers')).text;
    expect(shown).not.toContain('<script>alert("x")</script>');
    expect(shown).not.toContain('<img src=x onerror');
    expect(shown).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Pros');
  });

  it('db:seed never overwrites a page staff published', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const current = (await server.db.selectFrom('site_content').select('data_json').where('page', '=', 'staff').executeTakeFirstOrThrow()).data_json;
    const data = JSON.parse(current) as { heading: string };
    const heading = `Our people ${Date.now().toString(36)}`;
    const res = await submit(admin, '/admin/pages/staff', { ...(await pageForm(server.db, 'staff')), intent: 'publish', heading });
    expect(html(res.text)).toContain('Published: the page shows the change now.');
    expect(data.heading).not.toBe(heading);

    const summary = await seedContent(server.db, testContentDir());
    expect(summary.keptStaffEdits).toContain('page:staff');
    expect(html((await server.client().get('/staff')).text)).toContain(heading);
  });
});

/** A JPEG of its own (uploads are named by their contents). */
let pictures = 0;
/**
 * A picture no earlier upload of this run has: the library keeps one copy of identical files, and
 * JPEG merges close solid colours, so each call steps far through the colour cube.
 */
const picture = () => {
  pictures += 1;
  const background = { r: (pictures * 53) % 256, g: (pictures * 97) % 256, b: (pictures * 151) % 256 };
  return sharp({ create: { width: 800, height: 500, channels: 3, background } }).jpeg().toBuffer();
};
const upload = uploadThroughBackOffice;

/** Uploads a new picture and answers the address forms use for it. */
async function uploadedPicture(client: ApiClient): Promise<string> {
  const seed = Math.floor(Math.random() * 1e9);
  const res = await upload(client, { bytes: await picture(), name: `p${seed}.jpg`, type: 'image/jpeg' }, 'A picture');
  // A volunteer's upload is a draft until an admin approves it; either way it is in the library now.
  expect(html(res.text)).toMatch(new RegExp(`Uploaded p${seed}\\.jpg(\\.| as a draft)`));
  const src = new RegExp(`"src":"(/media/u/[a-f0-9]+/\\d+\\.webp)"[^}]*"fileName":"p${seed}\\.jpg"`).exec(res.text) ?? /(\/media\/u\/[a-f0-9]+\/\d+\.webp)/.exec((await client.get('/admin/media')).text);
  return src![1]!;
}

describe('the media library', () => {
  it('refuses what is not a JPEG, PNG, WebP or PDF, or lies about what it is, or has no alt text, with a message beside the field', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const before = await server.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const cases = [
      { file: { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, alt: 'Logo', message: 'Only JPEG, PNG, WebP pictures and PDF documents can be uploaded.' },
      { file: { bytes: await picture(), name: 'flyer.pdf', type: 'application/pdf' }, alt: 'Flyer', message: 'This file is not a PDF document: its contents are a JPEG picture. Rename it to end in .jpg, then upload it again.' },
      { file: { bytes: Buffer.from('MZ\x90\x00 not really a picture'), name: 'photo.jpg', type: 'image/jpeg' }, alt: 'Photo', message: 'Only JPEG, PNG, WebP pictures and PDF documents can be uploaded.' },
      { file: { bytes: await picture(), name: 'photo.jpg', type: 'image/jpeg' }, alt: '   ', message: 'Describe the file for people who cannot see it.' },
    ];
    for (const { file, alt, message } of cases) {
      const res = await upload(admin, file, alt);
      expect(res.status, file.name).toBe(400);
      expect(html(res.text)).toContain(message);
    }
    const after = await server.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists the same file uploaded twice at once (a double click, two instances) once, and answers both', async () => {
    const admin = server.client();
    const { email } = await setUpStaff(server, admin, 'admin');
    const staff = await server.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const actor = { id: staff.id, email, role: 'admin' as const, address: null };
    // Both uploads pass the "already listed?" check before either writes: the store holds each
    // until both have arrived, as two instances processing the same file side by side would.
    const puts = new Map<string, number>();
    let release!: () => void;
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const inner = databaseMediaStore();
    const store: MediaStore = {
      ...inner,
      async put(...args) {
        // The same file name put a second time: the other upload has got this far too.
        const name = args[1];
        puts.set(name, (puts.get(name) ?? 0) + 1);
        if (puts.get(name) === 2) release();
        await bothArrived;
        return inner.put(...args);
      },
    };
    const editing = createContentEditing({ db: server.db, store, logger: recordingLogger().logger });
    const bytes = await picture();
    const answers = await Promise.all(
      ['twice1.jpg', 'twice2.jpg'].map((name) => editing.upload(actor, { bytes, name, type: 'image/jpeg' }, 'The same picture')),
    );
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    const messages = answers.map((a) => (a.ok ? a.message : '')).sort();
    expect(messages[0]).toMatch(/^This file is already in the library as "twice\d\.jpg"\.$/);
    expect(messages[1]).toMatch(/^Uploaded twice\d\.jpg\.$/);
    const rows = await server.db.selectFrom('media').select('id').where('file_name', 'like', 'twice%').execute();
    expect(rows).toHaveLength(1);
  });

  it('serves an uploaded picture in its AVIF and WebP widths wherever the site shows it, with its size', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const src = await uploadedPicture(admin);
    const key = /\/media\/u\/([a-f0-9]+)\//.exec(src)![1]!;
    const eventNumber = await newEvent({ name: 'Picture Open', image: { src, width: 800, height: 500, alt: 'The first tee' } });
    for (const path of ['/events', `/events/${eventNumber}`]) {
      const page = html((await server.client().get(path)).text);
      const picture = new RegExp(`<picture[^>]*>(.*?)</picture>`, 's').exec(page.slice(page.indexOf(`/media/u/${key}/`) - 600))?.[1] ?? '';
      expect(picture, path).toContain(`type="image/avif" srcSet="/media/u/${key}/320.avif 320w, /media/u/${key}/640.avif 640w, /media/u/${key}/800.avif 800w"`);
      expect(picture, path).toContain(`type="image/webp" srcSet="/media/u/${key}/320.webp 320w`);
      expect(picture, path).toMatch(/sizes="[^"]+"/);
      expect(picture, path).toContain(`src="${src}" width="800" height="500" alt="The first tee"`);
    }
  });

  it('keeps a PDF as pdf-lib wrote it again, a download until an event offers it as a flyer; the event page links to it rather than showing it as a picture', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const pdf = Buffer.concat([uniquePdf(), Buffer.from('<html><script>alert(1)</script></html>', 'latin1')]);
    const res = await upload(admin, { bytes: pdf, name: 'rules.pdf', type: 'application/pdf' }, 'Tournament rules');
    expect(html(res.text)).toContain('Uploaded rules.pdf.');
    const { key } = await server.db.selectFrom('media').select('key').where('file_name', '=', 'rules.pdf').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const served = await server.client().get(`/media/u/${key}/document.pdf`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
    expect(served.text.startsWith('%PDF-')).toBe(true);
    expect(served.text).not.toContain('<script>');

    const eventNumber = await newEvent({ eventType: 'Gaming Event', name: 'Flyer cup' });
    await server.db.updateTable('events').set({ rules_flyer: `/media/u/${key}/document.pdf` }).where('event_number', '=', eventNumber).execute();
    expect((await server.client().get(`/media/u/${key}/document.pdf`)).headers.get('content-disposition')).toBe('inline; filename="document.pdf"');
    const page = html((await server.client().get(`/events/${eventNumber}`)).text);
    expect(page).toContain(`href="/media/u/${key}/document.pdf"`);
    expect(page).toContain('Open the tournament rules flyer (PDF)');
    expect(page).not.toContain(`<img src="/media/u/${key}/document.pdf"`);
  });
});

describe('a volunteer\'s upload', () => {
  it('is a draft: signed-in staff can open it, the public gets 404 until an admin approves it on the media page', async () => {
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const seed = Math.floor(Math.random() * 1e9);
    const res = await upload(volunteer, { bytes: uniquePdf(), name: `d${seed}.pdf`, type: 'application/pdf' }, 'A draft document');
    expect(html(res.text)).toContain(`Uploaded d${seed}.pdf as a draft: staff can see it now, the public once an admin approves it.`);
    const row = await server.db.selectFrom('media').select(['id', 'key']).where('file_name', '=', `d${seed}.pdf`).executeTakeFirstOrThrow();
    const address = `/media/u/${row.key}/document.pdf`;

    const anonymous = await server.client().get(address);
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const preview = await volunteer.get(address);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');

    // A volunteer sees no approve button, and the action refuses them whatever the page shows.
    const list = await volunteer.get('/admin/media');
    expect(html(list.text)).toContain('Draft: waiting for an admin');
    expect(list.text).not.toContain('Approve: make it public');
    const refused = await submit(volunteer, '/admin/media', { intent: 'approve', id: String(row.id) });
    expect(refused.status).toBe(400);
    expect(html(refused.text)).toContain('Only an admin can approve an upload.');
    expect((await server.client().get(address)).status).toBe(404);

    expect((await admin.get('/admin/media')).text).toContain('Approve: make it public');
    const approved = await submit(admin, '/admin/media', { intent: 'approve', id: String(row.id) });
    expect(approved.status).toBe(200);
    expect(html(approved.text)).toContain(`Approved d${seed}.pdf: anyone can open it now.`);
    const open = await server.client().get(address);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toContain('immutable');
    const audit = await server.db.selectFrom('audit_log').select('action').where('subject', '=', `media:${row.id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['media_uploaded', 'media_approved']);
  });

  it('an admin\'s own upload is public at once', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const src = await uploadedPicture(admin);
    expect((await server.client().get(src)).status).toBe(200);
  });
});

describe('announcements', () => {
  it('show on the home page only between their dates, in the order staff give them, and every change is audited with before and after', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const imageSrc = await uploadedPicture(admin);
    const tag = Date.now().toString(36);
    const at = (days: number) => `${dayFromNow(days)}T09:00`;
    const post = (heading: string, fields: Record<string, string>, id = '') =>
      submit(admin, '/admin/announcements', { intent: 'save', id, heading, meta: 'Soon · Shadyside', linkHref: '/events', linkLabel: 'Learn more', imageSrc, imageAlt: 'A table of prizes', published: 'on', ...fields });
    for (const [heading, fields] of [
      [`Now A ${tag}`, { showFrom: at(-2) }],
      [`Later ${tag}`, { showFrom: at(3) }],
      [`Over ${tag}`, { showFrom: at(-5), showUntil: at(-1) }],
      [`Now B ${tag}`, {}],
      [`Draft ${tag}`, { published: '' }],
    ] as const) {
      const res = await post(heading, fields);
      expect(res.status, html(res.text).slice(0, 300)).toBe(302);
    }
    const shown = async () => {
      const all = (await server.client().get('/api/content/all')).json as unknown as { page: string; data: { announcements: { heading: string }[] } }[];
      return all.find((p) => p.page === 'home')!.data.announcements.map((a) => a.heading).filter((h) => h.endsWith(tag));
    };
    expect(await shown()).toEqual([`Now A ${tag}`, `Now B ${tag}`]);
    // The link says what staff wrote (spec's "More info" only when they wrote nothing).
    expect((await server.client().get('/')).text).toMatch(new RegExp(`>Learn more<span class="sr-only">: (<!-- -->)?Now A ${tag}</span>`));

    const rows = await server.db.selectFrom('announcements').select(['id', 'heading']).where('heading', 'like', `%${tag}`).execute();
    const idOf = (heading: string) => String(rows.find((r) => r.heading === heading)!.id);
    const moved = await submit(admin, '/admin/announcements', { intent: 'up', id: idOf(`Now B ${tag}`) });
    expect(html(moved.text)).toContain(`Moved "Now B ${tag}" up.`);
    // Later is between them in the list, so one move up puts B above Later, not yet above A.
    await submit(admin, '/admin/announcements', { intent: 'up', id: idOf(`Now B ${tag}`) });
    await submit(admin, '/admin/announcements', { intent: 'up', id: idOf(`Now B ${tag}`) });
    expect(await shown()).toEqual([`Now B ${tag}`, `Now A ${tag}`]);

    // An end before the start, a made-up date, a script link and a picture from elsewhere are refused beside their fields.
    const bad = await submit(admin, '/admin/announcements', {
      intent: 'save',
      heading: `Bad ${tag}`,
      meta: 'x',
      linkHref: 'javascript:alert(1)',
      linkLabel: 'Go',
      imageSrc: 'https://evil.example/x.png',
      imageAlt: 'x',
      showFrom: at(2),
      showUntil: at(1),
      published: 'on',
    });
    expect(bad.status).toBe(400);
    const text = html(bad.text);
    expect(text).toContain('Enter a page of this site such as /events/4, or an address starting with https://.');
    expect(text).toContain('Show until must be after show from.');
    expect(text).toContain('Choose a picture from the media library.');
    expect(await server.db.selectFrom('announcements').select('id').where('heading', '=', `Bad ${tag}`).execute()).toEqual([]);

    const audit = await server.db.selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('subject', '=', `announcement:${idOf(`Now B ${tag}`)}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['announcement_created', 'announcement_moved', 'announcement_moved', 'announcement_moved']);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ heading: `Now B ${tag}`, published: true });
    expect(JSON.parse(audit[1]!.before_json!)).toHaveProperty('position');
  });

  it('a volunteer drafts one but cannot publish, change or delete a published one', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');
    const imageSrc = await uploadedPicture(volunteer);
    const heading = `Volunteer news ${Date.now().toString(36)}`;
    const fields = { intent: 'save', heading, meta: 'Soon', linkHref: '/events', linkLabel: 'More', imageSrc, imageAlt: 'Prizes' };
    expect(html((await submit(volunteer, '/admin/announcements', { ...fields, published: 'on' })).text)).toContain('Only an admin can publish.');
    expect((await submit(volunteer, '/admin/announcements', fields)).status).toBe(302);
    const { id } = await server.db.selectFrom('announcements').select('id').where('heading', '=', heading).executeTakeFirstOrThrow();
    expect((await submit(admin, '/admin/announcements', { ...fields, id: String(id), published: 'on' })).status).toBe(302);
    expect(html((await submit(volunteer, '/admin/announcements', { ...fields, id: String(id), heading: 'Changed' })).text)).toContain('Only an admin can publish.');
    expect(html((await submit(volunteer, '/admin/announcements', { intent: 'delete', id: String(id) })).text)).toContain('Only an admin can delete a published announcement.');
    expect(await server.db.selectFrom('announcements').select('heading').where('id', '=', id).executeTakeFirst()).toEqual({ heading });
  });
});

describe('events as staff edit them', () => {
  const eventFields = golfEventFields;

  it('a new price is for later sign-ups: what was paid stays as it was, and the audit log has the price before and after', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const created = await submit(admin, '/admin/events/new?type=Golf%20Event', { eventType: 'Golf Event', ...eventFields('Price Open') });
    expect(created.status, html(created.text).slice(0, 400)).toBe(302);
    const eventNumber = Number(/\/admin\/events\/(\d+)\/edit/.exec(locationOf(created))![1]);
    await submit(admin, '/admin/events', { intent: 'publish', eventNumber: String(eventNumber) });

    const client = server.client();
    const user = await signedInUser(client, 'paid');
    const intent = await client.post('/api/stripe/golf_signup_intent', golfTeam(eventNumber, '400.00'), { headers: user.authorization });
    expect(intent.status, intent.text).toBe(201);
    await payWithCard(client, (intent.json as unknown as { clientSecret: string }).clientSecret);

    const changed = await submit(admin, `/admin/events/${eventNumber}/edit`, eventFields('Price Open', { price: '475.00', capacity: '20' }));
    expect(changed.status, html(changed.text).slice(0, 400)).toBe(302);
    const paid = await server.db
      .selectFrom('payments')
      .innerJoin('signups', 'signups.payment_id', 'payments.id')
      .innerJoin('events', 'events.id', 'signups.event_id')
      .select(['payments.amount_cents', 'payments.status'])
      .where('events.event_number', '=', eventNumber)
      .execute();
    expect(paid).toEqual([{ amount_cents: 40_000, status: 'paid' }]);
    const page = html((await server.client().get(`/events/${eventNumber}`)).text);
    expect(page).toContain('$475.00');
    expect(page).toContain('19 team places left');
    const dashboard = await client.request('GET', '/api/user/dashboard', { headers: user.authorization });
    const teams = (dashboard.json as unknown as { events_and_teams: { e: { eventNumber: number }; t: { amount: string } }[] }).events_and_teams;
    expect(teams.filter((row) => row.e.eventNumber === eventNumber).map((row) => row.t.amount)).toEqual(['400.00']);

    const audit = await server.db.selectFrom('audit_log').select(['summary', 'before_json', 'after_json']).where('subject', '=', `event:${eventNumber}`).where('action', '=', 'event_changed').executeTakeFirstOrThrow();
    expect(audit.summary).toContain('(price $400.00 → $475.00)');
    expect(JSON.parse(audit.before_json!)).toMatchObject({ signup: { priceCents: 40_000 } });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ signup: { priceCents: 47_500 }, capacity: 20 });
  });

  it('a draft event is previewed by staff as the public will see it, and by no one else', async () => {
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');
    const created = await submit(volunteer, '/admin/events/new?type=Golf%20Event', { eventType: 'Golf Event', ...eventFields('Preview Open') });
    const eventNumber = Number(/\/admin\/events\/(\d+)\/edit/.exec(locationOf(created))![1]);
    const preview = await volunteer.get(`/events/${eventNumber}?preview=draft`);
    expect(preview.status).toBe(200);
    expect(html(preview.text)).toContain('Preview Open');
    expect(html(preview.text)).toContain('Preview of a draft');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');
    expect((await server.client().get(`/events/${eventNumber}?preview=draft`)).status).toBe(404);
    expect((await volunteer.get(`/events/${eventNumber}`)).status).toBe(404);
  });

  it('refuses bad values beside their fields and saves nothing', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const before = await server.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await submit(admin, '/admin/events/new?type=Golf%20Event', {
      eventType: 'Golf Event',
      ...eventFields('x'.repeat(121), {
        description: '',
        eventDate: '2027-02-30',
        startTime: '25:00',
        price: '-5',
        playersPerTeam: '40',
        capacity: '1.5',
        refundDaysBefore: 'soon',
        signupOpensOn: dayFromNow(10),
        signupClosesOn: dayFromNow(5),
        imageSrc: 'https://evil.example/a.png',
        sponsorName: 'Acme',
        sponsorHref: 'javascript:alert(1)',
        'statPrice.0': 'child',
      }),
    });
    expect(res.status).toBe(400);
    const text = html(res.text);
    for (const message of [
      'Name must be at most 120 characters.',
      'Description is required.',
      'The date must be a date.',
      'Start time must look like 18:30.',
      'The team fee must be an amount in dollars, like 400.00.',
      'Players per team must be a whole number from',
      'Capacity must be a whole number from 1 to 100000.',
      'Refund days must be a whole number from 0 to 365.',
      'Sign-up cannot close before it opens.',
      'Choose a file from the media library.',
      "Enter the sponsor's web address, starting with https://.",
      'Only a benefit dinner has a child price.',
    ]) {
      expect(text).toContain(message);
    }
    const after = await server.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a volunteer cannot change a published event, restore a page version, or publish by posting by hand', async () => {
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');
    const eventNumber = await newEvent({ name: 'Locked Open' });
    const changed = await submit(volunteer, `/admin/events/${eventNumber}/edit`, eventFields('Hijacked Open'));
    expect(html(changed.text)).toContain('Only an admin can change a published event.');
    expect(html((await server.client().get(`/events/${eventNumber}`)).text)).toContain('Locked Open');

    const version = await server.db.selectFrom('content_versions').select('id').where('page', '=', 'golfers').where('status', '=', 'published').executeTakeFirst();
    const restore = await submit(volunteer, '/admin/pages/golfers', { intent: 'restore', version: String(version?.id ?? 1) });
    expect(html(restore.text)).toContain('Only an admin can restore a version');
    const unpublish = await submit(volunteer, '/admin/events', { intent: 'unpublish', eventNumber: String(eventNumber) });
    expect(html(unpublish.text)).toContain('Only an admin can publish.');
    expect((await server.client().get(`/events/${eventNumber}`)).status).toBe(200);
  });
});

describe('page forms', () => {
  /** One raw POST: the body sent chunked (no Content-Length) or with a declared length it never sends in full. */
  const rawPost = (path: string, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(path, server.url);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
      req.write(body);
      if (!headers['content-length']) req.end();
    });

  it('must say how long they are, and stay under the limit, before a byte is read', async () => {
    expect(await rawPost('/admin/login', { 'transfer-encoding': 'chunked' }, 'email=a%40b.c&password=x')).toBe(411);
    expect(await rawPost('/admin/pages/gallery', { 'content-length': String(3 * 1024 * 1024) }, 'intent=publish')).toBe(413);
    expect(await rawPost('/admin/media', { 'content-length': String(50 * 1024 * 1024) }, '--x')).toBe(413);
  });
});
