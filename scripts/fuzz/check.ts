/**
 * What counts as a failure: any 5xx, any transport problem (reset, hang-up, timeout, truncated
 * answer) and any answer that looks like a stack trace or names the server's source files.
 */
import { maxHeaderSize } from 'node:http';
import path from 'node:path';
import { type Outcome } from './send';

export type FailureKind = 'server error' | 'transport' | 'stack trace' | 'server exited' | 'health check' | 'harness error';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

const STACK_PATTERNS: readonly [string, RegExp][] = [
  // A V8 stack frame: "    at fn (/path/file.ts:12:5)", "at node:internal/…:1:2", "at file:///…:3:4".
  ['stack frame', /^\s*at\s+(?:[^\n]*?\s\()?(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s)]*:\d+(?::\d+)?\)?\s*$/m],
  // "TypeError: … \n    at …"
  ['error with stack', /\b(?:[A-Z]\w*)?Error(?: \[\w+\])?:[^\n]*\n\s+at\s/],
  // A source position anywhere on a line.
  ['source position', /\bat [^\n]*?\.(?:ts|tsx|js|mjs|cjs):\d+/],
];

/** Why a response body looks like a leaked stack trace, or null. */
export function stackTraceIn(body: string): string | null {
  for (const [name, pattern] of STACK_PATTERNS) {
    const match = pattern.exec(body);
    if (match) return `${name}: ${JSON.stringify(match[0].trim().slice(0, 160))}`;
  }
  const leak = body.indexOf(`${PROJECT_ROOT}/`);
  if (leak >= 0) return `server path: ${JSON.stringify(body.slice(leak, leak + 120))}`;
  return null;
}

export interface Problem {
  kind: FailureKind;
  detail: string;
}

/**
 * A request whose head is over Node's header limit (http.maxHeaderSize, 16 kB) is refused by the
 * HTTP parser before the app sees it: Node writes 431 and closes the socket, and when our
 * unread bytes are still in its receive buffer the kernel resets the connection, so we may see
 * ECONNRESET instead of the 431. That is Node's documented behaviour, not a dropped request; it is
 * counted in its own histogram column, not as a failure. Every other reset is a failure.
 */
export function refusedOversizedHead(outcome: Outcome): boolean {
  return !outcome.response && (outcome.headBytes ?? 0) > maxHeaderSize && /^(ECONNRESET|EPIPE)\b/.test(outcome.error ?? '');
}

export const OVERSIZED_HEAD_RESET = 'reset (head > 16 kB)';

export function problemsOf(outcome: Outcome): Problem[] {
  if (refusedOversizedHead(outcome)) return [];
  if (!outcome.response) return [{ kind: 'transport', detail: outcome.error ?? 'no response' }];
  const problems: Problem[] = [];
  const { status, body } = outcome.response;
  if (status >= 500) problems.push({ kind: 'server error', detail: `status ${status}` });
  const stack = stackTraceIn(body.toString('utf8'));
  if (stack) problems.push({ kind: 'stack trace', detail: stack });
  return problems;
}
