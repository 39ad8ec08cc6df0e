export const SERVER_OUT_DIR: string;
export const SERVER_ENTRIES: Record<string, string>;
export function buildServer(): Promise<void>;
