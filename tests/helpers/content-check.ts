import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contentFiles, EventsFileSchema, ImageSchema, pageKeys, type Image } from '../../common/content';
import { readContent as load } from '../fixtures/fixture-content';

/**
 * Checks a content folder (`content/` or a test fixture) the way the site will use it, whatever
 * its names and numbers: each check answers a list of problems, empty when all is well.
 */

/** The gaming sign-up form links to this document (app/signups/GamingTeamFields.tsx). */
export const GAMING_TERMS = '/media/documents/gaming-tournament-terms.pdf';

/** Flyers are drawn at 850 × 1100 (US Letter, portrait) on the event page. */
const FLYER_RATIO = 850 / 1100;

function readJson(dir: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
}

const issues = (file: string, error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => `${file}: ${i.path.map(String).join('.') || '(root)'}: ${i.message}`);

/** One JSON file per page and events.json, nothing else; each matches its schema. */
export function checkFiles(dir: string): string[] {
  const expected = [...pageKeys.map((k) => `${k}.json`), 'events.json'].sort();
  const found = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const problems = [
    ...expected.filter((f) => !found.includes(f)).map((f) => `${f}: missing`),
    ...found.filter((f) => !expected.includes(f)).map((f) => `${f}: not a content file (expected ${expected.join(', ')})`),
  ];
  for (const key of pageKeys) {
    if (!found.includes(`${key}.json`)) continue;
    const result = contentFiles[key].safeParse(readJson(dir, `${key}.json`));
    if (!result.success) problems.push(...issues(`${key}.json`, result.error));
  }
  if (found.includes('events.json')) {
    const result = EventsFileSchema.safeParse(readJson(dir, 'events.json'));
    if (!result.success) problems.push(...issues('events.json', result.error));
  }
  return problems;
}

const duplicates = <T>(values: T[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

/** What the pages and the database rely on between files: unique keys, links that lead somewhere, sane dates. */
export function checkConsistency(dir: string): string[] {
  const content = load(dir);
  const problems: string[] = [];
  for (const n of duplicates(content.events.map((e) => e.eventNumber))) problems.push(`events.json: eventNumber ${n} is used twice`);
  const tokens = content.gallery.galleries.map((g) => g.token);
  for (const t of duplicates(tokens)) problems.push(`gallery.json: token ${t} is used twice`);
  for (const g of content.gallery.galleries) {
    if (!g.date.startsWith(`${g.year}-`)) problems.push(`gallery.json: album ${g.token} is dated ${g.date} but filed under ${g.year}`);
  }
  for (const m of content.family.memorials) {
    if (m.died < m.born) problems.push(`family.json: ${m.name} died (${m.died}) before being born (${m.born})`);
  }
  const links = [...content.home.announcements.map((a) => a.link.href), ...(content.home.sticky.link ? [content.home.sticky.link.href] : [])];
  for (const href of links) {
    const event = /^\/events\/(\d+)$/.exec(href);
    if (event && !content.events.some((e) => e.eventNumber === Number(event[1]))) problems.push(`home.json: ${href} links to an event that is not in events.json`);
    const album = /^\/gallery\/([^/]+)$/.exec(href);
    if (album && !tokens.includes(album[1]!)) problems.push(`home.json: ${href} links to an album that is not in gallery.json`);
  }
  return problems;
}

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

const fileFor = (dir: string, src: string) => path.join(dir, 'images', ...src.replace(/^\/media\//, '').split('/'));

/** Width and height of an SVG, PNG, JPEG, GIF or WebP file as a browser lays it out, or a reason it has none. */
export function imageSize(file: string): { width: number; height: number } | string {
  const bytes = readFileSync(file);
  const ext = path.extname(file).toLowerCase();
  if (ext === '.svg') {
    const root = /<svg\b[^>]*>/.exec(bytes.toString('utf8'))?.[0];
    if (!root) return 'no <svg> element';
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(root)?.[1];
    const px = (value: string | undefined) => (value !== undefined && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Number.parseFloat(value) : undefined);
    const [width, height] = [px(attr('width')), px(attr('height'))];
    if (width !== undefined && height !== undefined) return { width, height };
    const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
    if (box?.length === 4 && box.every(Number.isFinite)) return { width: box[2]!, height: box[3]! };
    return 'no width and height in pixels and no viewBox';
  }
  if (ext === '.png') {
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return 'not a PNG file';
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (ext === '.jpg' || ext === '.jpeg') {
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 'not a JPEG file';
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) return 'a broken JPEG file';
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return { width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
      i += 2 + bytes.readUInt16BE(i + 2);
    }
    return 'a JPEG file without a frame header';
  }
  if (ext === '.gif') {
    if (!bytes.toString('latin1', 0, 4).startsWith('GIF8')) return 'not a GIF file';
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (ext === '.webp') {
    if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return 'not a WebP file';
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    return 'an unknown kind of WebP file';
  }
  return `${ext || 'no extension'}: not a picture format the site serves`;
}

/** Every picture's file exists, has the size the JSON gives it, is safe to serve, and has a meaningful alt text. */
export function checkImages(dir: string): string[] {
  const content = load(dir);
  const images = collectImages([...pageKeys.map((key) => content[key]), content.events]);
  const problems: string[] = [];
  if (images.length === 0) problems.push('no pictures at all');
  for (const image of images) {
    const file = fileFor(dir, image.src);
    if (!existsSync(file)) {
      problems.push(`${image.src}: missing`);
      continue;
    }
    const size = imageSize(file);
    if (typeof size === 'string') problems.push(`${image.src}: ${size}`);
    else if (size.width !== image.width || size.height !== image.height) problems.push(`${image.src}: the file is ${size.width}×${size.height}, the JSON says ${image.width}×${image.height}`);
    if (file.endsWith('.svg')) {
      // Served from the site's own origin: an SVG that runs script or loads other files is refused.
      const body = readFileSync(file, 'utf8');
      if (/<script|<foreignObject|\bon[a-z]+\s*=|(xlink:)?href\s*=\s*["'](?!#)|url\((?!['"]?#)|@import/i.test(body)) problems.push(`${image.src}: the SVG runs script or loads other files`);
    }
    if (image.alt.length < 8 || /^(image|photo|picture|logo|img)\b\s*\d*$|\.(svg|png|jpe?g|gif|webp)\b/i.test(image.alt)) problems.push(`${image.src}: alt text "${image.alt}" does not describe the picture`);
  }
  return [...new Set(problems)]; // a picture used on several pages is reported once
}

/** Each flyer an event names exists (a picture in Letter proportions, or a PDF); the gaming terms exist if there is a gaming event. */
export function checkDocuments(dir: string): string[] {
  const content = load(dir);
  const problems: string[] = [];
  const flyers = [...new Set(content.events.flatMap((e) => [e.partnership_flyer, e.rules_flyer]).filter((f): f is string => f !== null))];
  for (const flyer of flyers) {
    const file = fileFor(dir, flyer);
    if (!existsSync(file)) {
      problems.push(`${flyer}: missing`);
      continue;
    }
    if (file.endsWith('.pdf')) continue;
    const size = imageSize(file);
    if (typeof size === 'string') problems.push(`${flyer}: ${size}`);
    else if (Math.abs(size.width / size.height - FLYER_RATIO) > 0.02) problems.push(`${flyer}: ${size.width}×${size.height} is not a portrait Letter page (850×1100)`);
  }
  if (content.events.some((e) => e.eventType === 'Gaming Event')) {
    const terms = fileFor(dir, GAMING_TERMS);
    if (!existsSync(terms)) problems.push(`${GAMING_TERMS}: missing (the gaming sign-up form links to it)`);
    else if (readFileSync(terms).subarray(0, 5).toString('latin1') !== '%PDF-') problems.push(`${GAMING_TERMS}: not a PDF file`);
  }
  return problems;
}
