import pino, { type Logger } from 'pino';

export interface LogLine extends Record<string, unknown> {
  level: number;
  msg?: string;
}

/** A real pino logger whose JSON lines are kept for the test to read (level 50 is error). */
export function recordingLogger(level = 'info'): { logger: Logger; lines: LogLine[]; errors: () => LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines, errors: () => lines.filter((l) => l.level >= 50) };
}
