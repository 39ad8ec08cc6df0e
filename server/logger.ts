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
  }, destination);
}

/**
 * The same log (level, stream, line format) without the redaction pass, for lines made only of
 * fields already cleaned: the response cache's request lines, written thousands of times a second
 * under a surge. Never give it a request's headers or body.
 */
export function unredactedTwin(logger: Logger): Logger {
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  return pino({ level: logger.level }, stream);
}
