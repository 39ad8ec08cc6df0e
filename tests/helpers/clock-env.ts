/**
 * The variables that set a process's clock under libfaketime (`npm run test:on-date`): LD_PRELOAD
 * and FAKETIME*. A server started with only the environment it needs must still get them, or it
 * would run on today's date while the test that started it runs on another.
 */
export function clockEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => /^(LD_PRELOAD|FAKETIME\w*)$/.test(entry[0]) && entry[1] !== undefined));
}
