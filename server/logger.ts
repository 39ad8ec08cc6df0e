import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';

export type { Logger };

/** "j***@example.org": enough to tell mails apart, not to read an address. */
export function maskEmail(value: unknown): unknown {
  if (typeof value !== 'string') return '[redacted]';
  const at = value.lastIndexOf('@');
  return at > 0 ? `${value[0]}***${value.slice(at)}` : '[redacted]';
}

const SECRETS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.password2', '*.token', '*.clientSecret'];
const ADDRESSES = ['email', 'to', 'receiptEmail', '*.email', '*.to', '*.receiptEmail'];

/** ADR 029. */
export const BATCH = { maxChars: 16_384, maxDelayMs: 50 };

// pino's lines start with their level: 10 trace, 20 debug, 30 info; 40 and up are warnings and worse.
const isRoutine = (line: string) => line.startsWith('{"level":') && line.charCodeAt(9) <= 51; /* '3' */

type Destination = pino.DestinationStream & { flush(): void };

/**
 * Routine lines (info and below) are buffered (`minLength`, `periodicFlush`); a warning or error
 * is written at once with the lines before it. Only a kill -9 loses the last buffered lines.
 */
export function logStream(destination: Destination): pino.DestinationStream {
  return {
    write(line: string) {
      destination.write(line);
      if (!isRoutine(line)) destination.flush();
    },
  };
}

/** `dest` is a file descriptor or a path. */
export const bufferedDestination = (dest: number | string, sync = false): Destination =>
  pino.destination({ dest, sync, minLength: BATCH.maxChars, maxWrite: 4 * BATCH.maxChars, periodicFlush: BATCH.maxDelayMs });

let stdoutLines: pino.DestinationStream | undefined;
/** Shared by every logger so their lines stay in order. */
const stdoutStream = () => (stdoutLines ??= logStream(bufferedDestination(1)));

/** The fields pino puts after level and time (its `base`: pid and hostname). */
const ownStreams = new WeakMap<Logger, { stream: pino.DestinationStream; base: string }>();

/** Credentials are redacted and emails masked wherever a line carries them (URLs in middleware/request-context.ts). */
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

/** All of it cleaned already (the URL by loggableUrl). */
export interface CachedAnswerLine {
  id: string;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
}

/**
 * The response cache's "request completed" line in pino's format, written without pino (ADR 029).
 * Null when the logger does not write info lines. Never give it headers or a body: nothing is redacted.
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
