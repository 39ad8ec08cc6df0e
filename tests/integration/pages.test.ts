import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEvent } from '../fixtures/fixture-content';
import { browserSignedIn } from '../helpers/accounts';
import { startTestServer, testContent, type TestServer } from '../helpers/test-server';
import { yearInFoundationZone } from '../../common/dates';

const content = testContent();
const golf = fixtureEvent(content.events, 'Golf Event', 'upcoming');
const gaming = fixtureEvent(content.events, 'Gaming Event', 'upcoming');
/** Text as React writes it into the HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Spec §2 route table with the heading each page renders on the server (content headings from the fixture). */
const h1 = (text: string) => new RegExp(`<h1[^>]*>${escapeRegExp(html(text))}</h1>`);
const ROUTES: [path: string, heading: RegExp][] = [
  ['/', new RegExp(`<h2[^>]*>${escapeRegExp(html(content.home.mission.heading))}</h2>`)],
  ['/cof', h1(content.cof.heading)],
  ['/family', h1(content.family.heading)],
  ['/staff', h1(content.staff.heading)],
  ['/golfers', h1(content.golfers.heading)],
  ['/events', h1('Events')],
  [`/events/${golf.eventNumber}`, h1('Golf Event')],
  ['/scholarship', h1(content.scholarship.heading)],
  ['/family_of_the_year', h1(content.family_of_the_year.heading)],
  ['/gallery', h1(content.gallery.heading)],
  ['/sponsors', h1(content.sponsors.heading)],
  ['/privacy', h1(content.privacy.heading)],
  ['/terms', h1(content.terms.heading)],
  ['/account', /Your account/],
  ['/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', /Confirm your email/],
  ['/dashboard', /My Dashboard/],
  ['/login', /Log in to your profile/],
  ['/register', /Register with us/],
  ['/logout', /Successfully logged out/],
];

/** Pages for a signed-in supporter: the session cookie is read on the server (ADR 043). */
const SIGNED_IN = new Set(['/account', '/dashboard', '/logout']);

describe('server-rendered pages', () => {
  it.each(ROUTES)('%s renders with its heading, the shell and the footer', async (path, heading) => {
    const client = server.client();
    if (SIGNED_IN.has(path)) await browserSignedIn(client, 'pages');
    const res = await client.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(heading);
    expect(res.text).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(res.text).toContain('>Donate<');
    expect(res.text).toContain(`© ${yearInFoundationZone()} ${html(content.site.name)}`);
    expect(res.text).toContain(content.site.ein);
    expect(res.text).toMatch(/<title>[^<]+<\/title>/);
    expect(res.text).toContain(`<link rel="canonical" href="${server.url}${path === '/' ? '/' : path}"/>`);
  });

  it.each([...SIGNED_IN])('%s sends a visitor who is not signed in to /login', async (path) => {
    const res = await server.client().get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('a gallery from the index resolves, with its photos', async () => {
    const index = await server.client().get('/gallery');
    const tokens = [...new Set([...index.text.matchAll(/href="\/gallery\/([a-z0-9]+)"/g)].map((m) => m[1]))];
    expect(tokens).toEqual(content.gallery.galleries.map((g) => g.token));
    const [first] = content.gallery.galleries;
    const album = await server.client().get(`/gallery/${first!.token}`);
    expect(album.status).toBe(200);
    const photos = [...new Set([...album.text.matchAll(/<img[^>]+src="(\/media\/gallery\/[^"]+)"/g)].map((m) => m[1]))];
    expect(photos).toEqual(first!.photos.map((p) => p.src));
  });

  it.each(['/no-such-page', '/cof/extra', `/events/${golf.eventNumber}/extra`, '/gallery/unknown-token'])(
    '%s is the not-found screen with status 404',
    async (path) => {
      const res = await server.client().get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('404 - Page Not Found');
      expect(res.text).toContain(`<title>404 - Page Not Found | ${html(content.site.name)}</title>`);
      expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>Go home<\/a>/);
    },
  );

  it('every dialog is complete in the HTML: no part of the page waits for a script to be moved into place', async () => {
    for (const path of ['/', '/cof', `/events/${golf.eventNumber}`]) {
      const res = await server.client().get(path);
      expect(res.text, path).toContain('<dialog id="donation-form"');
      expect(res.text, path).toMatch(/<input[^>]*id="donation-amount"/);
      // React's out-of-order boundaries: a placeholder template and a hidden segment a script swaps in.
      expect(res.text, path).not.toMatch(/<template id="B:|<div hidden="" id="S:/);
    }
  });

  it('an event has one address: a number with leading zeros is sent to it for good', async () => {
    for (const padded of [`00${golf.eventNumber}`, `0${golf.eventNumber}`]) {
      const res = await server.client().get(`/events/${padded}?from=mail`);
      expect(res.status, padded).toBe(301);
      expect(res.headers.get('location'), padded).toBe(`/events/${golf.eventNumber}?from=mail`);
    }
    expect((await server.client().get(`/events/${golf.eventNumber}`)).status).toBe(200);
  });

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
    // A page that loads React names its files in its module script.
    const asset = /from "(\/assets\/[^"]+\.js)"/.exec(home.text)?.[1];
    expect(asset).toBeDefined();
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
    for (const path of ['/', '/cof', '/family', '/staff', '/golfers', '/events', '/scholarship', '/family_of_the_year', '/gallery', '/sponsors', '/privacy', '/terms']) {
      expect(locs).toContain(path);
    }
    const events = (await server.client().get('/api/events/all')).json as unknown as { event: { eventNumber: number }[] };
    for (const { eventNumber } of events.event) expect(locs).toContain(`/events/${eventNumber}`);
    expect(locs.filter((l) => /^\/gallery\/[a-z0-9]+$/.test(l)).sort()).toEqual(content.gallery.galleries.map((g) => `/gallery/${g.token}`).sort());
    expect(locs).not.toContain('/dashboard');
    expect(locs).not.toContain('/account');
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
    expect(ngo).toMatchObject({ '@type': 'NGO', name: content.site.name, taxID: content.site.ein, url: `${server.url}/` });
    const [event] = jsonLd((await server.client().get(`/events/${golf.eventNumber}`)).text);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: golf.name,
      startDate: `${golf.eventDate}T${golf.startTime}`,
      offers: [expect.objectContaining({ price: '400.00', priceCurrency: 'USD' })],
    });
    const [online] = jsonLd((await server.client().get(`/events/${gaming.eventNumber}`)).text);
    expect(online).toMatchObject({ eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode' });
  });

  it('gives each page its own title, description, canonical URL and Open Graph tags', async () => {
    const titles = new Set<string>();
    for (const path of ['/', '/events', `/events/${golf.eventNumber}`, '/gallery', '/scholarship']) {
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
