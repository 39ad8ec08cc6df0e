import type { z } from 'zod';
import { ImageSchema } from '../../../common/content';

/**
 * Page editors built from the same zod schemas the site checks its content with, so a saved page
 * is always valid. Inputs are named by their dotted path in the page's data ("staff.2.photo.alt")
 * and post without JavaScript; lists change order by submitting the form with a list operation.
 */
export type FieldNode =
  | { kind: 'object'; fields: { key: string; label: string; node: FieldNode }[]; optional: boolean }
  | { kind: 'array'; item: FieldNode; itemLabel: string; min: number; max: number | null }
  | { kind: 'text'; multiline: boolean; optional: boolean; format: 'text' | 'email' | 'url' | 'date' }
  | { kind: 'number'; optional: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: string[]; optional: boolean }
  | { kind: 'fixed'; value: string }
  | { kind: 'image'; optional: boolean };

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; format?: string } } }[];
  format?: string;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const LONG_TEXT = new Set(['description', 'bio', 'obituary', 'story', 'text', 'intro', 'blurb', 'quote', 'howToApply', 'proceeds']);
const LABELS: Record<string, string> = {
  href: 'Address (https://… or /page)',
  src: 'Picture',
  ein: 'EIN',
  gofundme: 'GoFundMe link',
  cof: 'About the foundation',
  titleSponsor: 'Title sponsor',
  howToApply: 'How to apply',
  shortName: 'Short name',
  advisoryDirectors: 'Advisory directors',
  boardOfDirectors: 'Board of directors',
  familyCarousel: 'Family pictures',
  memorialLink: 'Memorial link',
};
const ITEM_LABELS: Record<string, string> = {
  staff: 'Staff member',
  pros: 'Golf pro',
  memorials: 'Memorial',
  sponsors: 'Sponsor',
  winners: 'Winner',
  families: 'Family',
  galleries: 'Album',
  photos: 'Photo',
  hero: 'Slide',
  familyCarousel: 'Picture',
  description: 'Paragraph',
  intro: 'Paragraph',
  obituary: 'Paragraph',
  story: 'Paragraph',
  requirements: 'Requirement',
  advisoryDirectors: 'Director',
  boardOfDirectors: 'Board member',
  names: 'Name',
  social: 'Profile',
};

/** "advisoryDirectors" → "Advisory directors", "family_of_the_year" → "Family of the year". */
export function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describe(schema: z.ZodType, key: string, optional = false): FieldNode {
  if (schema === (ImageSchema as z.ZodType)) return { kind: 'image', optional };
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return describe(def.innerType!, key, true);
    case 'pipe':
      return describe(def.in!, key, optional);
    case 'object':
      return { kind: 'object', optional, fields: Object.entries(def.shape!).map(([k, s]) => ({ key: k, label: labelOf(k), node: describe(s, k) })) };
    case 'array': {
      const checks = def.checks ?? [];
      const min = checks.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
      const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum ?? null;
      return { kind: 'array', item: describe(def.element!, key), itemLabel: ITEM_LABELS[key] ?? 'Item', min, max };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'number':
    case 'int':
      return { kind: 'number', optional };
    case 'enum':
      return { kind: 'choice', options: Object.values(def.entries!), optional };
    case 'literal':
      return { kind: 'fixed', value: String(def.values![0]) };
    case 'union':
      return { kind: 'text', multiline: false, optional, format: 'url' };
    case 'string': {
      const format = def.format ?? def.checks?.find((c) => c._zod.def.format)?._zod.def.format;
      const mapped = format === 'email' ? 'email' : format === 'url' ? 'url' : format === 'date' ? 'date' : 'text';
      return { kind: 'text', multiline: mapped === 'text' && LONG_TEXT.has(key), optional, format: mapped };
    }
    default:
      return { kind: 'text', multiline: false, optional, format: 'text' };
  }
}

export function describeSchema(schema: z.ZodType): FieldNode {
  return describe(schema, '');
}

interface FormLike {
  getAll(name: string): unknown[];
  keys(): Iterable<string>;
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

function read(node: FieldNode, path: string, form: FormLike, names: string[], imageSize: (src: string) => { width: number; height: number } | null): unknown {
  const raw = () => {
    const value = form.getAll(path)[0];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  switch (node.kind) {
    case 'text': {
      const value = raw() ?? '';
      return value === '' && node.optional ? undefined : value.replace(/\r\n/g, '\n');
    }
    case 'number': {
      const value = raw() ?? '';
      if (value === '') return node.optional ? undefined : value;
      return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    case 'boolean': {
      const value = raw();
      return value === 'on' || value === 'true';
    }
    case 'choice': {
      const value = raw() ?? '';
      return value === '' && node.optional ? undefined : value;
    }
    case 'fixed':
      return node.value;
    case 'image': {
      const src = form.getAll(`${path}.src`)[0];
      const alt = form.getAll(`${path}.alt`)[0];
      if (typeof src !== 'string' || src.trim() === '') return node.optional ? undefined : { src: '', width: 1, height: 1, alt: typeof alt === 'string' ? alt.trim() : '' };
      const known = imageSize(src.trim());
      const number = (name: string) => Number(form.getAll(`${path}.${name}`)[0]);
      return { src: src.trim(), width: known?.width ?? number('width'), height: known?.height ?? number('height'), alt: typeof alt === 'string' ? alt.trim() : '' };
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const field of node.fields) {
        const value = read(field.node, join(path, field.key), form, names, imageSize);
        if (value !== undefined) out[field.key] = value;
      }
      // An optional group left blank is left out (its fixed texts do not count as filled in).
      const filled = node.fields.filter((f) => f.node.kind !== 'fixed').map((f) => out[f.key]);
      if (node.optional && filled.every((v) => v === undefined || v === '' || v === false)) return undefined;
      return out;
    }
    case 'array': {
      const prefix = path === '' ? '' : `${path}.`;
      const indices = new Set<number>();
      for (const name of names) {
        if (!name.startsWith(prefix)) continue;
        const index = /^(\d+)(\.|$)/.exec(name.slice(prefix.length))?.[1];
        if (index !== undefined) indices.add(Number(index));
      }
      return [...indices].sort((a, b) => a - b).map((i) => read(node.item, join(path, i), form, names, imageSize));
    }
  }
}

/** The posted form as the page's value, for the schema to check. */
export function formToValue(schema: z.ZodType, form: FormLike, imageSize: (src: string) => { width: number; height: number } | null = () => null): unknown {
  return read(describeSchema(schema), '', form, [...form.keys()], imageSize);
}

/** Parsed by PageEditFormSchema. */
export type ListOp = { op: 'add' | 'remove' | 'up' | 'down'; path: string; index: number | null };

export function emptyValue(node: FieldNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.fields.map((f) => [f.key, emptyValue(f.node)]));
    case 'array':
      return Array.from({ length: node.min }, () => emptyValue(node.item));
    case 'boolean':
      return false;
    case 'fixed':
      return node.value;
    case 'image':
      return { src: '', width: 0, height: 0, alt: '' };
    case 'number':
      return '';
    default:
      return '';
  }
}

/**
 * The words naming the field at a dotted path, for a summary of the errors: "Staff member 2 › Photo ›
 * Alt text" (a list is named by its item, as on the form). Null when the path is not on the form.
 */
export function fieldLabelAt(root: FieldNode, path: string): string | null {
  const parts = path.split('.').filter(Boolean);
  const words: string[] = [];
  let node = root;
  for (const [i, part] of parts.entries()) {
    if (node.kind === 'object') {
      const field = node.fields.find((f) => f.key === part);
      if (!field) return null;
      if (field.node.kind !== 'array' || i === parts.length - 1) words.push(field.label);
      node = field.node;
    } else if (node.kind === 'array' && /^\d+$/.test(part)) {
      words.push(`${node.itemLabel} ${Number(part) + 1}`);
      node = node.item;
    } else if (node.kind === 'image' && i === parts.length - 1 && ['src', 'alt', 'width', 'height'].includes(part)) {
      words.push(part === 'alt' ? 'Alt text' : 'Picture');
    } else {
      return null;
    }
  }
  return words.length > 0 ? words.join(' › ') : null;
}

const READABLE: [RegExp, (...groups: string[]) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'This cannot be empty.'],
  [/^Too small: expected string to have >=(\d+) characters$/, (n) => `Use at least ${n} characters.`],
  [/^Too big: expected string to have <=(\d+) characters$/, (n) => `Use at most ${n} characters.`],
  [/^Too small: expected array to have >=(\d+) items?$/, (n) => `Keep at least ${n}.`],
  [/^Too big: expected array to have <=(\d+) items?$/, (n) => `Keep at most ${n}.`],
  [/^Too small: expected number to be >0$/, () => 'Use a number above 0.'],
  [/^Too small: expected number to be >=(-?[\d.]+)$/, (n) => `Use ${n} or more.`],
  [/^Too big: expected number to be <=(-?[\d.]+)$/, (n) => `Use ${n} or less.`],
  [/^Invalid input: expected int\b/, () => 'Enter a whole number.'],
  [/^Invalid input: expected number\b/, () => 'Enter a number.'],
  [/^Invalid URL$/, () => 'Enter a full web address, starting with https://.'],
  [/^Invalid input$/, () => 'Enter a web address starting with https://, or a page of this site starting with /.'],
  [/^Invalid option: expected one of\b/, () => 'Choose one of the options.'],
  [/^Invalid email address$/, () => 'Enter an email address, such as name@example.org.'],
  [/^Invalid (ISO )?date$/, () => 'Enter a date.'],
  [/^must start with "\/media\/"$/, () => 'Choose a picture from the media library.'],
  [/^must be a path starting with "\/"$/, () => 'Start the address of a page of this site with /, such as /events.'],
];

/**
 * A schema's message in the words of the rest of the back office: the content schemas keep the
 * checker's own terse messages ("Too small: expected string to have >=1 characters"), which are for
 * programmers. Anything not recognised is shown as it is, with a capital letter.
 */
export function readableMessage(message: string): string {
  for (const [pattern, say] of READABLE) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function nodeAt(root: FieldNode, path: string): FieldNode | null {
  let node: FieldNode | null = root;
  for (const part of path.split('.').filter(Boolean)) {
    if (!node) return null;
    if (node.kind === 'object') node = node.fields.find((f) => f.key === part)?.node ?? null;
    else if (node.kind === 'array' && /^\d+$/.test(part)) node = node.item;
    else return null;
  }
  return node;
}

/** The value with the list at op.path changed; anything out of range leaves it as it was. */
export function applyListOp(schema: z.ZodType, value: unknown, op: ListOp): unknown {
  const node = nodeAt(describeSchema(schema), op.path);
  if (!node || node.kind !== 'array') return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent: unknown = copy;
  for (const part of op.path.split('.').filter(Boolean)) parent = (parent as Record<string, unknown>)?.[part];
  if (!Array.isArray(parent)) return value;
  const list = parent as unknown[];
  const i = op.index ?? -1;
  if (op.op === 'add') {
    if (node.max === null || list.length < node.max) list.push(emptyValue(node.item));
  } else if (i < 0 || i >= list.length) {
    return value;
  } else if (op.op === 'remove') {
    if (list.length > node.min) list.splice(i, 1);
  } else {
    const j = op.op === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= list.length) return value;
    [list[i], list[j]] = [list[j], list[i]];
  }
  return copy;
}
