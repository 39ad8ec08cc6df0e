import { describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR, readContent } from '../tests/fixtures/fixture-content';
import { checkConsistency, checkDocuments, checkFiles, checkImages } from '../tests/helpers/content-check';
import { BACKSLASH_IN_PATH, EventSeedSchema, ExternalUrlSchema, InternalPathSchema, LinkSchema, pageKeys, parsePage } from './content';

/**
 * The content schemas, tried on the test fixture (tests/fixtures/content) and on variations of
 * it. Whether `content/` itself is valid is sample-content.test.ts's question.
 */
const fixture = readContent(FIXTURE_CONTENT_DIR);
const copy = <T>(value: T): T => structuredClone(value);

describe('the test fixture', () => {
  it('is valid content, like content/ has to be (the suite seeds every server from it)', () => {
    expect([...checkFiles(FIXTURE_CONTENT_DIR), ...checkConsistency(FIXTURE_CONTENT_DIR), ...checkImages(FIXTURE_CONTENT_DIR), ...checkDocuments(FIXTURE_CONTENT_DIR)]).toEqual([]);
  });
});

describe('parsePage', () => {
  it.each(pageKeys)('gives back %s as written', (key) => {
    expect(parsePage(key, copy(fixture[key]))).toEqual(fixture[key]);
  });

  it('refuses a field the schema does not know, naming it', () => {
    expect(() => parsePage('site', { ...fixture.site, motto: 'extra' })).toThrow(/motto/);
  });

  it('trims text and refuses text that is only spaces', () => {
    expect(parsePage('staff', { ...fixture.staff, heading: '  The Test Team  ' }).heading).toBe('The Test Team');
    expect(() => parsePage('staff', { ...fixture.staff, heading: '   ' })).toThrow();
  });

  it('checks the footer facts: EIN, phone, ZIP, state code, founding year', () => {
    const site = (change: Record<string, unknown>) => () => parsePage('site', { ...copy(fixture.site), ...change });
    expect(site({ ein: '987654321' })).toThrow(/00-0000000/);
    expect(site({ phone: '412-555-0199' })).toThrow(/\(740\) 555-0142/);
    expect(site({ address: { ...fixture.site.address, zip: '1599' } })).toThrow();
    expect(site({ address: { ...fixture.site.address, zip: '15999-1234' } })).not.toThrow();
    expect(site({ address: { ...fixture.site.address, state: 'Penn' } })).toThrow();
    expect(site({ founded: 1850 })).toThrow();
  });

  it('takes pictures only from /media/, each with its size and alt text', () => {
    const withLogo = (logo: Record<string, unknown>) => () => parsePage('site', { ...copy(fixture.site), logo: { ...fixture.site.logo, ...logo } });
    expect(withLogo({ src: 'https://cdn.example/logo.svg' })).toThrow(/\/media\//);
    expect(withLogo({ src: '/media/../package.json' })).toThrow(/\/media\//);
    expect(withLogo({ src: '/media/logos/other-logo.png' })).not.toThrow();
    expect(withLogo({ width: 0 })).toThrow();
    expect(withLogo({ height: 12.5 })).toThrow();
    expect(withLogo({ alt: '' })).toThrow();
  });

  it('keeps the GoFundMe label the spec gives', () => {
    const families = copy(fixture.family_of_the_year.families);
    const withLink = families.find((f) => f.gofundme)!;
    withLink.gofundme = { ...withLink.gofundme!, label: 'Donate' as never };
    expect(() => parsePage('family_of_the_year', { ...fixture.family_of_the_year, families })).toThrow(/Click to donate on GoFundMe!/);
  });

  it('takes one or two names per scholarship winner', () => {
    const winners = (names: string[]) => () => parsePage('scholarship', { ...fixture.scholarship, winners: [{ ...fixture.scholarship.winners[0]!, names }] });
    expect(winners(['Quinn Sample'])).not.toThrow();
    expect(winners(['Quinn Sample', 'Rory Sample'])).not.toThrow();
    expect(winners([])).toThrow();
    expect(winners(['A', 'B', 'C'])).toThrow();
  });

  it('wants album tokens that are safe in an address: 8 to 12 lower-case letters or digits', () => {
    const album = (token: string) => () => parsePage('gallery', { ...fixture.gallery, galleries: [{ ...fixture.gallery.galleries[0]!, token }] });
    expect(album('abcd1234')).not.toThrow();
    expect(album('ABCD1234')).toThrow();
    expect(album('abc')).toThrow();
    expect(album('abcd/1234')).toThrow();
  });
});

describe('links', () => {
  it('lead to a page of this site or to an http(s) address, never to script or another host by a //-path', () => {
    expect(LinkSchema.safeParse({ href: '/events/16', label: 'Sign up' }).success).toBe(true);
    expect(LinkSchema.safeParse({ href: 'https://www.example.org/a', label: 'Out' }).success).toBe(true);
    for (const href of ['javascript:alert(1)', '//evil.example/path', 'events/16', 'ftp://files.example/x', '/a b']) {
      expect(LinkSchema.safeParse({ href, label: 'x' }).success, href).toBe(false);
    }
    expect(InternalPathSchema.safeParse('//evil.example').success).toBe(false);
    expect(ExternalUrlSchema.safeParse('https://localhost').success).toBe(false);
  });

  it('refuse a backslash anywhere in a path, which browsers read as "/" (so "/\\host" is another site), with a message saying so', () => {
    for (const href of ['/\\evil.example', '/\\/evil.example', '/events\\..\\x', '/a\\']) {
      const internal = InternalPathSchema.safeParse(href);
      expect(internal.success, href).toBe(false);
      expect(internal.error?.issues.map((i) => i.message), href).toEqual([BACKSLASH_IN_PATH]);
      const link = LinkSchema.safeParse({ href, label: 'x' });
      expect(link.success, href).toBe(false);
      expect(link.error?.issues[0]?.message, href).toBe(BACKSLASH_IN_PATH);
    }
    expect(InternalPathSchema.safeParse('/events/4?x=1#top').success).toBe(true);
  });
});

describe('events.json entries', () => {
  const event = fixture.events[0]!;

  it('accept every fixture event as written', () => {
    for (const e of fixture.events) expect(EventSeedSchema.parse(copy(e))).toEqual(e);
  });

  it('want a real calendar date and a 24-hour start time', () => {
    expect(EventSeedSchema.safeParse({ ...event, eventDate: '2000-02-30' }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, eventDate: '2000-02-29' }).success).toBe(true);
    expect(EventSeedSchema.safeParse({ ...event, startTime: '9:00' }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, startTime: '24:00' }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, startTime: '23:59' }).success).toBe(true);
  });

  it('take prices in whole cents and a capacity that is a positive whole number or none', () => {
    expect(EventSeedSchema.safeParse({ ...event, stats: [{ priceCents: 400.5, text: 'per team' }] }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, stats: [] }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, capacity: 0 }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, capacity: null }).success).toBe(true);
  });

  it('know only the three event types and the icons the page can draw', () => {
    expect(EventSeedSchema.safeParse({ ...event, eventType: 'Bowling Night' }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, accomodations: [{ icon: 'rocket', text: 'x' }] }).success).toBe(false);
  });

  it('take flyers only from /media/flyers/', () => {
    expect(EventSeedSchema.safeParse({ ...event, partnership_flyer: '/media/flyers/a-flyer.pdf' }).success).toBe(true);
    expect(EventSeedSchema.safeParse({ ...event, partnership_flyer: '/media/other/a-flyer.pdf' }).success).toBe(false);
    expect(EventSeedSchema.safeParse({ ...event, partnership_flyer: '/media/flyers/a-flyer.exe' }).success).toBe(false);
  });
});
