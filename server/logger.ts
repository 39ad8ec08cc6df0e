import { hostname } from 'node:os';
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

/** How much of the routine lines may wait, and how long, before they are written (ADR 029). */
export const BATCH = { maxChars: 16_384, maxDelayMs: 50 };

// pino's lines start with their level: 10 trace, 20 debug, 30 info; 40 and up are warnings and worse.
const isRoutine = (line: string) => line.startsWith('{"level":') && line.charCodeAt(9) <= 51; /* '3' */

/** What a log destination of pino's offers here (SonicBoom, as `pino.destination` makes it). */
type Destination = pino.DestinationStream & { flush(): void };

/**
 * The log stream: routine lines (info and below) wait in pino's own destination buffer until
 * 16 kB are pending or 50 ms have passed (`minLength`, `periodicFlush`); under a surge a write per
 * line was a tenth of a cached answer's cost, since each write to a file updates its times. A
 * warning or an error is written at once, with the lines before it. pino flushes what is pending
 * when the process exits; only a kill -9 can lose the last 50 ms of routine lines.
 */
export function logStream(destination: Destination): pino.DestinationStream {
  return {
    write(line: string) {
      destination.write(line);
      if (!isRoutine(line)) destination.flush();
    },
  };
}

/** pino's destination with the buffering of logStream; `dest` is a file descriptor or a path. */
export const bufferedDestination = (dest: number | string, sync = false): Destination =>
  pino.destination({ dest, sync, minLength: BATCH.maxChars, maxWrite: 4 * BATCH.maxChars, periodicFlush: BATCH.maxDelayMs });

let stdoutLines: pino.DestinationStream | undefined;
/** The process's one stdout stream, shared by every logger so that their lines stay in order. */
const stdoutStream = () => (stdoutLines ??= logStream(bufferedDestination(1)));

/**
 * What cachedAnswerLines needs of a logger createLogger made: its stream, and the fields pino puts
 * in each of its lines after level and time (here: pid and hostname, its `base`).
 */
const ownStreams = new WeakMap<Logger, { stream: pino.DestinationStream; base: string }>();

/**
 * JSON logs to stdout (the platform's collector reads them). Credentials are redacted and email
 * addresses masked wherever a log line carries them, so the logs hold no secrets and no full
 * addresses (request URLs are cleaned in middleware/request-context.ts).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const addresses = new Set(ADDRESSES.map((p) => p.replace(/^\*\./, '')));
  const base = { pid: process.pid, hostname: hostname() };
  const stream = destination ?? stdoutStream();
  const logger = pino(
    {
      level,
      base,
      redact: {
        paths: [...SECRETS, ...ADDRESSES],
        censor: (value, path) => (addresses.has(path.at(-1) ?? '') ? maskEmail(value) : '[redacted]'),
      },
    },
    stream,
  );
  ownStreams.set(logger, { stream, base: `,"pid":${base.pid},"hostname":${JSON.stringify(base.hostname)}` });
  return logger;
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
 * fields) and on the stream createLogger gave it, but put together here: pino's call and
 * serialisation were about 5% of a cached answer's CPU in a profile. A logger made elsewhere logs
 * through pino. Null when the logger does not write info lines.
 * Never give it a request's headers or body: nothing here is redacted.
 */
export function cachedAnswerLines(logger: Logger): ((line: CachedAnswerLine) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const own = ownStreams.get(logger);
  if (!own) return ({ id, method, url, statusCode, responseTime }) => logger.info({ req: { id, method, url }, res: { statusCode }, responseTime }, 'request completed');
  const { stream, base: bindings } = own;
  const text = JSON.stringify;
  return ({ id, method, url, statusCode, responseTime }) =>
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings},"req":{"id":${text(id)},"method":${text(method)},"url":${text(url)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
}
