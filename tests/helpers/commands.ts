import { spawn } from 'node:child_process';
import { clockEnv } from './clock-env';
import { PROJECT_ROOT } from './test-server';
import { compiledServer } from '../../scripts/compiled-command.mjs';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One of the compiled operations commands (build/node/<name>.js, what `npm run db:backup` and the
 * others run) as its own process, with only the given environment (and the PATH, and PG_BIN when
 * the test run has one), to its end.
 */
export function runCommand(name: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  const child = spawn(...compiledServer(name, args), {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...(process.env.PG_BIN ? { PG_BIN: process.env.PG_BIN } : {}), ...clockEnv(), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
