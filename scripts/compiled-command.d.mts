export function compiledCommand(name: string, args?: string[]): { command: string; args: string[]; cwd: string };
export function compiledServer(name?: string, extraArgs?: string[]): [string, string[]];
