/** Lenient, so one bad row cannot take a page down. */
export function parseJsonColumn<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function toJsonColumn(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

export const nowIso = (): string => new Date().toISOString();
