import { dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts's list, loaded on first use so start-up stays fast; compared case-insensitively. */
const COMMON_PASSWORD_COUNT = 10_000;
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
