export function buildState(): 'missing' | 'stale' | 'current';
export function buildServerIfNeeded(): Promise<boolean>;
export function buildIfNeeded(): Promise<boolean>;
export function serverBuildIsCurrent(): boolean;
