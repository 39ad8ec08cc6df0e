import pino, { type Logger } from 'pino';

export type { Logger };

/** "jane.doe@example.org" → "j***@example.org": enough for staff to tell mails apart, not to read an address. */
export function maskEmail(value: unknown): unknown {
  if (typeof value !== 'string') return '[redacted]';
  const at = value.lastIndexOf('@');
  return at > 0 ? `${value[0]}***${value.slice(at)}` : '[redacted]';
}

const SECRETS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.password2', '*.token', '*.clientSecret'];
const ADDRESSES = ['email', 'to', 'receiptEmail', '*.email', '*.to', '*.receiptEmail'];

/** What batchedLines writes to: a SonicBoom (pino.destination) or, in tests, any line sink. */
interface LineSink {
  write(text: string): unknown;
}

/** How long routine lines may wait, and how much of them, before they are written. */
export const BATCH = { maxChars: 16_384, maxDelayMs: 50 };

// pino's lines start with their level: 10 trace, 20 debug, 30 info; 40 and up are warnings and worse.
const isRoutine = (line: string) => line.startsWith('{"level":') && line.charCodeAt(9) <= 51; /* '3' */

/**
 * A log stream that gathers routine lines (info and below) and writes them in one write once 16 kB
 * are waiting or 50 ms after the first of them. Under a surge a write per turn of the event loop
 * was still a tenth of a cached answer's cost: each write to a file updates its times (ADR 029).
 * A warning or an error is written at once, with the lines before it, and so is everything
 * pending when the process exits; only a kill -9 can lose the last 50 ms of routine lines.
 */
export function batchedLines(sink: LineSink, onExit: (flush: () => void) => void): pino.DestinationStream {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    sink.write(text);
  };
  onExit(flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= BATCH.maxChars || !isRoutine(line)) flush();
      else timer ??= setTimeout(flush, BATCH.maxDelayMs).unref();
    },
  };
}

let stdoutLines: pino.DestinationStream | undefined;
/** The process's one stdout stream, shared by every logger so that their lines stay in order. */
const stdoutStream = () => (stdoutLines ??= batchedLines(pino.destination({ dest: 1, sync: true }), (flush) => process.on('exit', flush)));

/**
 * JSON logs to stdout (the platform's collector reads them). Credentials are redacted and email
 * addresses masked wherever a log line carries them, so the logs hold no secrets and no full
 * addresses (request URLs are cleaned in middleware/request-context.ts).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const addresses = new Set(ADDRESSES.map((p) => p.replace(/^\*\./, '')));
  return pino({
    level,
    redact: {
      paths: [...SECRETS, ...ADDRESSES],
      censor: (value, path) => (addresses.has(path.at(-1) ?? '') ? maskEmail(value) : '[redacted]'),
    },
  }, destination ?? stdoutStream());
}

/** What the response cache knows of an answer it sent: all of it cleaned already (the URL by loggableUrl). */
export interface CachedAnswerLine {
  id: string;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
}

/**
 * The response cache's "request completed" line, in the logger's own format (level, time, the
 * logger's pid and hostname, then req, res, responseTime, msg: what pino writes for the same
 * fields) and on its stream, but put together here: pino's call and serialisation were about 5%
 * of a cached answer's CPU in a profile, on top of a 'finish' listener per request. Null when the
 * logger does not write info lines.
 * Never give it a request's headers or body: nothing here is redacted.
 */
export function cachedAnswerLines(logger: Logger): ((line: CachedAnswerLine) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const text = JSON.stringify;
  return ({ id, method, url, statusCode, responseTime }) =>
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings},"req":{"id":${text(id)},"method":${text(method)},"url":${text(url)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
}
