import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentFiles, EventsFileSchema, ImageSchema, pageKeys, type Image, type PageContent, type PageKey } from './content';

const CONTENT_DIR = fileURLToPath(new URL('../content/', import.meta.url));
const IMAGES_DIR = path.join(CONTENT_DIR, 'images');

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(CONTENT_DIR, file), 'utf8'));
}

function load<K extends PageKey>(key: K): PageContent<K> {
  return contentFiles[key].parse(readJson(`${key}.json`)) as PageContent<K>;
}

const events = EventsFileSchema.parse(readJson('events.json'));

/** Every `{ src, width, height, alt }` object anywhere in a JSON value. */
function collectImages(value: unknown, found: Image[] = []): Image[] {
  if (Array.isArray(value)) {
    for (const item of value) collectImages(item, found);
  } else if (typeof value === 'object' && value !== null) {
    const image = ImageSchema.safeParse(value);
    if (image.success) found.push(image.data);
    else for (const child of Object.values(value)) collectImages(child, found);
  }
  return found;
}

function fileFor(src: string): string {
  return path.join(IMAGES_DIR, ...src.replace(/^\/media\//, '').split('/'));
}

function svgSize(file: string): { width: number; height: number; viewBox: string } {
  const root = /<svg\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1] ?? '';
  return { width: Number(attr('width')), height: Number(attr('height')), viewBox: attr('viewBox') };
}

describe('content files', () => {
  it('has one JSON file per page key, plus events.json', () => {
    const files = readdirSync(CONTENT_DIR).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual([...pageKeys.map((k) => `${k}.json`), 'events.json'].sort());
  });

  it.each(pageKeys)('%s.json matches its schema', (key) => {
    const result = contentFiles[key].safeParse(readJson(`${key}.json`));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('site facts for the footer', () => {
    const site = load('site');
    expect(site.founded).toBe(2018);
    expect(site.state).toBe('Minnesota');
    expect(site.address).toMatchObject({ city: 'Shadyside', state: 'OH', zip: '43947' });
    expect(site.email).toMatch(/@example\.org$/);
    expect(site.phone).toMatch(/555-01\d\d$/);
    expect(new URL(site.social.facebook.href).hostname).toMatch(/(^|\.)facebook\.com$/);
    expect(new URL(site.social.instagram.href).hostname).toMatch(/(^|\.)instagram\.com$/);
    expect(new URL(site.social.twitter.href).hostname).toMatch(/(^|\.)twitter\.com$/);
  });

  it('home: hero, mission, cause, 3 announcements, 15 sponsors, sticky off', () => {
    const home = load('home');
    expect(home.hero.length).toBeGreaterThanOrEqual(1);
    expect(home.mission.heading).toBe('Mission Statement');
    expect(home.cause.heading).toBe('Our Cause');
    expect(home.announcements).toHaveLength(3);
    expect(home.sponsors).toHaveLength(15);
    expect(new Set(home.sponsors.map((s) => s.name)).size).toBe(15);
    expect(home.sticky.active).toBe(false);
  });

  it('cof: 11 advisory directors, 5 board members, 6 family photos', () => {
    const cof = load('cof');
    expect(cof.advisoryDirectors).toHaveLength(11);
    expect(new Set(cof.advisoryDirectors).size).toBe(11);
    expect(cof.boardOfDirectors).toHaveLength(5);
    expect(cof.familyCarousel).toHaveLength(6);
  });

  it('family: 4 memorials, each died after being born', () => {
    const family = load('family');
    expect(family.memorials).toHaveLength(4);
    for (const m of family.memorials) expect(m.died > m.born).toBe(true);
  });

  it('staff: 8 people with example.org emails', () => {
    const { staff } = load('staff');
    expect(staff).toHaveLength(8);
    for (const person of staff) expect(person.email).toMatch(/@example\.org$/);
  });

  it('golfers: 4 pros', () => {
    expect(load('golfers').pros).toHaveLength(4);
  });

  it('sponsors: a title sponsor and 17 more', () => {
    const sponsors = load('sponsors');
    expect(sponsors.titleSponsor.name).toBeTruthy();
    expect(sponsors.sponsors).toHaveLength(17);
    expect(new Set(sponsors.sponsors.map((s) => s.name)).size).toBe(17);
    expect(sponsors.sponsors.map((s) => s.name)).not.toContain(sponsors.titleSponsor.name);
  });

  it('scholarship: the five requirements in order and winners 2023 down to 2019', () => {
    const scholarship = load('scholarship');
    expect(scholarship.requirements).toEqual([
      'Accepted into a 4-year program at a higher-learning institute',
      'Financial need shown through the FAFSA',
      'Lettered in at least 1 varsity sport',
      'GPA of 3.0 or higher',
      'ACT score of 18 or higher',
    ]);
    expect(scholarship.intro.join(' ')).toMatch(/\$5,000/);
    expect(scholarship.intro.join(' ')).toMatch(/\$1,000/);
    expect(scholarship.winners.map((w) => w.year)).toEqual([2023, 2022, 2021, 2020, 2019]);
  });

  it('family of the year: 2023 down to 2020, GoFundMe on 2020-2022 only', () => {
    const { families } = load('family_of_the_year');
    expect(families.map((f) => f.year)).toEqual([2023, 2022, 2021, 2020]);
    const withGoFundMe = families.filter((f) => f.gofundme).map((f) => f.year);
    expect(withGoFundMe.sort()).toEqual([2020, 2021, 2022]);
    for (const f of families) if (f.gofundme) expect(f.gofundme.label).toBe('Click to donate on GoFundMe!');
  });

  it('gallery: 2018, 2019, 2020 at one club with 22, 14 and 7 photos and unique tokens', () => {
    const { galleries } = load('gallery');
    expect(galleries.map((g) => g.year)).toEqual([2018, 2019, 2020]);
    expect(galleries.map((g) => g.photos.length)).toEqual([22, 14, 7]);
    expect(new Set(galleries.map((g) => g.token)).size).toBe(3);
    expect(new Set(galleries.map((g) => g.location)).size).toBe(1);
    for (const g of galleries) expect(g.date.startsWith(String(g.year))).toBe(true);
  });
});

describe('events.json', () => {
  it('has unique event numbers', () => {
    const numbers = events.map((e) => e.eventNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('has an active event of each type, an inactive one and a past one', () => {
    for (const type of ['Golf Event', 'Gaming Event', 'Benefit Event'] as const) {
      expect(events.some((e) => e.active && e.eventType === type), type).toBe(true);
    }
    expect(events.some((e) => !e.active)).toBe(true);
    expect(events.some((e) => e.eventDate < '2026-01-01')).toBe(true);
  });

  it('uses the business prices in cents', () => {
    const prices = (type: string) => events.filter((e) => e.eventType === type).flatMap((e) => e.stats.map((s) => s.priceCents));
    expect(prices('Golf Event')).toContain(40000);
    expect(prices('Gaming Event')).toContain(5000);
    expect(prices('Benefit Event')).toEqual(expect.arrayContaining([2500, 1500]));
  });

  it('gives golf and benefit events a partnership flyer and gaming events a rules flyer', () => {
    for (const e of events) {
      if (e.eventType === 'Gaming Event') expect(e.rules_flyer).toBeTruthy();
      else expect(e.partnership_flyer).toBeTruthy();
      if (e.show_sponsor) expect(e.sponsor).not.toBeNull();
    }
  });
});

describe('images', () => {
  const all = [...pageKeys.map((k) => readJson(`${k}.json`)), readJson('events.json')];
  const images = collectImages(all);
  const flyers = [...new Set(events.flatMap((e) => [e.partnership_flyer, e.rules_flyer]).filter((f): f is string => f !== null))];

  it('finds the images', () => {
    expect(images.length).toBeGreaterThan(100);
    expect(flyers.length).toBeGreaterThan(0);
  });

  it('every image src has a file whose SVG size matches the JSON', () => {
    const problems: string[] = [];
    for (const image of images) {
      const file = fileFor(image.src);
      if (!existsSync(file)) {
        problems.push(`${image.src}: missing`);
        continue;
      }
      const size = svgSize(file);
      if (size.width !== image.width || size.height !== image.height || size.viewBox !== `0 0 ${image.width} ${image.height}`) {
        problems.push(`${image.src}: SVG is ${size.width}x${size.height} (viewBox ${size.viewBox}), JSON says ${image.width}x${image.height}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every flyer exists as a portrait 850x1100 SVG', () => {
    for (const flyer of flyers) {
      const file = fileFor(flyer);
      expect(existsSync(file), flyer).toBe(true);
      expect(svgSize(file)).toEqual({ width: 850, height: 1100, viewBox: '0 0 850 1100' });
    }
  });

  it('SVGs are small and self-contained', () => {
    for (const src of [...images.map((i) => i.src), ...flyers]) {
      const file = fileFor(src);
      if (!existsSync(file)) continue;
      const body = readFileSync(file, 'utf8');
      expect(statSync(file).size, src).toBeLessThan(4096);
      expect(body, src).not.toMatch(/<script|<foreignObject|\bon[a-z]+=|(xlink:)?href="(?!#)|url\((?!#)|@import/i);
    }
  });

  it('alt texts describe the picture', () => {
    for (const image of images) {
      expect(image.alt.length, image.src).toBeGreaterThanOrEqual(8);
      expect(image.alt, image.src).not.toMatch(/^(image|photo|picture|logo|img)\b\s*\d*$|\.svg\b/i);
    }
  });
});
