import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Spec §2 route table with the heading each page renders on the server. */
const ROUTES: [path: string, heading: RegExp][] = [
  ['/', /Mission Statement/],
  ['/cof', /About the Foundation/],
  ['/family', /In Loving Memory/],
  ['/staff', /Our Staff/],
  ['/golfers', /Golf Professionals/],
  ['/events', /<h1[^>]*>Events<\/h1>/],
  ['/events/6', /<h1[^>]*>Golf Event<\/h1>/],
  ['/scholarship', /Rowan Hale Memorial Scholarship/],
  ['/family_of_the_year', /Family of the Year/],
  ['/gallery', /<h1[^>]*>Gallery<\/h1>/],
  ['/sponsors', /Our Sponsors/],
  ['/dashboard', /My Dashboard/],
  ['/login', /Log in to your profile/],
  ['/register', /Register with us/],
  ['/logout', /Successfully logged out/],
];

describe('server-rendered pages', () => {
  it.each(ROUTES)('%s renders with its heading, the shell and the footer', async (path, heading) => {
    const res = await server.client().get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(heading);
    expect(res.text).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(res.text).toContain('>Donate<');
    expect(res.text).toContain(`© ${new Date().getFullYear()} Rowan Hale Memorial Foundation`);
    expect(res.text).toContain('83-1234567');
    expect(res.text).toMatch(/<title>[^<]+<\/title>/);
    expect(res.text).toContain(`<link rel="canonical" href="${server.url}${path === '/' ? '/' : path}"/>`);
  });

  it('a gallery from the index resolves, with its photos', async () => {
    const index = await server.client().get('/gallery');
    const tokens = [...index.text.matchAll(/href="\/gallery\/([a-z0-9]+)"/g)].map((m) => m[1]);
    expect(tokens).toHaveLength(3);
    const album = await server.client().get(`/gallery/${tokens[0]}`);
    expect(album.status).toBe(200);
    const photos = new Set([...album.text.matchAll(new RegExp(`<img[^>]+src="(/media/gallery/${tokens[0]}/[^"]+)"`, 'g'))].map((m) => m[1]));
    expect(photos.size).toBeGreaterThanOrEqual(7);
  });

  it.each(['/no-such-page', '/cof/extra', '/events/6/extra', '/gallery/unknown-token'])(
    '%s is the not-found screen with status 404',
    async (path) => {
      const res = await server.client().get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('404 - Page Not Found');
      expect(res.text).toContain('<title>404 - Page Not Found | Rowan Hale Memorial Foundation</title>');
      expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>Go home<\/a>/);
    },
  );

  it('an unknown event number says so, with status 404', async () => {
    for (const number of ['999', 'abc', '0']) {
      const res = await server.client().get(`/events/${number}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain(`Event ${number} doesn&#x27;t exist.`);
    }
  });

  it('serves content images and fingerprinted assets with long caching', async () => {
    const home = await server.client().get('/');
    const img = /<img src="(\/media\/[^"]+)"/.exec(home.text)?.[1];
    expect(img).toBeDefined();
    const image = await fetch(`${server.url}${img}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(home.text)?.[1];
    const script = await fetch(`${server.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${server.url}/media/nope.svg`)).status).toBe(404);
  });
});

describe('discoverability', () => {
  it('sitemap.xml lists every public page, every event and every gallery', async () => {
    const res = await server.client().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(server.url, ''));
    for (const path of ['/', '/cof', '/family', '/staff', '/golfers', '/events', '/scholarship', '/family_of_the_year', '/gallery', '/sponsors']) {
      expect(locs).toContain(path);
    }
    const events = (await server.client().get('/api/events/all')).json as unknown as { event: { eventNumber: number }[] };
    for (const { eventNumber } of events.event) expect(locs).toContain(`/events/${eventNumber}`);
    expect(locs.filter((l) => /^\/gallery\/[a-z0-9]+$/.test(l))).toHaveLength(3);
    expect(locs).not.toContain('/dashboard');
  });

  it('robots.txt allows the site, keeps crawlers off private paths and names the sitemap', async () => {
    const res = await server.client().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain('Disallow: /dashboard');
    expect(res.text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

  it('describes the foundation (NGO) on Home and each event (schema.org Event) on its page', async () => {
    const [ngo] = jsonLd((await server.client().get('/')).text);
    expect(ngo).toMatchObject({ '@type': 'NGO', name: 'Rowan Hale Memorial Foundation', taxID: '83-1234567', url: `${server.url}/` });
    const [event] = jsonLd((await server.client().get('/events/6')).text);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: '10th Annual Rowan Hale Memorial Golf Outing',
      startDate: '2027-06-19T08:00',
      offers: [expect.objectContaining({ price: '400.00', priceCurrency: 'USD' })],
    });
    const [online] = jsonLd((await server.client().get('/events/4')).text);
    expect(online).toMatchObject({ eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode' });
  });

  it('gives each page its own title, description, canonical URL and Open Graph tags', async () => {
    const titles = new Set<string>();
    for (const path of ['/', '/events', '/events/6', '/gallery', '/scholarship']) {
      const html = (await server.client().get(path)).text;
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toContain(`<meta property="og:url" content="${server.url}${path}"/>`);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:image" content="http[^"]+"/);
    }
    expect(titles.size).toBe(5);
  });
});
