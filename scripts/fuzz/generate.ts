/**
 * The request generator: request #i of a run is a pure function of (seed, i, context). It knows
 * no endpoint by name; it reads the route table in api.ts and bends its valid examples.
 */
import { type OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { fillPath, ROUTES, type Example, type FuzzContext, type Route } from './api';
import { BASE64URL, Rng } from './rng';
import { type WireRequest } from './send';
import { Entries, EXTRA_KEYS, HOSTILE_OTHERS, HOSTILE_STRINGS, hostileValue, NUMBER_LIKE, RawJson, toJson, type Labeled } from './values';

export const CATEGORIES = ['valid', 'sweep', 'field', 'missing', 'extra', 'nested', 'raw', 'method', 'header', 'path', 'page'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FuzzRequest extends WireRequest {
  index: number;
  category: Category;
  /** The route table entry the request was built from (or "odd path"). */
  route: string;
  /** What is odd about it, e.g. `eventNumber=2^31`. */
  label: string;
}

const WEIGHTS: readonly (readonly [number, Category])[] = [
  [8, 'valid'],
  [28, 'field'],
  [6, 'missing'],
  [6, 'extra'],
  [5, 'nested'],
  [10, 'raw'],
  [8, 'method'],
  [12, 'header'],
  [10, 'path'],
  [7, 'page'],
];

export const ODD_METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'QUERY', 'POST', 'MKCOL', 'PURGE'];

/** A request under construction: the body stays a JSON value until the end. */
interface Draft {
  method: string;
  path: string;
  headers: OutgoingHttpHeaders;
  json?: unknown;
  raw?: Buffer;
  setHost?: boolean;
  label: string[];
}

const API_ROUTES = ROUTES.filter((r) => r.kind === 'api');
const BODY_ROUTES = ROUTES.filter((r) => r.example && r.method === 'POST');
const PAGE_ROUTES = ROUTES.filter((r) => r.kind === 'page');

// ---------------------------------------------------------------------------------------------
// Helpers over JSON bodies.

type Path = (string | number)[];

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && v.constructor === Object;

/** Every path into a JSON value: leaves and containers (not the root). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  return out;
}

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);
}

function setAt(root: unknown, path: Path, value: unknown): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
}

function deleteAt(root: unknown, path: Path): void {
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else if (isPlainObject(parent)) delete parent[key as string];
}

/** Arrays of objects inside a body (e.g. steak-fry attendees). */
function nestedLists(body: unknown): Path[] {
  return pathsOf(body).filter((p) => {
    const v = getAt(body, p);
    return Array.isArray(v) && v.some(isPlainObject);
  });
}

const showPath = (path: Path) => path.map(String).join('.');

/** A private copy of a catalogue value, so later mutations never change the catalogue. */
function fresh<T>(value: T): T {
  if (Array.isArray(value)) return value.map(fresh) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fresh(v)])) as T;
  return value;
}

/** A hostile value as a path segment or query value. */
function asSegment(value: unknown): string {
  const text = value instanceof RawJson ? value.text : typeof value === 'string' ? value : toJson(value);
  // Lone surrogates have no UTF-8 form: send their WTF-8 bytes (%ED%A0%80…), themselves invalid UTF-8.
  return text
    .replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g, (part) => {
      if (part.length !== 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .replace(/%2F/g, '%2f');
}

// ---------------------------------------------------------------------------------------------
// The valid baseline: XSRF pair, Bearer token where it matters, the route's example.

function baseline(ctx: FuzzContext, rng: Rng, route: Route, seed: number, index: number): { draft: Draft; example: Example } {
  const example = route.example?.(ctx, rng) ?? {};
  const xsrf = rng.string(43, BASE64URL);
  const headers: OutgoingHttpHeaders = {
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
    accept: route.kind === 'api' ? 'application/json' : 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
    'x-request-id': `fuzz-${seed}-${index}`,
  };
  const withAuth = route.auth === 'required' || (route.auth === 'optional' && rng.chance(0.5)) || (route.auth === 'none' && rng.chance(0.1));
  if (withAuth && ctx.accounts.length > 0) headers.authorization = `Bearer ${(example.account ?? rng.pick(ctx.accounts)).token}`;
  Object.assign(headers, example.headers);
  const draft: Draft = { method: route.method, path: fillPath(route, ctx, rng), headers, label: [] };
  if (example.body !== undefined) draft.json = clone(example.body);
  return { draft, example };
}

function finish(draft: Draft, index: number, category: Category, route: string): FuzzRequest {
  const headers = { ...draft.headers };
  let body: Buffer | undefined = draft.raw;
  if (body === undefined && draft.json !== undefined) {
    body = Buffer.from(toJson(draft.json), 'utf8');
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  return { index, category, route, label: draft.label.join('; ') || 'as documented', method: draft.method, path: draft.path, headers, body, setHost: draft.setHost };
}

// ---------------------------------------------------------------------------------------------
// Mutators, one per category.

function mutateFields(ctx: FuzzContext, rng: Rng, route: Route, draft: Draft): void {
  if (draft.json !== undefined) {
    const count = rng.weighted([
      [6, 1],
      [3, 2],
      [1, 3],
    ] as const);
    const paths = pathsOf(draft.json);
    for (const path of rng.sample(paths, count)) {
      const parent = getAt(draft.json, path.slice(0, -1));
      if (!Array.isArray(parent) && !isPlainObject(parent)) continue; // its parent was replaced already
      const [label, value] = hostileValue(rng, getAt(draft.json, path));
      setAt(draft.json, path, fresh(value));
      draft.label.push(`${showPath(path)}=${label}`);
    }
    return;
  }
  const params = Object.keys(route.params ?? {});
  if (params.length > 0) {
    const name = rng.pick(params);
    const [label, value] = rng.chance(0.4) ? rng.pick(NUMBER_LIKE) : hostileValue(rng, name);
    draft.path = fillPath(route, ctx, rng, { [name]: asSegment(value) });
    draft.label.push(`:${name}=${label}`);
    return;
  }
  const [label, value] = hostileValue(rng, '');
  const key = rng.pick(['q', 'page', '__proto__[polluted]', 'constructor[prototype][x]', 'id', 'a[]']);
  draft.path += `?${encodeURIComponent(key)}=${asSegment(value)}`;
  draft.label.push(`query ${key}=${label}`);
}

function removeFields(rng: Rng, draft: Draft): void {
  if (!isPlainObject(draft.json)) {
    draft.label.push('no body');
    return;
  }
  if (rng.chance(0.15)) {
    draft.json = {};
    draft.label.push('empty object');
    return;
  }
  const paths = pathsOf(draft.json).filter((p) => rng.chance(0.7) || p.length === 1);
  const chosen = rng.sample(paths, rng.int(1, Math.min(paths.length, rng.chance(0.7) ? 2 : paths.length)));
  // Deepest first, and array items from the end, so earlier deletions do not move later paths.
  chosen.sort((a, b) => b.length - a.length || String(b[b.length - 1]).localeCompare(String(a[a.length - 1]), undefined, { numeric: true }));
  for (const path of chosen) {
    const parent = getAt(draft.json, path.slice(0, -1));
    if (!Array.isArray(parent) && !isPlainObject(parent)) continue;
    deleteAt(draft.json, path);
  }
  draft.label.push(`missing ${chosen.map(showPath).join(',')}`);
}

/** Turns the object at `path` (root when empty) into Entries with extra keys. */
function addKeys(rng: Rng, draft: Draft): void {
  if (!isPlainObject(draft.json)) draft.json = {};
  if (rng.chance(0.05)) {
    const many: [string, unknown][] = Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]);
    draft.json = new Entries([...Object.entries(draft.json as Record<string, unknown>), ...many]);
    draft.label.push('5000 extra keys');
    return;
  }
  const containers = [[], ...pathsOf(draft.json).filter((p) => isPlainObject(getAt(draft.json, p)))] as Path[];
  const target = rng.pick(containers);
  const object = target.length === 0 ? draft.json : getAt(draft.json, target);
  const own = Object.entries(object as Record<string, unknown>);
  const extras: (readonly [string, unknown])[] = rng.sample(EXTRA_KEYS, rng.int(1, 3)).map(([k, v]) => [k, v] as const);
  if (own.length > 0 && rng.chance(0.25)) {
    // A duplicate of a real key: JSON.parse keeps the last one.
    const [key] = rng.pick(own);
    const [label, value] = rng.pick(HOSTILE_OTHERS);
    extras.push([key, value]);
    draft.label.push(`duplicate ${key}=${label}`);
  }
  const entries = rng.chance(0.5) ? [...extras, ...own] : [...own, ...extras];
  const replacement = new Entries(entries);
  if (target.length === 0) draft.json = replacement;
  else setAt(draft.json, target, replacement);
  draft.label.push(`extra keys at ${showPath(target) || 'root'}: ${extras.map(([k]) => JSON.stringify(k.length > 20 ? `${k.slice(0, 20)}…` : k)).join(',')}`);
}

/** Lists of objects (steak-fry attendees): sizes, item types, item fields. */
function mutateNested(rng: Rng, draft: Draft): boolean {
  const lists = nestedLists(draft.json);
  if (lists.length === 0) return false;
  const path = rng.pick(lists);
  const list = getAt(draft.json, path) as Record<string, unknown>[];
  const item = list[0] ?? {};
  const where = showPath(path);
  const choice = rng.int(0, 11);
  switch (choice) {
    case 0:
      setAt(draft.json, path, []);
      draft.label.push(`${where}=[]`);
      break;
    case 1:
    case 2: {
      const n = rng.pick([11, 100, 3000]);
      setAt(draft.json, path, Array.from({ length: n }, () => clone(item)));
      draft.label.push(`${where} x${n}`);
      break;
    }
    case 3: {
      const [label, value] = rng.pick<Labeled>([
        ['null', null],
        ['"x"', 'x'],
        ['1', 1],
        ['[]', []],
        ['[[]]', [[]]],
        ['true', true],
      ]);
      list[rng.int(0, list.length - 1)] = value as Record<string, unknown>;
      draft.label.push(`${where} item=${label}`);
      break;
    }
    case 4: {
      const [label, value] = rng.pick<Labeled>([
        ['object with index keys', { 0: item }],
        ['string', 'attendees'],
        ['number', 3],
        ['null', null],
        ['__proto__ object', new Entries([['__proto__', [item]]])],
      ]);
      setAt(draft.json, path, value);
      draft.label.push(`${where}=${label}`);
      break;
    }
    case 5: {
      const i = rng.int(0, list.length - 1);
      const [key, value] = rng.pick(EXTRA_KEYS);
      list[i] = new Entries([[key, value], ...Object.entries(list[i] ?? {})]) as unknown as Record<string, unknown>;
      draft.label.push(`${where}.${i} extra key ${JSON.stringify(key.slice(0, 20))}`);
      break;
    }
    case 6: {
      // Flip every boolean in every item (e.g. all attendees declared children).
      const copies = Array.from({ length: rng.int(1, 10) }, () => clone(item));
      for (const copy of copies) for (const [k, v] of Object.entries(copy)) if (typeof v === 'boolean') copy[k] = !v;
      setAt(draft.json, path, copies);
      draft.label.push(`${where} x${copies.length} booleans flipped`);
      break;
    }
    case 7: {
      const i = rng.int(0, list.length - 1);
      const keys = Object.keys(list[i] ?? {});
      if (keys.length > 0) {
        const key = rng.pick(keys);
        delete list[i]![key];
        draft.label.push(`${where}.${i} missing ${key}`);
      }
      break;
    }
    default: {
      // A hostile value in one item's field.
      const i = rng.int(0, list.length - 1);
      const keys = Object.keys(list[i] ?? {});
      if (keys.length === 0) break;
      const key = rng.pick(keys);
      const [label, value] = hostileValue(rng, list[i]![key]);
      list[i]![key] = fresh(value);
      draft.label.push(`${where}.${i}.${key}=${label}`);
    }
  }
  return true;
}

interface RawBody {
  label: string;
  body: Buffer;
  /** null: no Content-Type at all. */
  contentType?: string | null;
  headers?: OutgoingHttpHeaders;
}

// Large constant bodies, built once.
const GZIP_BOMB = gzipSync(Buffer.alloc(10 * 1024 * 1024));
const DEEP_ARRAYS = Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`);
const DEEP_OBJECTS = Buffer.from(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`);
const MANY_KEYS = Buffer.from(`{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`);
const BODY_150K = Buffer.from(`{"pad":"${'p'.repeat(150_000)}"}`);
const PAD_99K = 'p'.repeat(99_000);

function rawBodies(rng: Rng, valid: Buffer): RawBody[] {
  const b = (s: string) => Buffer.from(s, 'utf8');
  const text = valid.toString('utf8');
  const inner = text.startsWith('{') && text.length > 2 ? text.slice(1) : '}';
  const garbage = rng.bytes(rng.int(1, 64));
  return [
    { label: 'truncated JSON', body: valid.subarray(0, Math.max(1, Math.floor(valid.length / 2))) },
    { label: 'trailing comma', body: b(`{"a":1,}`) },
    { label: 'single quotes', body: b(`{'email':'a@example.org'}`) },
    { label: 'unquoted keys', body: b('{email:1}') },
    { label: 'NaN literal', body: b('{"amount":NaN}') },
    { label: 'bad escape', body: b('{"a":"\\x41"}') },
    { label: 'comment', body: b('{"a":1 /* c */}') },
    { label: 'raw NUL in string', body: Buffer.concat([b('{"email":"a'), Buffer.from([0]), b('b@example.org"}')]) },
    { label: 'raw control chars', body: b('{"email":"\u0001\u0002\u001f"}') },
    { label: 'empty body', body: Buffer.alloc(0) },
    { label: 'whitespace body', body: b(' \r\n\t ') },
    { label: 'concatenated JSON', body: Buffer.concat([valid, valid]) },
    { label: 'top-level null', body: b('null') },
    { label: 'top-level true', body: b('true') },
    { label: 'top-level number', body: b('42') },
    { label: 'top-level 1e400', body: b('1e400') },
    { label: 'top-level string', body: b('"hello"') },
    { label: 'top-level []', body: b('[]') },
    { label: 'top-level array', body: b(`[${text}]`) },
    { label: 'UTF-8 BOM + JSON', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid]) },
    { label: 'UTF-16 BOM + JSON', body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) },
    { label: 'duplicate keys', body: b(`{"email":1,"email":"x@example.org",${inner}`) },
    { label: 'raw __proto__ key', body: b(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${inner}`) },
    { label: '5000-deep arrays', body: DEEP_ARRAYS },
    { label: '3000-deep objects', body: DEEP_OBJECTS },
    { label: '5000 keys', body: MANY_KEYS },
    { label: '99 kB body', body: b(`{"pad":"${PAD_99K}",${inner}`) },
    { label: '150 kB body', body: BODY_150K },
    { label: 'invalid UTF-8', body: Buffer.concat([b('{"email":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1]), b('@example.org"}')]) },
    { label: 'overlong UTF-8', body: Buffer.concat([b('{"email":"'), Buffer.from([0xc0, 0xaf, 0xe0, 0x80, 0xaf]), b('"}')]) },
    { label: 'random bytes', body: garbage },
    { label: 'charset=utf-16', body: Buffer.from(text, 'utf16le'), contentType: 'application/json; charset=utf-16' },
    { label: 'charset=utf-16le', body: Buffer.from(text, 'utf16le'), contentType: 'application/json; charset=utf-16le' },
    { label: 'charset=latin1', body: Buffer.from(text.replace(/"$/, ''), 'latin1'), contentType: 'application/json; charset=latin1' },
    { label: 'charset=iso-8859-1', body: Buffer.from('{"email":"caf\u00e9@example.org"}', 'latin1'), contentType: 'application/json; charset=iso-8859-1' },
    { label: 'charset=bogus', body: valid, contentType: 'application/json; charset=bogus-42' },
    { label: 'charset empty', body: valid, contentType: 'application/json; charset=""' },
    { label: 'text/plain', body: valid, contentType: 'text/plain' },
    { label: 'form urlencoded', body: b('email=a%40example.org&amount=20&__proto__[x]=1'), contentType: 'application/x-www-form-urlencoded' },
    {
      label: 'multipart',
      body: b('--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.org\r\n--XyZ--\r\n'),
      contentType: 'multipart/form-data; boundary=XyZ',
    },
    { label: 'xml', body: b('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'), contentType: 'application/xml' },
    { label: 'no content type', body: valid, contentType: null },
    { label: 'json-patch+json', body: valid, contentType: 'application/json-patch+json' },
    { label: 'vnd.api+json', body: valid, contentType: 'application/vnd.api+json' },
    { label: 'upper-case type', body: valid, contentType: 'APPLICATION/JSON' },
    { label: 'type with junk params', body: valid, contentType: 'application/json;;; a=b; =; charset' },
    { label: 'type */*', body: valid, contentType: '*/*' },
    { label: 'type text/html', body: valid, contentType: 'text/html' },
    { label: 'type garbage', body: valid, contentType: '%%%/;;' },
    { label: 'gzip, garbage', body: garbage, headers: { 'content-encoding': 'gzip' } },
    { label: 'gzip, valid', body: gzipSync(valid), headers: { 'content-encoding': 'gzip' } },
    { label: 'gzip, truncated', body: gzipSync(valid).subarray(0, 12), headers: { 'content-encoding': 'gzip' } },
    { label: 'gzip bomb (10 MB of zeros)', body: GZIP_BOMB, headers: { 'content-encoding': 'gzip' } },
    { label: 'deflate, garbage', body: garbage, headers: { 'content-encoding': 'deflate' } },
    { label: 'deflate, valid', body: deflateSync(valid), headers: { 'content-encoding': 'deflate' } },
    { label: 'br, garbage', body: garbage, headers: { 'content-encoding': 'br' } },
    { label: 'br, valid', body: brotliCompressSync(valid), headers: { 'content-encoding': 'br' } },
    { label: 'compress', body: garbage, headers: { 'content-encoding': 'compress' } },
    { label: 'zstd', body: garbage, headers: { 'content-encoding': 'zstd' } },
    { label: 'unknown encoding', body: valid, headers: { 'content-encoding': 'x-evil' } },
    { label: 'identity', body: valid, headers: { 'content-encoding': 'identity' } },
    { label: 'double gzip, garbage', body: garbage, headers: { 'content-encoding': 'gzip, gzip' } },
    { label: 'chunked upload', body: valid, headers: { 'transfer-encoding': 'chunked' } },
  ];
}

function rawBody(rng: Rng, draft: Draft): void {
  const valid = Buffer.from(toJson(draft.json ?? {}), 'utf8');
  const choice = rng.pick(rawBodies(rng, valid));
  draft.json = undefined;
  draft.raw = choice.body;
  if (choice.contentType !== null) draft.headers['content-type'] = choice.contentType ?? 'application/json';
  Object.assign(draft.headers, choice.headers);
  draft.label.push(`raw: ${choice.label}`);
}

function oddMethod(rng: Rng, draft: Draft): void {
  draft.method = rng.pick(ODD_METHODS);
  if (draft.method === 'GET' || draft.method === 'HEAD') {
    if (rng.chance(0.8)) draft.json = undefined;
  } else if (draft.json === undefined && rng.chance(0.5)) {
    draft.json = {};
  }
  draft.label.push(`method ${draft.method}${draft.json !== undefined ? ' with body' : ''}`);
}

function headerMutations(ctx: FuzzContext, rng: Rng): ((draft: Draft) => string)[] {
  const token = ctx.accounts.length > 0 ? rng.pick(ctx.accounts).token : 'a.b.c';
  const [head = '', payload = '', signature = ''] = token.split('.');
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const xsrf = rng.string(43, BASE64URL);
  const auth = (label: string, value: string | string[] | undefined) => (d: Draft) => {
    if (value === undefined) delete d.headers.authorization;
    else (d.headers as Record<string, string | string[]>).authorization = value;
    return `Authorization ${label}`;
  };
  const cookie = (label: string, cookieValue: string | undefined, header: string | undefined | null = null) => (d: Draft) => {
    if (cookieValue === undefined) delete d.headers.cookie;
    else d.headers.cookie = cookieValue;
    if (header === undefined) delete d.headers['x-xsrf-token'];
    else if (header !== null) d.headers['x-xsrf-token'] = header;
    return `XSRF ${label}`;
  };
  const set = (label: string, name: string, value: string | string[]) => (d: Draft) => {
    d.headers[name] = value;
    return label;
  };
  return [
    auth('missing', undefined),
    auth('"Bearer"', 'Bearer'),
    auth('"Bearer "', 'Bearer '),
    auth('lower-case bearer', `bearer ${token}`),
    auth('Basic', 'Basic dXNlcjpwYXNzd29yZA=='),
    auth('Token scheme', `Token ${token}`),
    auth('double space', `Bearer  ${token}`),
    auth('token + junk', `Bearer ${token} junk`),
    auth('bad signature', `Bearer ${head}.${payload}.${signature.slice(0, -4)}AAAA`),
    auth('swapped payload', `Bearer ${head}.${b64({ id: 1, pv: 0, email: 'admin@example.org', exp: 4102444800 })}.${signature}`),
    auth('alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`),
    auth('alg none + sig', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`),
    auth('HS512 header', `Bearer ${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`),
    auth('9 kB', `Bearer ${'A'.repeat(9000)}`),
    auth('non-ASCII', 'Bearer \u00f1\u00e9\u00ff.\u00e0.\u00e7'),
    auth('a.b.c', 'Bearer a.b.c'),
    auth('dots', 'Bearer ....'),
    auth('two headers', [`Bearer ${token}`, 'Bearer a.b.c']),
    cookie('no cookie', undefined),
    cookie('no header', `XSRF-TOKEN=${xsrf}`, undefined),
    cookie('neither', undefined, undefined),
    cookie('mismatch', `XSRF-TOKEN=${xsrf}`, rng.string(43, BASE64URL)),
    cookie('31-char pair', `XSRF-TOKEN=${xsrf.slice(0, 31)}`, xsrf.slice(0, 31)),
    cookie('JSON cookie j:', `XSRF-TOKEN=j:${encodeURIComponent(JSON.stringify({ a: xsrf }))}`, `j:${JSON.stringify({ a: xsrf })}`),
    cookie('two cookies', `XSRF-TOKEN=${xsrf}; XSRF-TOKEN=${rng.string(43, BASE64URL)}`, xsrf),
    cookie('quoted cookie', `XSRF-TOKEN="${xsrf}"`, xsrf),
    cookie('percent-encoded cookie', `XSRF-TOKEN=${xsrf.replace(/a/g, '%61')}`, xsrf),
    cookie('cookie with spaces', `  XSRF-TOKEN = ${xsrf} ;`, xsrf),
    cookie('header with spaces', `XSRF-TOKEN=${xsrf}`, `  ${xsrf}  `),
    cookie('6 kB cookie', `XSRF-TOKEN=${xsrf}; junk=${'j'.repeat(6000)}`, xsrf),
    cookie('20 kB cookie', `XSRF-TOKEN=${xsrf}; junk=${'j'.repeat(20_000)}`, xsrf),
    cookie('6 kB token', `XSRF-TOKEN=${'t'.repeat(6000)}`, 't'.repeat(6000)),
    cookie('200 cookies', `${Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join('; ')}; XSRF-TOKEN=${xsrf}`, xsrf),
    cookie('malformed cookie syntax', `;;; =; ==; XSRF-TOKEN=${xsrf}; =x`, xsrf),
    cookie('latin-1 cookie', `XSRF-TOKEN=${xsrf}\u00e9\u00ff`, `${xsrf}\u00e9\u00ff`),
    cookie('two headers', `XSRF-TOKEN=${xsrf}`, [xsrf, xsrf] as unknown as string),
    set('X-Request-Id empty', 'x-request-id', ''),
    set('X-Request-Id 2 kB', 'x-request-id', 'r'.repeat(2048)),
    set('X-Request-Id spaces', 'x-request-id', 'a b c d e f g h'),
    set('X-Request-Id markup', 'x-request-id', '<script>alert(1)</script>'),
    set('X-Request-Id traversal', 'x-request-id', '../../../etc/passwd'),
    set('X-Request-Id latin-1', 'x-request-id', '\u00f1\u00f1\u00f1\u00f1\u00f1\u00f1\u00f1\u00f1'),
    set('X-Request-Id twice', 'x-request-id', ['abcdefgh-1', 'abcdefgh-2']),
    set('Host evil', 'host', 'evil.example'),
    set('Host empty', 'host', ''),
    set('Host 2 kB', 'host', `${'h'.repeat(2048)}.example`),
    set('Host bad port', 'host', 'localhost:99999'),
    set('Host IPv6', 'host', '[::1]:80'),
    set('Host with space', 'host', 'a b'),
    set('Host with path', 'host', 'evil.example/path?x'),
    set('Host with userinfo', 'host', 'user:pw@evil.example'),
    (d) => {
      d.setHost = false;
      delete d.headers.host;
      return 'no Host header';
    },
    set('X-Forwarded-For', 'x-forwarded-for', '203.0.113.7'),
    set('X-Forwarded-For chain', 'x-forwarded-for', '203.0.113.7, 127.0.0.1, unknown'),
    set('X-Forwarded-For garbage', 'x-forwarded-for', 'not an address, ::::, 999.1.1.1'),
    set('X-Forwarded-For 2 kB', 'x-forwarded-for', Array.from({ length: 150 }, (_, i) => `10.0.${i % 256}.1`).join(', ')),
    set('X-Forwarded-Proto https', 'x-forwarded-proto', 'https'),
    set('X-Forwarded-Proto gopher', 'x-forwarded-proto', 'gopher'),
    set('X-Forwarded-Host', 'x-forwarded-host', 'evil.example'),
    set('Forwarded', 'forwarded', 'for=203.0.113.7;proto=https;host=evil.example'),
    set('X-Real-IP', 'x-real-ip', '203.0.113.9'),
    set('Expect 100-continue', 'expect', '100-continue'),
    set('Expect unknown', 'expect', 'teapot'),
    set('X-HTTP-Method-Override', 'x-http-method-override', 'DELETE'),
    set('X-Method-Override', 'x-method-override', 'PUT'),
    set('Accept odd', 'accept', 'application/x-evil'),
    set('Accept bad q', 'accept', 'text/html;q=nan, */*;q=-1'),
    set('Accept empty', 'accept', ''),
    set('Accept-Encoding gzip', 'accept-encoding', 'gzip'),
    set('Accept-Encoding br', 'accept-encoding', 'br'),
    set('Accept-Encoding junk', 'accept-encoding', 'x, y;q=abc, *;q=0'),
    set('Accept-Language junk', 'accept-language', 'xx-\u00f1;q=2, *;q=-1, ' + 'en,'.repeat(200)),
    set('Range', 'range', 'bytes=0-10'),
    set('Range past end', 'range', 'bytes=999999999-'),
    set('Range garbage', 'range', 'bytes=a-b'),
    set('Range many', 'range', `bytes=${Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(',')}`),
    set('If-None-Match *', 'if-none-match', '*'),
    set('If-None-Match weak', 'if-none-match', 'W/"x", "y"'),
    set('If-Modified-Since garbage', 'if-modified-since', 'yesterday-ish'),
    set('If-Modified-Since future', 'if-modified-since', 'Fri, 01 Jan 2100 00:00:00 GMT'),
    set('Origin evil', 'origin', 'https://evil.example'),
    set('Origin null', 'origin', 'null'),
    set('Referer evil', 'referer', 'https://evil.example/attack'),
    set('User-Agent 8 kB', 'user-agent', 'U'.repeat(8192)),
    set('User-Agent bot', 'user-agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)'),
    set('Connection keep-alive', 'connection', 'keep-alive'),
    set('TE trailers', 'te', 'trailers'),
    set('Cache-Control', 'cache-control', 'no-cache, max-age=-1'),
    set('Max-Forwards 0', 'max-forwards', '0'),
    set('Content-Type twice', 'content-type', ['application/json', 'text/plain']),
    (d) => {
      if (d.json === undefined && d.raw === undefined) d.headers['content-length'] = '0';
      return 'Content-Length 0';
    },
    (d) => {
      d.headers['x-' + rng.string(8)] = rng.string(100, '\t !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~abc\u00e9\u00ff');
      return 'random header';
    },
  ];
}

function oddHeaders(ctx: FuzzContext, rng: Rng, draft: Draft): void {
  const mutations = headerMutations(ctx, rng);
  for (const mutation of rng.sample(mutations, rng.chance(0.8) ? 1 : 2)) draft.label.push(mutation(draft));
}

/** Odd request targets that need no knowledge of the site. */
const GENERIC_ODD_PATHS: readonly Labeled[] = [
  ['traversal', '/../../../../etc/passwd'],
  ['encoded traversal', '/%2e%2e/%2e%2e/etc/passwd'],
  ['root %00', '/%00'],
  ['lone %', '/%'],
  ['truncated escape', '/%E0%A4%A'],
  ['bad escape', '/%zz'],
  ['4 kB path', `/${'a'.repeat(4096)}`],
  ['20 kB path', `/${'b'.repeat(20_000)}`],
  ['//evil', '//evil.example'],
  ['/\\evil', '/\\evil.example'],
  ['.env', '/.env'],
  ['.git', '/.git/config'],
  ['package.json', '/package.json'],
  ['server source', '/server/main.ts'],
  ['build file', '/build/server/index.js'],
  ['1000 query params', `/?${'a=1&'.repeat(1000)}`],
  ['asterisk', '*'],
  ['absolute-form', 'http://evil.example/'],
  // React Router framework mode's own routes: single-fetch data and the lazy route manifest.
  ['_root.data', '/_root.data'],
  ['__manifest', '/__manifest'],
  ['__manifest paths', '/__manifest?p=/&p=/a/b&p=%00&version=x'],
  ['__manifest huge', `/__manifest?${'p=/x&'.repeat(400)}version=1`],
  ['__manifest version junk', '/__manifest?p=%00&version=%ff'],
];

/** Bends a real path from the route table: case, slashes, escapes, suffixes, last segment. */
function bentPaths(rng: Rng, real: string): Labeled[] {
  const segments = real.split('/');
  const last = segments[segments.length - 1] ?? '';
  const parent = segments.slice(0, -1).join('/') || '';
  const first = segments[1] ?? '';
  const withLast = (segment: string) => `${parent}/${segment}`;
  const randomBytes = () => {
    let out = `/${first}/`;
    for (const byte of rng.bytes(rng.int(1, 40))) {
      if (byte >= 0x21 && byte <= 0x7e && byte !== 0x25) out += String.fromCharCode(byte);
      else if (byte >= 0x80 && rng.chance(0.3)) out += String.fromCharCode(byte); // raw, sent as a latin-1 byte
      else out += `%${byte.toString(16).padStart(2, '0')}`;
    }
    return out;
  };
  const [label, value] = rng.pick(NUMBER_LIKE);
  return [
    ['upper case', real.toUpperCase()],
    ['capitalised', real.replace(/^\/(\w)/, (_m, c: string) => `/${c.toUpperCase()}`)],
    ['leading //', `/${real}`],
    ['encoded slashes', `/${real.slice(1).replace(/\//g, '%2f')}`],
    ['encoded leading slash', `/%2f${real.slice(1)}`],
    ['trailing slash', `${real}/`],
    ['trailing %00', `${real}%00`],
    ['matrix param', `${real};jsessionid=1`],
    ['fragment', `${real}#frag`],
    ['.data', `${real}.data`],
    ['.data ?_routes', `${real}.data?_routes=root,routes/${rng.string(6)},../../etc/passwd,%00`],
    ['query __proto__', `${real}?__proto__[x]=1&constructor[prototype][y]=2`],
    ['traversal inside', `${parent}/..%2f..%2fpackage.json`],
    ['dot segments inside', `${parent}/%2e%2e/%2e%2e/package.json`],
    ['backslash traversal inside', `${parent}/..%5c..%5cpackage.json`],
    ['double-encoded traversal', `${parent}/%252e%252e/%252e%252e/package.json`],
    ['4 kB under it', `${real}/${'a/'.repeat(2048)}`],
    [`last segment ${label}`, withLast(asSegment(value))],
    ['last segment NaN', withLast('NaN')],
    ['last segment Infinity', withLast('Infinity')],
    ['last segment %20', withLast('%20')],
    ['last segment full-width', withLast(encodeURIComponent(last.replace(/[0-9a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))) || '%EF%BC%96')],
    ['last segment arabic digit', withLast(encodeURIComponent('٦'))],
    ['last segment %C0%AF', withLast('%C0%AF')],
    ['last segment %', withLast('%')],
    ['last segment markup', withLast('%3Cscript%3Ealert(1)%3C%2Fscript%3E')],
    ['last segment raw latin-1', withLast('\u00e9\u00ff')],
    ['empty last segment', `${parent}/`],
    [`random bytes under /${first}`, randomBytes()],
  ];
}

function oddPath(rng: Rng, route: Route, draft: Draft): void {
  const generic = rng.chance(0.25);
  const [label, path] = generic ? rng.pick(GENERIC_ODD_PATHS) : rng.pick(bentPaths(rng, draft.path));
  draft.path = path as string;
  draft.method = rng.pick(['GET', 'GET', 'POST', 'HEAD']);
  // A POST keeps the route's valid body (e.g. /API/… must not slip past the XSRF check).
  if (draft.method !== 'POST') draft.json = undefined;
  else draft.json ??= {};
  draft.label.push(`${label}${generic ? '' : ` of ${route.name}`} (${draft.method})`);
}

function pageVariant(rng: Rng, draft: Draft): void {
  const path = draft.path;
  const dataPath = path === '/' ? '/_root.data' : `${path}.data`;
  const [label, apply] = rng.pick<[string, () => void]>([
    ['GET', () => undefined],
    ['HEAD', () => (draft.method = 'HEAD')],
    ['.data', () => (draft.path = dataPath)],
    ['.data ?_routes', () => (draft.path = `${dataPath}?_routes=root,routes/${rng.pick(['home', 'events', 'event-detail', 'nope'])}`)],
    ['POST .data', () => ((draft.method = 'POST'), (draft.path = dataPath), (draft.raw = Buffer.from('a=1')), (draft.headers['content-type'] = 'application/x-www-form-urlencoded'))],
    ['POST form', () => ((draft.method = 'POST'), (draft.raw = Buffer.from('intent=delete&id=1')), (draft.headers['content-type'] = 'application/x-www-form-urlencoded'))],
    ['POST JSON', () => ((draft.method = 'POST'), (draft.json = { a: 1 }))],
    ['__manifest', () => (draft.path = `/__manifest?p=${encodeURIComponent(path)}&version=${rng.string(8)}`)],
    [
      'hostile query',
      () => {
        const [l, v] = rng.pick(HOSTILE_STRINGS);
        draft.path = `${path}?q=${asSegment(v)}&payment_intent_client_secret=${asSegment(v)}`;
        draft.label.push(`query=${l}`);
      },
    ],
    ['no cookies', () => (delete draft.headers.cookie, delete draft.headers['x-xsrf-token'])],
    ['signed in', () => undefined],
  ]);
  apply();
  draft.label.unshift(`page ${label}`);
}

// ---------------------------------------------------------------------------------------------
// The sweep: every field of every body (list items through their first element) gets each of
// these values once, and every route every odd method, in a seeded order, between the random
// requests: whatever the seed, a full run covers them all.

const SWEEP_LABELS = [
  'NUL inside',
  'lone high surrogate',
  'RTL override',
  'ZWJ family',
  'combining chars',
  'full-width',
  '95k chars',
  'empty',
  'null',
  'true',
  '-1',
  '2^31',
  '3e9',
  '2^53+1',
  '1e308',
  'empty array',
  '__proto__ object',
];
const SWEEP_VALUES: readonly Labeled[] = SWEEP_LABELS.map((label) => {
  const found = [...HOSTILE_STRINGS, ...HOSTILE_OTHERS].find(([l]) => l === label);
  if (!found) throw new Error(`sweep value ${label} is not in the catalogue`);
  return found;
});

/** One field set to one value, or one route called with another method. */
type SweepItem = { route: Route; path: Path; value: Labeled } | { route: Route; method: string };

const plans = new WeakMap<FuzzContext, { seed: number; items: SweepItem[]; listRoutes: Route[] }>();

function planFor(ctx: FuzzContext, seed: number) {
  const cached = plans.get(ctx);
  if (cached && cached.seed === seed) return cached;
  const items: SweepItem[] = [];
  const listRoutes: Route[] = [];
  for (const route of BODY_ROUTES) {
    const body = route.example?.(ctx, new Rng(seed, 0x5eed))?.body;
    if (nestedLists(body).length > 0) listRoutes.push(route);
    const fields = pathsOf(body).filter((p) => p.every((k) => typeof k !== 'number' || k === 0));
    for (const path of fields) for (const value of SWEEP_VALUES) items.push({ route, path, value });
  }
  for (const route of ROUTES) for (const method of ODD_METHODS) if (method !== route.method) items.push({ route, method });
  const plan = { seed, items: new Rng(seed, 0x5eed).sample(items, items.length), listRoutes };
  plans.set(ctx, plan);
  return plan;
}

/** How many sweep items there are (all are sent when requests ≥ routes + 1.5 × this). */
export function sweepSize(ctx: FuzzContext, seed: number): number {
  return planFor(ctx, seed).items.length;
}

// ---------------------------------------------------------------------------------------------

export function generate(ctx: FuzzContext, seed: number, index: number): FuzzRequest {
  const rng = Rng.forRequest(seed, index);
  const plan = planFor(ctx, seed);
  // The first requests of every run visit each route once as documented (coverage, smoke test);
  // after that two requests in three are the next sweep item while the sweep lasts, so it is
  // done early, before the fuzzer's own sign-ups have filled the events (a full event answers
  // 409 before the sign-up reaches the database).
  const afterCoverage = index - ROUTES.length;
  const sweep = afterCoverage >= 0 && afterCoverage % 3 !== 2 ? plan.items[afterCoverage - Math.floor(afterCoverage / 3)] : undefined;
  const category: Category = index < ROUTES.length ? 'valid' : sweep ? 'sweep' : rng.weighted(WEIGHTS);
  let route: Route;
  switch (category) {
    case 'valid':
      route = index < ROUTES.length ? ROUTES[index]! : rng.pick(ROUTES);
      break;
    case 'sweep':
      route = sweep!.route;
      break;
    case 'field':
      route = rng.chance(0.85) ? rng.pick(BODY_ROUTES) : rng.pick(ROUTES.filter((r) => r.method === 'GET'));
      break;
    case 'missing':
    case 'extra':
    case 'raw':
      route = rng.pick(BODY_ROUTES);
      break;
    case 'nested':
      route = rng.pick(plan.listRoutes.length > 0 ? plan.listRoutes : BODY_ROUTES);
      break;
    case 'page':
      route = rng.pick(PAGE_ROUTES);
      break;
    case 'header':
      route = rng.chance(0.75) ? rng.pick(API_ROUTES) : rng.pick(ROUTES);
      break;
    default:
      route = rng.pick(ROUTES);
  }
  const { draft } = baseline(ctx, rng, route, seed, index);
  let routeName = route.name;
  switch (category) {
    case 'valid':
      break;
    case 'sweep': {
      const item = sweep!;
      if ('method' in item) {
        draft.method = item.method;
        if (item.method === 'GET' || item.method === 'HEAD') draft.json = undefined;
        draft.label.push(`method ${item.method}`);
      } else if (draft.json !== undefined && getAt(draft.json, item.path.slice(0, -1)) !== undefined) {
        setAt(draft.json, item.path, fresh(item.value[1]));
        draft.label.push(`${showPath(item.path)}=${item.value[0]}`);
      }
      break;
    }
    case 'field':
      mutateFields(ctx, rng, route, draft);
      break;
    case 'missing':
      removeFields(rng, draft);
      break;
    case 'extra':
      addKeys(rng, draft);
      break;
    case 'nested':
      if (!mutateNested(rng, draft)) mutateFields(ctx, rng, route, draft);
      break;
    case 'raw':
      rawBody(rng, draft);
      break;
    case 'method':
      oddMethod(rng, draft);
      break;
    case 'header':
      oddHeaders(ctx, rng, draft);
      break;
    case 'path':
      oddPath(rng, route, draft);
      routeName = 'odd path';
      break;
    case 'page':
      pageVariant(rng, draft);
      break;
  }
  return finish(draft, index, category, routeName);
}
