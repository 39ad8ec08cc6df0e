/** A command-line flag that must be a whole number of at least 0; `fallback` when it is absent. */
export function wholeNumberArg(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  return n;
}
