export function ensureLibfaketime(log?: (line: string) => void): string;
export function fakeClockEnv(library: string, start: string, preloaded?: string): Record<string, string>;
