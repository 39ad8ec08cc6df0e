import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout (the platform's collector reads them); secrets and credentials are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.password2'],
      censor: '[redacted]',
    },
  });
}
