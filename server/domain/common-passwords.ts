import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords of the zxcvbn-ts list (ranked by real-world leaks). Loaded on
 * first use so start-up stays fast; compared case-insensitively ("Password1" is as weak as "password1").
 */
const COMMON_PASSWORD_COUNT = 10_000;
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
