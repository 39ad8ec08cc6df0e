import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { clockEnv } from './clock-env';
import { PROJECT_ROOT } from './test-server';
import { compiledServer } from '../../scripts/compiled-command.mjs';

export interface MainProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves once the output matches `untilOutput`. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  output(): string;
  /** The address from "listening on http://…" once it has been printed. */
  url(): string;
}

const LISTENING = /listening on (http:\/\/[^"\s]+)/;

/** The compiled server (build/node/main.js) as its own process, what `npm start` runs, with only the given environment. */
export function runMain(env: Record<string, string>, untilOutput: RegExp | undefined = LISTENING): MainProcess {
  const child = spawn(...compiledServer(), {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...clockEnv(), ...env },
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (untilOutput?.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined); // callers that only wait for the exit need no handler
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    ready,
    exited,
    output: () => output,
    url: () => {
      const match = LISTENING.exec(output);
      if (!match) throw new Error(`the server has not said where it listens:\n${output}`);
      return match[1]!;
    },
  };
}
