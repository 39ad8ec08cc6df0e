export function buildIsCurrent(): boolean;
export function buildIfNeeded(): boolean;
