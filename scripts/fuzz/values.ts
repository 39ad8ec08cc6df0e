/**
 * Hostile values for body fields, and a JSON writer that can also produce what JSON.stringify
 * cannot: exact big integers (2^53+1), `1e400`, duplicate keys and own `__proto__` keys.
 */
import { type Rng } from './rng';

/** Inserted into the JSON text as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written key by key: keys may repeat and may be `__proto__`. */
export class Entries {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${parts.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

export type Labeled = readonly [label: string, value: unknown];

const nested = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) v = { a: v };
  return v;
};

const zalgo = `Z${'\u0301\u0316\u0337\u0362'.repeat(40)}algo`;

/** Strings every text field gets (emails, names, messages, secrets, tokens…). */
export const HOSTILE_STRINGS: readonly Labeled[] = [
  ['empty', ''],
  ['spaces', '   '],
  ['tabs/newlines', ' \t\r\n '],
  ['300 chars', 'a'.repeat(300)],
  ['10k chars', 'b'.repeat(10_000)],
  ['95k chars', 'c'.repeat(95_000)],
  ['emoji', '😀🎉💸'],
  ['ZWJ family', '👨‍👩‍👧‍👦'],
  ['ZWJ x 500', '👩‍💻'.repeat(500)],
  ['RTL override', '\u202Egnp.exe\u202C'],
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', '\uDFFF'],
  ['combining chars', zalgo],
  ['full-width', 'ｆｕｌｌ＠ｅｘａｍｐｌｅ．ｏｒｇ'],
  ['NUL', '\u0000'],
  ['NUL inside', 'a\u0000b'],
  ['NUL in email', 'a\u0000b@example.org'],
  ['control chars', '\u0001\u0002\u0007\u001b[31m\u001f\u007f\u0085'],
  ['CRLF injection', 'x\r\nSet-Cookie: pwned=1\r\n\r\n<h1>'],
  ['BOM', '\uFEFFname'],
  ['zero-width', '\u200B\u200C\u200D\u2060'],
  ['script tag', '<script>alert(1)</script>'],
  ['img onerror', '"><img src=x onerror=alert(1)>'],
  ['SQL', "' OR '1'='1'; DROP TABLE users; --"],
  ['template', '{{7*7}}${7*7}<%= 7*7 %>'],
  ['traversal', '../../../../etc/passwd'],
  ['percent NUL', '%00'],
  ['NaN text', 'NaN'],
  ['Infinity text', 'Infinity'],
  ['1e400 text', '1e400'],
  ['hex text', '0x10'],
  ['arabic digits', '١٢٣'],
  ['5000 digits', '9'.repeat(5000)],
  ['negative text', '-1'],
  ['true text', 'true'],
  ['null text', 'null'],
  ['upper email', 'SOMEONE@EXAMPLE.ORG'],
  ['padded email', '  someone@example.org  '],
  ['idn email', 'ünïcødé@exämple.org'],
  ['long email', `${'a'.repeat(250)}@example.org`],
  ['email no tld', 'a@b'],
  ['two @', 'a@@example.org'],
  ['quoted email', '"a b"@example.org'],
  ['latin-1', 'caf\u00e9 \u00ff\u00fe'],
  ['private use', '\uE000\uF8FF'],
  ['astral plane', '\u{1F600}\u{10FFFF}'],
  ['noncharacter', '\uFFFE\uFFFF'],
];

/** Numbers and other JSON types every field gets (wrong types for string fields). */
export const HOSTILE_OTHERS: readonly Labeled[] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['1e-7', 1e-7],
  ['2^31-1', 2147483647],
  ['2^31', 2147483648],
  ['-2^31-1', -2147483649],
  ['3e9', 3e9],
  ['2^53+1', new RawJson('9007199254740993')],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['1e400', new RawJson('1e400')],
  ['-0', new RawJson('-0')],
  ['1e20', 1e20],
  ['empty array', []],
  ['array', [1, 'two', null]],
  ['empty object', {}],
  ['object', { a: 1 }],
  ['__proto__ object', new Entries([['__proto__', { polluted: true }]])],
  ['constructor.prototype', { constructor: { prototype: { polluted: true } } }],
  ['50-deep object', nested(50)],
  ['1000-deep object', nested(1000)],
  ['array of 10k', Array.from({ length: 10_000 }, (_, i) => i)],
];

/** Extra keys mixed into bodies: prototype pollution and mass assignment. */
export const EXTRA_KEYS: readonly Labeled[] = [
  ['__proto__', { polluted: true, isAdmin: true }],
  ['constructor', { prototype: { polluted: true } }],
  ['prototype', { polluted: true }],
  ['toString', 'not a function'],
  ['valueOf', 1],
  ['hasOwnProperty', null],
  ['userId', 1],
  ['user_id', 1],
  ['id', 1],
  ['status', 'paid'],
  ['amountCents', 1],
  ['amount_cents', 1],
  ['paid', true],
  ['isAdmin', true],
  ['role', 'admin'],
  ['pv', 0],
  ['', 'empty key'],
  ['\u0000', 'NUL key'],
  ['😀', 'emoji key'],
  ['a'.repeat(5000), 'long key'],
];

/** Number-like values for fields whose valid value is a number (or a path segment that is one). */
export const NUMBER_LIKE: readonly Labeled[] = [
  ['0', 0],
  ['-6', -6],
  ['6.5', 6.5],
  ['"6"', '6'],
  ['" 6 "', ' 6 '],
  ['"6e0"', '6e0'],
  ['"0x6"', '0x6'],
  ['99999', 99999],
  ['2^31-1', 2147483647],
  ['2^31', 2147483648],
  ['3e9', 3e9],
  ['"3000000000"', '3000000000'],
  ['2^53+1', new RawJson('9007199254740993')],
  ['1e20', 1e20],
  ['1e308', 1e308],
  ['"5000 digits"', '9'.repeat(5000)],
  ['true', true],
  ['[6]', [6]],
];

/** One hostile value for a field, chosen partly by the type of its valid value. */
export function hostileValue(rng: Rng, validValue: unknown): Labeled {
  if (typeof validValue === 'number' && rng.chance(0.4)) return rng.pick(NUMBER_LIKE);
  return rng.chance(0.6) ? rng.pick(HOSTILE_STRINGS) : rng.pick(HOSTILE_OTHERS);
}
