import { describe, expect, it } from 'vitest';
import { newRecoveryCode, normaliseRecoveryCode, sameSecret } from './secrets';

describe('recovery codes', () => {
  it('are three groups of four readable characters, all different', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('match however they are typed: case, spaces, dashes and look-alike letters', () => {
    const code = '7KQ4-M2XD-9TZ0';
    const stored = normaliseRecoveryCode(code);
    for (const typed of ['7kq4-m2xd-9tz0', ' 7KQ4 M2XD 9TZ0 ', '7KQ4M2XD9TZO']) expect(normaliseRecoveryCode(typed)).toBe(stored);
    expect(normaliseRecoveryCode('7KQ4-M2XD-9TZ1')).not.toBe(stored);
  });
});

describe('sameSecret', () => {
  it('compares in constant time and refuses different lengths', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});
