/**
 * Draws the fictional sample images of the site as small, self-contained SVGs.
 *
 *   npx tsx scripts/generate-sample-images.ts
 *
 * Reads every content/*.json file, collects each image (`{ src, width, height, alt }`) and each
 * flyer path, and writes `content/images/<path after /media/>`. What is drawn depends on the
 * folder, the file name and the alt text (a golf cart for "cart", a grill for "steak", …).
 * The output is deterministic: the same JSON always gives the same bytes. No external
 * references, no scripts, no web fonts.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCalendarDate, formatClockTime } from '../common/dates';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTENT_DIR = path.join(ROOT, 'content');
const IMAGES_DIR = path.join(CONTENT_DIR, 'images');

const FONT = 'system-ui, sans-serif';
const TEAL = '#0f5257';
const TEAL_2 = '#2a7f84';
const GOLD = '#d4a017';
const CREAM = '#fbf7ee';
const INK = '#1d2b2c';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface ImageJob {
  kind: 'image';
  src: string;
  width: number;
  height: number;
  alt: string;
  /** The object that holds the image (a sponsor, a winner, …). */
  owner: JsonObject;
}

interface FlyerJob {
  kind: 'flyer';
  src: string;
  width: number;
  height: number;
  events: JsonObject[];
}

type Job = ImageJob | FlyerJob;

// ---------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: Json | undefined, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** FNV-1a, 32 bits: a stable seed per file. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic random number generator. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], r: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(r * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Tagged template that rounds every interpolated number (keeps the files small). */
function t(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += (typeof value === 'number' ? String(Math.round(value)) : value) + (strings[i + 1] ?? '');
  });
  return out;
}

function svg(w: number, h: number, title: string, body: string): string {
  return t`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${esc(title)}</title>${body}</svg>\n`;
}

function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return t`<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${esc(content)}</text>`;
}

/** Splits a label into lines of at most `max` characters at spaces. */
function wrap(label: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(' ')) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + ' ' + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Approximate width of bold sans-serif text, in ems. */
function textWidth(label: string): number {
  let em = 0;
  for (const ch of label) em += /[A-Z&mw]/.test(ch) ? 0.8 : /[ ,.'\u00a0ijlt]/.test(ch) ? 0.4 : 0.66;
  return em;
}

function initials(name: string): string {
  return name
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .filter((word) => word.length > 2 || /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
}

// ---------------------------------------------------------------------------
// Shared scenery
// ---------------------------------------------------------------------------

const SKIES = [
  ['#9fd3ea', '#e6f4f8'],
  ['#bfe3f0', '#f4f9f4'],
  ['#f3cf9b', '#fbeed5'],
  ['#a9cde0', '#f1efe2'],
] as const;
const SUNSET = ['#e9784a', '#f9cf8f'] as const;
const SKIN = ['#f1c9a5', '#e0ac84', '#c68642', '#8d5524', '#f5d5bd'] as const;
const HAIR = ['#3b2417', '#6b4226', '#a8753c', '#1c1c1c', '#8c3b1f', '#d9b46a'] as const;
const SHIRTS = [TEAL, GOLD, '#c8553d', '#3d6fa8', '#5b8c5a', '#7a4f8a', TEAL_2] as const;

function sky(w: number, h: number, colors: readonly [string, string]): string {
  return t`<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
}

function hill(w: number, h: number, y: number, amp: number, fill: string, r: () => number): string {
  const a = amp * (0.5 + r());
  const b = amp * (0.5 + r());
  return t`<path d="M0 ${y} Q${w * 0.22} ${y - a} ${w * 0.45} ${y - a * 0.3} T${w * 0.8} ${y - b * 0.4} T${w} ${y - b * 0.2} V${h} H0Z" fill="${fill}"/>`;
}

function landscape(w: number, h: number, r: () => number, sunset = false): string {
  const hy = h * 0.55;
  const s = h / 800;
  let out = sky(w, h, sunset ? SUNSET : pick(SKIES, r()));
  out += t`<circle cx="${w * (0.15 + r() * 0.7)}" cy="${h * (0.12 + r() * 0.12)}" r="${44 * s}" fill="${sunset ? '#ffd27a' : '#fff6d5'}"/>`;
  out += hill(w, h, hy - 40 * s, 90 * s, sunset ? '#8a6a72' : '#8fb5a8', r);
  out += hill(w, h, hy + 10 * s, 60 * s, sunset ? '#5d6b4f' : '#6f9e6b', r);
  out += t`<path d="M0 ${hy + 60 * s} Q${w / 2} ${hy + 10 * s} ${w} ${hy + 70 * s} V${h} H0Z" fill="#7dbb5e"/>`;
  out += t`<path d="M${w * 0.3} ${h} Q${w * 0.45} ${hy + 120 * s} ${w * 0.62} ${hy + 60 * s} L${w * 0.72} ${hy + 62 * s} Q${w * 0.66} ${hy + 160 * s} ${w * 0.8} ${h}Z" fill="#93cf6c"/>`;
  return out;
}

function tree(x: number, y: number, s: number, fill = '#3f7a4a'): string {
  return t`<rect x="${x - 6 * s}" y="${y - 40 * s}" width="${12 * s}" height="${40 * s}" fill="#6b4a2b"/><circle cx="${x}" cy="${y - 70 * s}" r="${38 * s}" fill="${fill}"/><circle cx="${x - 24 * s}" cy="${y - 50 * s}" r="${26 * s}" fill="${fill}"/><circle cx="${x + 24 * s}" cy="${y - 50 * s}" r="${26 * s}" fill="${fill}"/>`;
}

function flag(x: number, y: number, s: number, color = GOLD): string {
  return t`<ellipse cx="${x}" cy="${y}" rx="${14 * s}" ry="${4 * s}" fill="#2d3b2d"/><rect x="${x - 2 * s}" y="${y - 150 * s}" width="${4 * s}" height="${150 * s}" fill="#f4f4f4"/><path d="M${x + 2 * s} ${y - 150 * s} l${70 * s} ${22 * s} l${-70 * s} ${22 * s}Z" fill="${color}"/>`;
}

interface PersonStyle {
  skin: string;
  hair: string;
  shirt: string;
  longHair?: boolean;
  silver?: boolean;
  hat?: 'cap' | 'visor' | 'grad' | 'captain';
  glasses?: boolean;
  beard?: boolean;
  headset?: boolean;
  apron?: boolean;
}

/** A bust: shoulders at `y`, head radius `s`. */
function person(x: number, y: number, s: number, p: PersonStyle): string {
  const cy = y - 4.3 * s;
  const hair = p.silver ? '#c9c9c9' : p.hair;
  let out = '';
  if (p.longHair) out += t`<path d="M${x - 1.2 * s} ${cy} A${1.2 * s} ${1.2 * s} 0 0 1 ${x + 1.2 * s} ${cy} V${cy + 1.9 * s} H${x - 1.2 * s}Z" fill="${hair}"/>`;
  out += t`<path d="M${x - 2.3 * s} ${y} V${y - 1.5 * s} Q${x - 2.3 * s} ${y - 3 * s} ${x - 0.9 * s} ${y - 3.1 * s} H${x + 0.9 * s} Q${x + 2.3 * s} ${y - 3 * s} ${x + 2.3 * s} ${y - 1.5 * s} V${y}Z" fill="${p.shirt}"/>`;
  if (p.apron) out += t`<path d="M${x - 1 * s} ${y} V${y - 2.6 * s} H${x + 1 * s} V${y}Z" fill="#f3efe6"/>`;
  if (p.hat === 'grad') out += t`<path d="M${x - 0.9 * s} ${y - 3.1 * s} L${x} ${y - 1.6 * s} L${x + 0.9 * s} ${y - 3.1 * s}Z" fill="#fff"/>`;
  out += t`<rect x="${x - 0.4 * s}" y="${y - 3.6 * s}" width="${0.8 * s}" height="${0.7 * s}" fill="${p.skin}"/><circle cx="${x}" cy="${cy}" r="${s}" fill="${p.skin}"/>`;
  if (p.beard) out += t`<path d="M${x - s} ${cy} Q${x - 0.9 * s} ${cy + 1.3 * s} ${x} ${cy + 1.3 * s} Q${x + 0.9 * s} ${cy + 1.3 * s} ${x + s} ${cy} Q${x} ${cy + 0.6 * s} ${x - s} ${cy}Z" fill="${p.silver ? '#bdbdbd' : '#8a8a8a'}"/>`;
  if (p.hat === 'cap' || p.hat === 'captain') {
    const c = p.hat === 'captain' ? '#f4f4f4' : p.shirt === TEAL ? GOLD : TEAL;
    out += t`<path d="M${x - 1.05 * s} ${cy - 0.2 * s} A${1.05 * s} ${1.05 * s} 0 0 1 ${x + 1.05 * s} ${cy - 0.2 * s}Z" fill="${c}"/><path d="M${x + 0.2 * s} ${cy - 0.25 * s} h${1.5 * s} v${0.22 * s} h${-1.5 * s}Z" fill="${p.hat === 'captain' ? INK : c}"/>`;
  } else if (p.hat === 'grad') {
    out += t`<path d="M${x - 1.02 * s} ${cy - 0.1 * s} A${1.02 * s} ${1.02 * s} 0 0 1 ${x + 1.02 * s} ${cy - 0.1 * s}Z" fill="${hair}"/><path d="M${x - 0.75 * s} ${cy - 0.8 * s} h${1.5 * s} v${0.45 * s} h${-1.5 * s}Z" fill="${INK}"/><path d="M${x - 1.7 * s} ${cy - 1.15 * s} L${x} ${cy - 1.7 * s} L${x + 1.7 * s} ${cy - 1.15 * s} L${x} ${cy - 0.6 * s}Z" fill="${INK}"/><path d="M${x + 0.1 * s} ${cy - 1.15 * s} L${x + 1.3 * s} ${cy - 0.9 * s} V${cy - 0.1 * s}" stroke="${GOLD}" stroke-width="${0.12 * s}" fill="none"/>`;
  } else {
    out += t`<path d="M${x - 1.03 * s} ${cy + 0.1 * s} A${1.03 * s} ${1.03 * s} 0 0 1 ${x + 1.03 * s} ${cy + 0.1 * s} Q${x + 0.2 * s} ${cy - 0.55 * s} ${x - 1.03 * s} ${cy + 0.1 * s}Z" fill="${hair}"/>`;
    if (p.hat === 'visor') out += t`<path d="M${x - 1.02 * s} ${cy - 0.45 * s} h${2.04 * s} v${0.28 * s} h${-2.04 * s}Z" fill="${TEAL}"/><path d="M${x + 0.3 * s} ${cy - 0.45 * s} h${1.5 * s} v${0.2 * s} h${-1.5 * s}Z" fill="${GOLD}"/>`;
  }
  if (p.glasses) out += t`<g fill="none" stroke="${INK}" stroke-width="${0.08 * s}"><circle cx="${x - 0.38 * s}" cy="${cy + 0.05 * s}" r="${0.27 * s}"/><circle cx="${x + 0.38 * s}" cy="${cy + 0.05 * s}" r="${0.27 * s}"/><path d="M${x - 0.11 * s} ${cy + 0.05 * s} h${0.22 * s}"/></g>`;
  if (p.headset) out += t`<path d="M${x - 1.1 * s} ${y - 3.3 * s} Q${x} ${y - 2.2 * s} ${x + 1.1 * s} ${y - 3.3 * s}" stroke="${INK}" stroke-width="${0.2 * s}" fill="none"/><circle cx="${x - 1.1 * s}" cy="${y - 3.3 * s}" r="${0.3 * s}" fill="${INK}"/><circle cx="${x + 1.1 * s}" cy="${y - 3.3 * s}" r="${0.3 * s}" fill="${INK}"/>`;
  return out;
}

function randomPerson(r: () => number, shirt?: string): PersonStyle {
  return { skin: pick(SKIN, r()), hair: pick(HAIR, r()), shirt: shirt ?? pick(SHIRTS, r()), longHair: r() < 0.45 };
}

function crowd(w: number, y: number, s: number, count: number, r: () => number, x0 = 0.5): string {
  let out = '';
  const gap = 4.2 * s;
  const start = w * x0 - ((count - 1) * gap) / 2;
  for (let i = 0; i < count; i++) out += person(start + i * gap, y + (i % 2) * 6, s * (0.92 + r() * 0.16), randomPerson(r));
  return out;
}

// ---------------------------------------------------------------------------
// Scenes (photos)
// ---------------------------------------------------------------------------

type Scene = (w: number, h: number, r: () => number, job: ImageJob) => string;

const fairwayScene: Scene = (w, h, r) => {
  const s = h / 800;
  let out = landscape(w, h, r);
  out += tree(w * 0.08, h * 0.66, s * 1.2) + tree(w * 0.92, h * 0.63, s) + tree(w * 0.84, h * 0.6, s * 0.7, '#4d8a55');
  out += t`<ellipse cx="${w * 0.66}" cy="${h * 0.63}" rx="${90 * s}" ry="${18 * s}" fill="#a6dc7c"/>`;
  out += flag(w * 0.66, h * 0.63, s * 0.6);
  out += t`<ellipse cx="${w * 0.4}" cy="${h * 0.8}" rx="${70 * s}" ry="${14 * s}" fill="#e9d8a6"/>`;
  out += person(w * 0.22, h * 0.98, 30 * s, randomPerson(r)) + person(w * 0.3, h, 28 * s, randomPerson(r));
  return out;
};

const greenScene: Scene = (w, h, r) => {
  const s = h / 800;
  let out = landscape(w, h, r);
  out += tree(w * 0.1, h * 0.6, s) + tree(w * 0.9, h * 0.62, s * 1.2);
  out += t`<ellipse cx="${w * 0.5}" cy="${h * 0.8}" rx="${w * 0.42}" ry="${h * 0.17}" fill="#a6dc7c"/>`;
  out += t`<ellipse cx="${w * 0.5}" cy="${h * 0.8}" rx="${w * 0.3}" ry="${h * 0.11}" fill="#b4e48a"/>`;
  out += flag(w * 0.55, h * 0.8, s * 2);
  out += t`<circle cx="${w * 0.36}" cy="${h * 0.86}" r="${9 * s}" fill="#fff" stroke="#ccc"/>`;
  out += person(w * 0.2, h * 1.02, 34 * s, randomPerson(r)) + person(w * 0.8, h * 1.02, 32 * s, randomPerson(r));
  return out;
};

const teeScene: Scene = (w, h, r) => {
  const s = h / 800;
  const x = w * 0.35;
  const y = h * 0.9;
  const p = randomPerson(r);
  let out = landscape(w, h, r);
  out += tree(w * 0.85, h * 0.62, s * 1.1) + tree(w * 0.05, h * 0.7, s * 1.3);
  out += t`<rect x="${x - 160 * s}" y="${y - 10 * s}" width="${320 * s}" height="${40 * s}" rx="${8 * s}" fill="#a6dc7c"/>`;
  out += t`<path d="M${x + 60 * s} ${y - 30 * s} Q${w * 0.6} ${h * 0.05} ${w * 0.82} ${h * 0.42}" stroke="#fff" stroke-width="${4 * s}" stroke-dasharray="${8 * s} ${14 * s}" fill="none"/>`;
  out += t`<g stroke-linecap="round" fill="none"><path d="M${x - 20 * s} ${y} L${x - 8 * s} ${y - 110 * s} L${x + 18 * s} ${y}" stroke="#2f3e46" stroke-width="${22 * s}"/><path d="M${x} ${y - 200 * s} L${x - 60 * s} ${y - 260 * s} L${x - 110 * s} ${y - 320 * s}" stroke="${p.skin}" stroke-width="${16 * s}"/><path d="M${x - 110 * s} ${y - 320 * s} L${x - 40 * s} ${y - 400 * s}" stroke="#555" stroke-width="${6 * s}"/></g>`;
  out += t`<path d="M${x - 40 * s} ${y - 110 * s} L${x - 35 * s} ${y - 230 * s} Q${x} ${y - 250 * s} ${x + 35 * s} ${y - 225 * s} L${x + 35 * s} ${y - 110 * s}Z" fill="${p.shirt}"/>`;
  out += t`<circle cx="${x}" cy="${y - 275 * s}" r="${34 * s}" fill="${p.skin}"/><path d="M${x - 36 * s} ${y - 280 * s} A${36 * s} ${36 * s} 0 0 1 ${x + 36 * s} ${y - 280 * s}Z" fill="${p.shirt === TEAL ? GOLD : TEAL}"/>`;
  return out;
};

const cartScene: Scene = (w, h, r) => {
  const s = h / 800;
  const x = w * 0.45;
  const y = h * 0.86;
  let out = landscape(w, h, r);
  out += tree(w * 0.12, h * 0.62, s) + tree(w * 0.88, h * 0.64, s * 1.3);
  out += flag(w * 0.8, h * 0.6, s * 0.5, TEAL);
  out += t`<rect x="${x - 170 * s}" y="${y - 290 * s}" width="${330 * s}" height="${22 * s}" rx="${6 * s}" fill="${TEAL}"/>`;
  out += t`<path d="M${x - 150 * s} ${y - 270 * s} v${150 * s} M${x + 140 * s} ${y - 270 * s} v${150 * s}" stroke="#9aa" stroke-width="${8 * s}"/>`;
  out += t`<path d="M${x - 190 * s} ${y - 40 * s} V${y - 120 * s} H${x + 60 * s} L${x + 100 * s} ${y - 170 * s} H${x + 180 * s} V${y - 40 * s}Z" fill="#f4f4f0" stroke="#cfcfc8" stroke-width="${3 * s}"/>`;
  out += t`<rect x="${x - 120 * s}" y="${y - 170 * s}" width="${120 * s}" height="${50 * s}" rx="${10 * s}" fill="${GOLD}"/>`;
  out += t`<rect x="${x - 210 * s}" y="${y - 200 * s}" width="${50 * s}" height="${110 * s}" rx="${8 * s}" fill="#5a4632"/>`;
  for (const wx of [x - 120 * s, x + 120 * s]) out += t`<circle cx="${wx}" cy="${y - 30 * s}" r="${38 * s}" fill="#222"/><circle cx="${wx}" cy="${y - 30 * s}" r="${16 * s}" fill="#bbb"/>`;
  return out;
};

const groupScene: Scene = (w, h, r) => {
  const s = h / 800;
  let out = landscape(w, h, r);
  out += tree(w * 0.1, h * 0.62, s * 1.2) + tree(w * 0.9, h * 0.6, s);
  out += flag(w * 0.78, h * 0.6, s * 0.5);
  out += crowd(w, h * 1.02, 38 * s, 3 + Math.floor(r() * 3), r);
  return out;
};

const clubhouseScene: Scene = (w, h, r, job) => {
  const s = h / 800;
  const dusk = /sunset|sun going down|sun setting|evening/i.test(job.alt);
  const x = w * 0.5;
  const y = h * 0.72;
  let out = landscape(w, h, r, dusk);
  out += t`<path d="M${x - 300 * s} ${y - 170 * s} L${x} ${y - 320 * s} L${x + 300 * s} ${y - 170 * s}Z" fill="#6b3f2a"/>`;
  out += t`<rect x="${x - 260 * s}" y="${y - 170 * s}" width="${520 * s}" height="${170 * s}" fill="${CREAM}"/>`;
  for (let i = 0; i < 5; i++) out += t`<rect x="${x - 230 * s + i * 100 * s}" y="${y - 140 * s}" width="${60 * s}" height="${60 * s}" fill="${dusk ? '#ffd27a' : '#9cc7d6'}"/>`;
  out += t`<rect x="${x - 35 * s}" y="${y - 80 * s}" width="${70 * s}" height="${80 * s}" fill="${TEAL}"/><rect x="${x - 300 * s}" y="${y}" width="${600 * s}" height="${14 * s}" fill="#b9a98a"/>`;
  out += tree(x - 380 * s, y + 20 * s, s * 1.3) + tree(x + 380 * s, y + 20 * s, s * 1.1);
  if (!dusk) out += crowd(w, h * 1.02, 30 * s, 3, r, 0.28);
  return out;
};

const banquetScene: Scene = (w, h, r, job) => {
  const s = h / 800;
  const award = /trophy|award|winning|winner/i.test(job.alt);
  const check = /\bcheck\b/i.test(job.alt);
  let out = t`<rect width="${w}" height="${h}" fill="#2c4a52"/><rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#6b5443"/>`;
  out += t`<path d="M0 ${h * 0.08} Q${w / 2} ${h * 0.2} ${w} ${h * 0.08}" stroke="#222" stroke-width="${2 * s}" fill="none"/>`;
  for (let i = 1; i < 12; i++) {
    const f = i / 12;
    out += t`<circle cx="${w * f}" cy="${h * (0.08 + 0.48 * f * (1 - f))}" r="${7 * s}" fill="#ffe39a"/>`;
  }
  out += crowd(w, h * 0.75, 34 * s, award || check ? 3 : 5, r, award || check ? 0.3 : 0.5);
  out += t`<rect x="${w * 0.04}" y="${h * 0.7}" width="${w * 0.92}" height="${h * 0.1}" fill="#f6f2e8"/><rect x="${w * 0.04}" y="${h * 0.8}" width="${w * 0.92}" height="${h * 0.04}" fill="#d9d2c0"/>`;
  for (let i = 0; i < 6; i++) out += t`<ellipse cx="${w * (0.12 + i * 0.15)}" cy="${h * 0.73}" rx="${26 * s}" ry="${9 * s}" fill="#fff" stroke="#ccc"/>`;
  if (award) {
    const x = w * 0.74;
    const y = h * 0.7;
    out += t`<rect x="${x - 50 * s}" y="${y - 24 * s}" width="${100 * s}" height="${24 * s}" fill="#5a3d2b"/><rect x="${x - 12 * s}" y="${y - 70 * s}" width="${24 * s}" height="${46 * s}" fill="${GOLD}"/><path d="M${x - 70 * s} ${y - 200 * s} H${x + 70 * s} Q${x + 70 * s} ${y - 70 * s} ${x} ${y - 70 * s} Q${x - 70 * s} ${y - 70 * s} ${x - 70 * s} ${y - 200 * s}Z" fill="${GOLD}"/><path d="M${x - 70 * s} ${y - 180 * s} h${-30 * s} q0 ${60 * s} ${40 * s} ${70 * s} M${x + 70 * s} ${y - 180 * s} h${30 * s} q0 ${60 * s} ${-40 * s} ${70 * s}" stroke="${GOLD}" stroke-width="${10 * s}" fill="none"/>`;
  } else if (check) {
    out += t`<rect x="${w * 0.55}" y="${h * 0.36}" width="${w * 0.38}" height="${h * 0.26}" rx="${6 * s}" fill="#fff" stroke="${TEAL}" stroke-width="${6 * s}"/><rect x="${w * 0.57}" y="${h * 0.39}" width="${w * 0.2}" height="${h * 0.04}" fill="${TEAL}"/><path d="M${w * 0.57} ${h * 0.5} H${w * 0.9} M${w * 0.57} ${h * 0.57} H${w * 0.75}" stroke="#9aa" stroke-width="${5 * s}"/><text x="${w * 0.9}" y="${h * 0.45}" font-size="${40 * s}" font-weight="700" text-anchor="end" fill="${GOLD}" font-family="${FONT}">$5,000</text>`;
  }
  return out;
};

const grillScene: Scene = (w, h, r) => {
  const s = h / 800;
  let out = sky(w, h, pick(SKIES, r())) + t`<rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="#88b86a"/>`;
  out += t`<path d="M${w * 0.52} ${h * 0.6} V${h * 0.25} L${w * 0.76} ${h * 0.12} L${w} ${h * 0.25} V${h * 0.6}Z" fill="#c9b79c"/><rect x="${w * 0.6}" y="${h * 0.3}" width="${w * 0.3}" height="${h * 0.04}" fill="${TEAL}"/>`;
  for (let i = 0; i < 2; i++) {
    const y = h * (0.72 + i * 0.16);
    out += t`<rect x="${w * 0.5}" y="${y}" width="${w * 0.45}" height="${h * 0.05}" fill="#c8553d"/><path d="M${w * 0.5} ${y + h * 0.025} h${w * 0.45}" stroke="#fff" stroke-width="${6 * s}" stroke-dasharray="${20 * s} ${20 * s}"/><path d="M${w * 0.53} ${y + h * 0.05} v${h * 0.06} M${w * 0.92} ${y + h * 0.05} v${h * 0.06}" stroke="#5a4632" stroke-width="${8 * s}"/>`;
  }
  const x = w * 0.25;
  const y = h * 0.62;
  out += t`<path d="M${x - 220 * s} ${y} a${220 * s} ${130 * s} 0 0 0 ${440 * s} 0Z" fill="#2b2b2b"/><path d="M${x - 170 * s} ${y + 100 * s} l${-40 * s} ${190 * s} M${x + 170 * s} ${y + 100 * s} l${40 * s} ${190 * s}" stroke="#2b2b2b" stroke-width="${14 * s}"/>`;
  out += t`<rect x="${x - 230 * s}" y="${y - 8 * s}" width="${460 * s}" height="${12 * s}" fill="#777"/>`;
  for (let i = 0; i < 4; i++) out += t`<ellipse cx="${x - 150 * s + i * 100 * s}" cy="${y - 16 * s}" rx="${42 * s}" ry="${16 * s}" fill="#7a3b1e"/><path d="M${x - 175 * s + i * 100 * s} ${y - 18 * s} h${50 * s}" stroke="#4a2210" stroke-width="${4 * s}"/>`;
  out += t`<path d="M${x - 60 * s} ${y - 50 * s} q${-40 * s} ${-60 * s} 0 ${-120 * s} t0 ${-120 * s} M${x + 60 * s} ${y - 50 * s} q${40 * s} ${-60 * s} 0 ${-120 * s} t0 ${-120 * s}" stroke="#e8e8e8" stroke-width="${14 * s}" stroke-linecap="round" fill="none" opacity=".7"/>`;
  out += person(w * 0.44, h * 1.02, 36 * s, { ...randomPerson(r), apron: true });
  return out;
};

const gamingScene: Scene = (w, h, r) => {
  const s = h / 800;
  let out = t`<rect width="${w}" height="${h}" fill="#17233a"/><rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#2a2f45"/>`;
  out += t`<rect x="${w * 0.18}" y="${h * 0.08}" width="${w * 0.64}" height="${h * 0.56}" rx="${14 * s}" fill="#0b0f1a" stroke="#3b4663" stroke-width="${8 * s}"/>`;
  const sx = w * 0.22;
  const sy = h * 0.14;
  const bw = w * 0.12;
  let bracket = '';
  for (let i = 0; i < 4; i++) bracket += t`<rect x="${sx}" y="${sy + i * 90 * s}" width="${bw}" height="${50 * s}" rx="${6 * s}" fill="${i === 1 ? GOLD : TEAL_2}"/>`;
  for (let i = 0; i < 2; i++) bracket += t`<rect x="${sx + bw * 1.6}" y="${sy + 45 * s + i * 180 * s}" width="${bw}" height="${50 * s}" rx="${6 * s}" fill="${i === 0 ? GOLD : TEAL_2}"/>`;
  bracket += t`<rect x="${sx + bw * 3.2}" y="${sy + 135 * s}" width="${bw}" height="${50 * s}" rx="${6 * s}" fill="${GOLD}"/>`;
  bracket += t`<path d="M${sx + bw} ${sy + 25 * s} h${bw * 0.3} v${90 * s} M${sx + bw} ${sy + 295 * s} h${bw * 0.3} v${-90 * s} M${sx + bw * 2.6} ${sy + 70 * s} h${bw * 0.3} v${180 * s}" stroke="#6d7a99" stroke-width="${4 * s}" fill="none"/>`;
  out += bracket;
  out += t`<path d="M${w * 0.37 + r() * 4} ${h * 0.9} Q${w * 0.33} ${h * 0.66} ${w * 0.44} ${h * 0.66} H${w * 0.56} Q${w * 0.67} ${h * 0.66} ${w * 0.63} ${h * 0.9} Q${w * 0.6} ${h * 0.98} ${w * 0.55} ${h * 0.84} H${w * 0.45} Q${w * 0.4} ${h * 0.98} ${w * 0.37} ${h * 0.9}Z" fill="#e9edf3"/>`;
  out += t`<path d="M${w * 0.41} ${h * 0.75} h${40 * s} M${w * 0.41 + 20 * s} ${h * 0.75 - 20 * s} v${40 * s}" stroke="#3b4663" stroke-width="${12 * s}"/>`;
  out += t`<circle cx="${w * 0.58}" cy="${h * 0.72}" r="${11 * s}" fill="${GOLD}"/><circle cx="${w * 0.58 + 28 * s}" cy="${h * 0.755}" r="${11 * s}" fill="#c8553d"/><circle cx="${w * 0.58 - 28 * s}" cy="${h * 0.755}" r="${11 * s}" fill="${TEAL_2}"/><circle cx="${w * 0.58}" cy="${h * 0.79}" r="${11 * s}" fill="#5b8c5a"/>`;
  out += t`<path d="M${w * 0.8} ${h * 0.9} a${70 * s} ${80 * s} 0 0 1 ${140 * s} 0" stroke="#c8d0e0" stroke-width="${14 * s}" fill="none"/><rect x="${w * 0.8 - 18 * s}" y="${h * 0.86}" width="${36 * s}" height="${60 * s}" rx="${12 * s}" fill="${TEAL}"/><rect x="${w * 0.8 + 122 * s}" y="${h * 0.86}" width="${36 * s}" height="${60 * s}" rx="${12 * s}" fill="${TEAL}"/>`;
  return out;
};

function mortarboard(x: number, y: number, s: number, tilt: number): string {
  return t`<g transform="rotate(${tilt} ${x} ${y})"><path d="M${x - 50 * s} ${y + 6 * s} h${100 * s} v${34 * s} q${-50 * s} ${16 * s} ${-100 * s} 0Z" fill="${INK}"/><path d="M${x - 110 * s} ${y} L${x} ${y - 40 * s} L${x + 110 * s} ${y} L${x} ${y + 40 * s}Z" fill="#263638"/><path d="M${x} ${y} L${x + 80 * s} ${y + 14 * s} v${50 * s}" stroke="${GOLD}" stroke-width="${6 * s}" fill="none"/><circle cx="${x + 80 * s}" cy="${y + 66 * s}" r="${8 * s}" fill="${GOLD}"/></g>`;
}

const graduationScene: Scene = (w, h, r, job) => {
  const s = h / 800;
  let out = sky(w, h, ['#7fbfe6', '#e8f4fb']);
  out += t`<ellipse cx="${w * 0.2}" cy="${h * 0.2}" rx="${90 * s}" ry="${30 * s}" fill="#fff" opacity=".8"/><ellipse cx="${w * 0.78}" cy="${h * 0.14}" rx="${120 * s}" ry="${34 * s}" fill="#fff" opacity=".8"/>`;
  if (/diploma/i.test(job.alt)) {
    out += t`<rect y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="#a07c58"/>`;
    out += mortarboard(w * 0.38, h * 0.55, s * 1.8, -8);
    out += t`<g transform="rotate(-12 ${w * 0.68} ${h * 0.7})"><rect x="${w * 0.52}" y="${h * 0.64}" width="${w * 0.32}" height="${70 * s}" rx="${35 * s}" fill="${CREAM}" stroke="#d9cfb8" stroke-width="${4 * s}"/><rect x="${w * 0.66}" y="${h * 0.64}" width="${26 * s}" height="${70 * s}" fill="${GOLD}"/></g>`;
    return out;
  }
  out += t`<rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#5fa34a"/><path d="M0 ${h * 0.82} H${w}" stroke="#fff" stroke-width="${6 * s}"/>`;
  for (let i = 0; i < 5; i++) out += mortarboard(w * (0.12 + i * 0.19), h * (0.25 + r() * 0.3), s * (0.7 + r() * 0.4), -30 + r() * 60);
  out += crowd(w, h * 1.02, 32 * s, 5, r);
  return out;
};

const homeScene: Scene = (w, h, r, job) => {
  const s = h / 800;
  const x = w * 0.5;
  const y = h * 0.78;
  let out = sky(w, h, pick(SKIES, r())) + t`<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#7dbb5e"/>`;
  out += tree(w * 0.1, h * 0.7, s * 1.5) + tree(w * 0.9, h * 0.72, s * 1.3, '#4d8a55');
  out += t`<path d="M${x - 340 * s} ${y - 330 * s} L${x} ${y - 560 * s} L${x + 340 * s} ${y - 330 * s}Z" fill="${pick(['#6b3f2a', '#4a5560', '#7a4f3a'], r())}"/>`;
  out += t`<rect x="${x - 300 * s}" y="${y - 330 * s}" width="${600 * s}" height="${330 * s}" fill="${pick(['#f3ead8', '#dfe8ec', '#f1dcc4', '#e4eedd'], r())}"/>`;
  out += t`<rect x="${x - 230 * s}" y="${y - 290 * s}" width="${90 * s}" height="${80 * s}" fill="#9cc7d6" stroke="#fff" stroke-width="${6 * s}"/><rect x="${x + 140 * s}" y="${y - 290 * s}" width="${90 * s}" height="${80 * s}" fill="#9cc7d6" stroke="#fff" stroke-width="${6 * s}"/><rect x="${x - 45 * s}" y="${y - 270 * s}" width="${90 * s}" height="${150 * s}" fill="${TEAL}"/>`;
  out += t`<path d="M${x - 330 * s} ${y - 130 * s} H${x + 330 * s} L${x + 300 * s} ${y - 110 * s} H${x - 300 * s}Z" fill="#fff"/><rect x="${x - 330 * s}" y="${y - 10 * s}" width="${660 * s}" height="${24 * s}" fill="#c9b79c"/>`;
  const m = job.alt.match(/family of (\w+)/i);
  const words: Record<string, number> = { three: 3, four: 4, five: 5, six: 6 };
  const count = (m && words[(m[1] ?? '').toLowerCase()]) || 3 + Math.floor(r() * 3);
  out += crowd(w, h * 0.98, 30 * s, count, r);
  return out;
};

const outdoorGroupScene: Scene = (w, h, r) => {
  const s = h / 800;
  let out = sky(w, h, pick(SKIES, r()));
  out += hill(w, h, h * 0.45, 60 * s, '#7ea792', r);
  out += t`<rect y="${h * 0.5}" width="${w}" height="${h * 0.12}" fill="#5b9bc0"/><path d="M${w * 0.1} ${h * 0.55} h${w * 0.12} M${w * 0.6} ${h * 0.57} h${w * 0.18}" stroke="#cfe6f2" stroke-width="${4 * s}"/>`;
  out += t`<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#7dbb5e"/>`;
  out += tree(w * 0.07, h * 0.72, s * 1.4) + tree(w * 0.94, h * 0.7, s * 1.2);
  out += crowd(w, h * 1.02, 36 * s, 5 + Math.floor(r() * 2), r);
  return out;
};

// ---------------------------------------------------------------------------
// Portraits, logos, sponsors, flyers
// ---------------------------------------------------------------------------

const PORTRAIT_BG = ['#cfe5e3', '#f3e3b5', '#dbe7cf', '#f2d3c7', '#d6e1f0', '#e6dcef'] as const;

function portrait(job: ImageJob, r: () => number): string {
  const { width: w, height: h, alt, src } = job;
  const s = Math.min(w, h) / 600;
  const folder = src.split('/')[2] ?? '';
  const golfer = folder === 'golfers';
  const winners = src.includes('/scholarship/winners/');
  let out = '';
  if (golfer) {
    out += sky(w, h, pick(SKIES, r())) + hill(w, h, h * 0.6, 50 * s, '#8fb5a8', r) + t`<rect y="${h * 0.66}" width="${w}" height="${h * 0.34}" fill="#7dbb5e"/>` + flag(w * 0.85, h * 0.7, s * 0.6);
  } else if (winners) {
    out += t`<rect width="${w}" height="${h}" fill="${pick(['#cfe0ef', '#d6e8e4', '#efe4c8'], r())}"/><circle cx="${w / 2}" cy="${h * 0.42}" r="${h * 0.34}" fill="#fff" opacity=".5"/>`;
  } else {
    out += t`<rect width="${w}" height="${h}" fill="${pick(PORTRAIT_BG, r())}"/><circle cx="${w / 2}" cy="${h * 0.45}" r="${Math.min(w, h) * 0.36}" fill="#fff" opacity=".45"/>`;
  }
  const female = /\b(her|she|woman|girl|mother|grandmother)\b/i.test(alt);
  const base: PersonStyle = {
    skin: pick(SKIN, r()),
    hair: pick(HAIR, r()),
    shirt: winners ? INK : pick(SHIRTS, r()),
    longHair: female,
    silver: /silver|grey|gray/i.test(alt),
    glasses: /glasses/i.test(alt),
    beard: /beard/i.test(alt),
    headset: /headset/i.test(alt),
    apron: /apron/i.test(alt),
  };
  if (/captain/i.test(alt)) base.hat = 'captain';
  else if (/visor/i.test(alt)) base.hat = 'visor';
  else if (/\bcap\b/i.test(alt) && winners) base.hat = 'grad';
  else if (/\bcap\b/i.test(alt)) base.hat = 'cap';
  const names = job.owner['names'];
  if (winners && Array.isArray(names) && names.length > 1) {
    const hs = 58 * s;
    out += person(w * 0.3, h, hs, { ...base, longHair: true, hat: 'grad' });
    out += person(w * 0.7, h, hs, { ...base, skin: pick(SKIN, r()), hair: pick(HAIR, r()), longHair: false, hat: 'grad' });
  } else {
    out += person(w / 2, h, Math.min(w, h * 0.8) * 0.14, base);
  }
  return out;
}

function monogram(cx: number, cy: number, radius: number, letters: string, caption?: string): string {
  const size = radius * (letters.length > 2 ? 0.62 : 0.8);
  let out = t`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${TEAL}"/><circle cx="${cx}" cy="${cy}" r="${radius * 0.86}" fill="none" stroke="${GOLD}" stroke-width="${radius * 0.05}"/>`;
  out += t`<path d="M${cx - radius * 0.5} ${cy + radius * 0.42} Q${cx} ${cy + radius * 0.3} ${cx + radius * 0.5} ${cy + radius * 0.42}" stroke="${GOLD}" stroke-width="${radius * 0.03}" fill="none"/>`;
  out += text(cx, cy + size * 0.33, size, GOLD, letters, t` font-family="${FONT}" font-weight="700" text-anchor="middle" letter-spacing="${radius * 0.02}"`);
  if (caption) out += text(cx, cy + radius * 0.66, radius * 0.13, '#fff', caption, t` font-family="${FONT}" font-weight="600" text-anchor="middle" letter-spacing="${radius * 0.02}"`);
  return out;
}

function logo(job: ImageJob, site: JsonObject): string {
  const { width: w, height: h, src, alt } = job;
  const name = str(site['name'], 'Foundation');
  const letters = initials(name);
  const scholarship = /scholarship/i.test(src);
  if (w / h < 1.6) {
    const caption = /est\.?\s*(\d{4})/i.exec(alt);
    return t`<rect width="${w}" height="${h}" fill="#fff"/>` + monogram(w / 2, h / 2, Math.min(w, h) * 0.45, letters, caption ? `EST. ${caption[1] ?? ''}` : undefined);
  }
  const s = h / 600;
  let out = t`<rect width="${w}" height="${h}" fill="${TEAL}"/><path d="M0 ${h * 0.86} Q${w * 0.3} ${h * 0.76} ${w * 0.6} ${h * 0.86} T${w} ${h * 0.84} V${h} H0Z" fill="${TEAL_2}"/><path d="M0 ${h * 0.92} Q${w * 0.35} ${h * 0.84} ${w * 0.7} ${h * 0.93} T${w} ${h * 0.9}" stroke="${GOLD}" stroke-width="${4 * s}" fill="none"/>`;
  const cx = w * 0.22;
  const cy = h * 0.45;
  const radius = h * 0.3;
  if (scholarship) {
    out += t`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#fff"/><circle cx="${cx}" cy="${cy}" r="${radius * 0.86}" fill="none" stroke="${GOLD}" stroke-width="${radius * 0.05}"/>`;
    out += mortarboard(cx, cy - 10 * s, s * 1.2, 0).replace(/#263638/g, GOLD).replace(new RegExp(INK, 'g'), TEAL);
  } else {
    out += t`<circle cx="${cx}" cy="${cy}" r="${radius * 1.04}" fill="#fff"/>` + monogram(cx, cy, radius, letters);
  }
  const title = scholarship ? name.replace(/Foundation$/, 'Scholarship') : name;
  const lines = wrap(title, 20);
  const size = Math.min(70 * s, (w * 0.58) / (Math.max(...lines.map((l) => l.length)) * 0.56));
  lines.forEach((line, i) => {
    out += text(w * 0.38, h * 0.38 + i * size * 1.15, size, '#fff', line, t` font-family="${FONT}" font-weight="700"`);
  });
  const tagline = scholarship ? 'Sports and school can take a kid anywhere' : str(site['tagline']);
  // Two lines, so the banner's slogan stays readable when a phone shrinks it to a quarter.
  const tagLines = wrap(tagline, Math.ceil(tagline.length / 2) + 4);
  const tagSize = Math.min(42 * s, (w * 0.58) / (Math.max(...tagLines.map((l) => l.length)) * 0.55));
  tagLines.forEach((line, i) => {
    out += text(w * 0.38, h * 0.38 + lines.length * size * 1.15 + 16 * s + i * tagSize * 1.2, tagSize, GOLD, line, t` font-family="${FONT}" font-weight="600"`);
  });
  return out;
}

const BRAND = ['#c8553d', '#3d6fa8', '#2e7d5b', '#7a4f8a', '#b5651d', '#1f6f8b', '#a23e48', '#556b2f', '#8a6d1f', '#0f5257'] as const;

function sponsorLogo(job: ImageJob, r: () => number): string {
  const { width: w, height: h } = job;
  const name = str(job.owner['name'], job.alt.replace(/ logo$/, ''));
  const color = pick(BRAND, r());
  const shape = Math.floor(r() * 4);
  const s = h / 200;
  let out = t`<rect width="${w}" height="${h}" fill="#fff"/><rect x="${6 * s}" y="${6 * s}" width="${w - 12 * s}" height="${h - 12 * s}" rx="${18 * s}" fill="none" stroke="${color}" stroke-width="${4 * s}"/>`;
  const ix = 62 * s;
  const iy = h / 2;
  const ir = 36 * s;
  const icon = [
    t`<circle cx="${ix}" cy="${iy}" r="${ir}" fill="${color}"/><text x="${ix}" y="${iy + 13 * s}" font-size="${38 * s}" fill="#fff" font-family="${FONT}" font-weight="700" text-anchor="middle">${esc(initials(name).slice(0, 1))}</text>`,
    t`<path d="M${ix} ${iy - ir} L${ix + ir} ${iy} L${ix} ${iy + ir} L${ix - ir} ${iy}Z" fill="${color}"/><circle cx="${ix}" cy="${iy}" r="${ir * 0.35}" fill="#fff"/>`,
    t`<path d="M${ix - ir} ${iy + ir * 0.8} L${ix - ir * 0.2} ${iy - ir} L${ix + ir * 0.3} ${iy} L${ix + ir * 0.6} ${iy - ir * 0.4} L${ix + ir} ${iy + ir * 0.8}Z" fill="${color}"/>`,
    t`<path d="M${ix - ir} ${iy - ir * 0.2} Q${ix - ir * 0.5} ${iy - ir} ${ix} ${iy - ir * 0.2} T${ix + ir} ${iy - ir * 0.2} M${ix - ir} ${iy + ir * 0.4} Q${ix - ir * 0.5} ${iy - ir * 0.4} ${ix} ${iy + ir * 0.4} T${ix + ir} ${iy + ir * 0.4}" stroke="${color}" stroke-width="${10 * s}" fill="none" stroke-linecap="round"/>`,
  ][shape];
  out += icon ?? '';
  const lines = wrap(name.replace(/ & /g, ' &\u00a0'), 14);
  const avail = w - 140 * s;
  const size = Math.min(34 * s, avail / Math.max(...lines.map(textWidth)));
  const top = h / 2 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
  lines.forEach((line, i) => {
    out += text(112 * s, top + i * size * 1.15, size, i === 0 ? color : INK, line, t` font-family="${FONT}" font-weight="${i === 0 ? 700 : 600}"`);
  });
  return out;
}

function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

const GAMING_RULES = [
  'Teams of four; every player needs an Activision ID',
  'Three matches; your best two scores count',
  '1 point per elimination, bonus points for a top-5 finish',
  'No cheats, glitches or unapproved mods',
  'Be kind in voice chat; the hosts settle every dispute',
];

const PARTNER_LEVELS: Record<string, string[]> = {
  golf: ['Hole sponsor: your sign on a tee box \u2013 $100', 'Cart sponsor: your logo on every cart \u2013 $250', 'Gold partner: logo on shirts, banners and website \u2013 $500'],
  benefit: ['Raffle donor: a basket with your name on it', 'Table sponsor: your sign on a dinner table \u2013 $100', 'Gold partner: logo on banners and website \u2013 $500'],
};

function bullets(items: string[], y: number, max: number): [string, number] {
  let out = '';
  for (const item of items) {
    const lines = wrap(item, max);
    out += t`<circle cx="76" cy="${y + 22}" r="7" fill="${GOLD}"/>`;
    lines.forEach((line, i) => {
      out += text(98, y + 31 + i * 30, 24, INK, line);
    });
    y += 12 + lines.length * 30;
  }
  return [out, y];
}

function flyer(job: FlyerJob, site: JsonObject): string {
  const { width: w, height: h } = job;
  const rules = job.src.includes('rules');
  // The flyer advertises the newest event that uses it.
  const event = [...job.events].sort((a, b) => str(b['eventDate']).localeCompare(str(a['eventDate'])))[0] ?? {};
  const title = rules ? 'Tournament Rules' : str(event['name'], 'Benefit Event');
  const B = ' font-weight="700"';
  let out = t`<rect width="${w}" height="${h}" fill="${CREAM}"/><rect width="${w}" height="250" fill="${TEAL}"/><rect y="250" width="${w}" height="8" fill="${GOLD}"/>`;
  out += monogram(110, 125, 70, initials(str(site['name'])));
  out += text(210, 82, 24, GOLD, str(site['name']).toUpperCase(), B + ' letter-spacing="1"');
  const titleLines = wrap(title, 24);
  titleLines.forEach((line, i) => {
    out += text(210, 140 + i * 50, 42, '#fff', line, ' font-weight="800"');
  });
  let y = 322;
  out += text(60, y, 34, TEAL, formatCalendarDate(str(event['eventDate']), { weekday: true }), B);
  for (const line of wrap(`${formatClockTime(str(event['startTime'], '00:00'))} \u00b7 ${str(event['location'])}`, 52)) {
    out += text(60, (y += 38), 26, INK, line);
  }
  const stats = Array.isArray(event['stats']) ? event['stats'].filter(isObject) : [];
  const price = stats
    .filter((st) => typeof st['priceCents'] === 'number')
    .map((st) => `${dollars(Number(st['priceCents']))} ${str(st['text'])}`)
    .join(' \u00b7 ');
  if (price) {
    y += 28;
    out += t`<rect x="60" y="${y}" width="730" height="62" rx="12" fill="${GOLD}"/>`;
    out += text(w / 2, y + 41, Math.min(30, 690 / textWidth(price)), INK, price, B + ' text-anchor="middle"');
    y += 62;
  }
  const included = (Array.isArray(event['accomodations']) ? event['accomodations'].filter(isObject) : []).map((a) => str(a['text']));
  const sections: [string, string[]][] = rules
    ? [
        ['The rules', GAMING_RULES],
        ['What\u2019s included', included],
      ]
    : [
        ['What\u2019s included', included],
        ['Partner with us', PARTNER_LEVELS[job.src.includes('golf') ? 'golf' : 'benefit'] ?? []],
      ];
  for (const [heading, items] of sections) {
    out += text(60, (y += 60), 30, TEAL, heading, ' font-weight="800"');
    const [list, end] = bullets(items, y, 56);
    out += list;
    y = end;
  }
  out += t`<rect y="${h - 110}" width="${w}" height="110" fill="${TEAL}"/>`;
  wrap(str(event['proceeds']), 70)
    .slice(0, 2)
    .forEach((line, i) => {
      out += text(w / 2, h - 74 + i * 26, 20, '#fff', line, ' text-anchor="middle"');
    });
  out += text(w / 2, h - 18, 22, GOLD, `${str(site['email'])} \u00b7 ${str(site['phone'])}`, B + ' text-anchor="middle"');
  return t`<g font-family="${FONT}">${out}</g>`;
}

// ---------------------------------------------------------------------------
// Choosing what to draw
// ---------------------------------------------------------------------------

const SCENE_RULES: [RegExp, Scene][] = [
  [/controller|gaming|gamer|console|headset/i, gamingScene],
  [/steak|grill/i, grillScene],
  [/\bcheck\b|award|trophy|dinner|banquet|podium/i, banquetScene],
  [/\bcarts?\b/i, cartScene],
  // A group photo on a tee is a group scene, not a lone golfer teeing off.
  [/\b(?:golfers|family|families|group|team|foursome)\b[^,]*\btee\b/i, groupScene],
  [/\btee\b|teeing|\bdrive\b/i, teeScene],
  [/putt|\bgreen\b|\bflag\b|\bpin\b|\bcup\b/i, greenScene],
  [/graduat|diploma|\bcaps?\b|gown/i, graduationScene],
  [/porch|\bhouse\b|\bhome\b|\bsteps\b|\bramp\b/i, homeScene],
  [/sunset|sun going down|sun setting|clubhouse/i, clubhouseScene],
  [/riverbank|river\b/i, outdoorGroupScene],
  [/family|group|team|volunteers|foursome|families/i, groupScene],
];

function draw(job: Job, site: JsonObject): string {
  if (job.kind === 'flyer') return svg(job.width, job.height, `Flyer: ${job.src.split('/').pop() ?? ''}`, flyer(job, site));
  const r = rng(hash(job.src));
  const folder = job.src.split('/')[2] ?? '';
  let body: string;
  if (folder === 'sponsors') body = sponsorLogo(job, r);
  else if (folder === 'logos' || /logo/.test(job.src)) body = logo(job, site);
  else if (['family', 'staff', 'golfers'].includes(folder) || job.src.includes('/scholarship/winners/')) body = portrait(job, r);
  else {
    const scene = SCENE_RULES.find(([re]) => re.test(job.alt))?.[1] ?? fairwayScene;
    body = scene(job.width, job.height, r, job);
    // Mirror about half of the photos so that a gallery does not repeat itself.
    if (!body.includes('<text') && rng(hash(job.src) ^ 0x5bd1e995)() < 0.5) body = t`<g transform="matrix(-1 0 0 1 ${job.width} 0)">${body}</g>`;
  }
  return svg(job.width, job.height, job.alt, body);
}

// ---------------------------------------------------------------------------
// Collecting the images from the JSON files
// ---------------------------------------------------------------------------

function isImage(value: JsonObject): boolean {
  return typeof value['src'] === 'string' && typeof value['width'] === 'number' && typeof value['height'] === 'number' && typeof value['alt'] === 'string';
}

function collect(value: Json, owner: JsonObject, jobs: Map<string, Job>, file: string): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, owner, jobs, file);
    return;
  }
  if (!isObject(value)) return;
  if (isImage(value)) {
    add(jobs, { kind: 'image', src: str(value['src']), width: Number(value['width']), height: Number(value['height']), alt: str(value['alt']), owner }, file);
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'partnership_flyer' || key === 'rules_flyer') && typeof child === 'string') {
      const existing = jobs.get(child);
      if (existing?.kind === 'flyer') existing.events.push(value);
      else add(jobs, { kind: 'flyer', src: child, width: 850, height: 1100, events: [value] }, file);
    } else {
      collect(child, value, jobs, file);
    }
  }
}

function add(jobs: Map<string, Job>, job: Job, file: string): void {
  if (!job.src.startsWith('/media/') || !job.src.endsWith('.svg')) throw new Error(`${file}: ${job.src} is not a /media/….svg path`);
  const existing = jobs.get(job.src);
  if (existing && (existing.width !== job.width || existing.height !== job.height)) {
    throw new Error(`${file}: ${job.src} is used with two sizes (${existing.width}x${existing.height} and ${job.width}x${job.height})`);
  }
  if (!existing) jobs.set(job.src, job);
}

function main(): void {
  const files = readdirSync(CONTENT_DIR).filter((f) => f.endsWith('.json')).sort();
  const jobs = new Map<string, Job>();
  let site: JsonObject = {};
  for (const file of files) {
    const data = JSON.parse(readFileSync(path.join(CONTENT_DIR, file), 'utf8')) as Json;
    if (file === 'site.json' && isObject(data)) site = data;
    collect(data, {}, jobs, file);
  }
  rmSync(IMAGES_DIR, { recursive: true, force: true });
  let bytes = 0;
  let largest = { src: '', size: 0 };
  for (const job of [...jobs.values()].sort((a, b) => a.src.localeCompare(b.src))) {
    const out = path.join(IMAGES_DIR, ...job.src.slice('/media/'.length).split('/'));
    const content = draw(job, site);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, content);
    bytes += Buffer.byteLength(content);
    if (content.length > largest.size) largest = { src: job.src, size: content.length };
  }
  console.log(`Wrote ${jobs.size} images to content/images (${(bytes / 1024).toFixed(1)} KB; largest ${largest.src}, ${largest.size} bytes).`);
}

main();
