export function compiledCommand(name: string, args?: string[]): { command: string; args: string[]; cwd: string };
export function compiledServer(): [string, string[]];
