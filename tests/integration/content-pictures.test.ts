import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpStaff, submit } from '../helpers/staff';
import { startTestServer, testContent, testContentDir, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/**
 * Issue 33, bugs 5 and 6, on the fixture content: the COF page's "Family pictures" are shown, and
 * the content folder's pictures are in the media library, where staff can choose them again.
 */

let server: TestServer;
let admin: ApiClient;
const content = testContent();
const run = Date.now().toString(36);

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
});
afterAll(() => server?.close());

/** Text as React writes it into an attribute. */
const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const imgTag = (page: string, src: string) => new RegExp(`<img[^>]*src="${src.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>`).exec(page)?.[0];

describe(`content pictures (${testDbKind()})`, () => {
  it('the COF page shows every family picture, with its alt text and size, loaded lazily', async () => {
    expect(content.cof.familyCarousel.length).toBeGreaterThan(0);
    const page = await server.client().get('/cof');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h2[^>]*id="family-pictures"[^>]*>Family pictures/);
    for (const picture of content.cof.familyCarousel) {
      const tag = imgTag(page.text, picture.src);
      expect(tag, picture.src).toBeDefined();
      expect(tag).toContain(`alt="${attr(picture.alt)}"`);
      expect(tag).toContain(`width="${picture.width}"`);
      expect(tag).toContain(`height="${picture.height}"`);
      expect(tag).toContain('loading="lazy"');
    }
  });

  it("the media library lists the content folder's pictures, read-only, with the words the content gives them", async () => {
    const files = (await readdir(path.join(testContentDir(), 'images'), { recursive: true })).map(String).filter((name) => /\.(svg|png|jpe?g|webp|gif|pdf)$/i.test(name));
    const page = await admin.get('/admin/media');
    expect(page.status).toBe(200);
    expect(page.text.replace(/<!-- -->/g, '')).toContain(`On the site already (${files.length})`);
    const family = content.cof.familyCarousel[0]!;
    const tag = imgTag(page.text, family.src);
    expect(tag).toContain(`alt="${attr(family.alt)}"`);
    // Read-only: no alt-text or approve form names it.
    expect(page.text).not.toContain(`aria-label="Alt text of cof/`);
  });

  it('an announcement and an event can use a content picture, which keeps its size', async () => {
    const family = content.cof.familyCarousel[0]!;
    const form = await admin.get('/admin/announcements');
    expect(form.text).toContain(`<option value="${family.src}">`);
    const heading = `Picnic again ${run}`;
    const saved = await submit(admin, '/admin/announcements', { intent: 'save', id: '', heading, meta: 'Soon', linkHref: '/events', linkLabel: 'More', imageSrc: family.src, imageAlt: 'Volunteers at the creek', published: 'on' });
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const row = await server.db.selectFrom('announcements').selectAll().where('heading', '=', heading).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).toContain(family.src);
    const editor = await admin.get(`/admin/announcements?edit=${row.id}`);
    expect(imgTag(editor.text, family.src), 'a thumbnail of the chosen picture').toBeDefined();

    // Not a picture of the content folder: still refused.
    const made = await submit(admin, '/admin/announcements', { intent: 'save', id: '', heading: `Nowhere ${run}`, meta: 'Soon', linkHref: '/events', linkLabel: 'More', imageSrc: '/media/cof/nowhere.svg', imageAlt: 'x', published: 'on' });
    expect(made.status).toBe(400);
    expect(made.text).toContain('Choose a picture from the media library.');
  });
});
