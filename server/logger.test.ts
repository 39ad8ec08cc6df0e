import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { BATCH, bufferedDestination, cachedAnswerLines, createLogger, logStream, maskEmail } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe('the logger', () => {
  it('masks email addresses and drops secrets wherever a line carries them', () => {
    const { logger, lines } = capture();
    logger.info(
      { email: 'jane.doe@example.org', to: 'donor@example.org', user: { email: 'grace@example.org', password: 'hunter22' }, body: { token: 'abc', clientSecret: 'pi_1_secret_2' } },
      'something happened',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['jane.doe@example.org', 'donor@example.org', 'grace@example.org', 'hunter22', 'pi_1_secret_2']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ email: 'j***@example.org', to: 'd***@example.org', user: { email: 'g***@example.org', password: '[redacted]' }, body: { token: '[redacted]', clientSecret: '[redacted]' } });
  });

  it('masks what is not an address entirely', () => {
    expect(maskEmail('no-at-sign')).toBe('[redacted]');
    expect(maskEmail(42)).toBe('[redacted]');
    expect(maskEmail('a@b.org')).toBe('a***@b.org');
  });

  it('writes the response cache\'s request lines exactly as pino writes the same fields, and none below info', () => {
    const written: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void written.push(line) });
    const fields = { id: 'r"1', method: 'GET', url: '/events?q=\u2028"x"', statusCode: 200, responseTime: 3 };
    cachedAnswerLines(logger)!(fields);
    const { id, method, url, statusCode, responseTime } = fields;
    logger.info({ req: { id, method, url }, res: { statusCode }, responseTime }, 'request completed');
    expect(written).toHaveLength(2);
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(written[0]!)).toBe(withoutTime(written[1]!));
    expect(JSON.parse(written[0]!)).toMatchObject({ level: 30, pid: process.pid, req: { id: 'r"1', url: '/events?q=\u2028"x"' }, msg: 'request completed' });
    expect(cachedAnswerLines(createLogger('warn', { write: () => undefined }))).toBeNull();
  });
});

describe('the log stream', () => {
  const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'log-stream-')), 'log');
  const read = (file: string) => readFileSync(file, 'utf8');

  it('writes routine lines together within 50 ms, in order', async () => {
    vi.useFakeTimers();
    try {
      const file = tempFile();
      // Written synchronously here, so the test reads the file as soon as a write happened.
      const stream = logStream(bufferedDestination(file, true));
      stream.write('{"level":30,"n":1}\n');
      stream.write('{"level":20,"n":2}\n');
      expect(read(file)).toBe('');
      await vi.advanceTimersByTimeAsync(BATCH.maxDelayMs);
      expect(read(file)).toBe('{"level":30,"n":1}\n{"level":20,"n":2}\n');
      stream.write('{"level":30,"n":3}\n');
      await vi.advanceTimersByTimeAsync(BATCH.maxDelayMs);
      expect(read(file)).toBe('{"level":30,"n":1}\n{"level":20,"n":2}\n{"level":30,"n":3}\n');
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes at once when 16 kB are waiting, or a warning or worse arrives, with the lines before it', () => {
    const file = tempFile();
    const stream = logStream(bufferedDestination(file, true));
    const line = `{"level":30,"msg":"${'x'.repeat(1000)}"}\n`;
    const fit = Math.ceil(BATCH.maxChars / line.length) - 1;
    for (let i = 0; i < fit; i += 1) stream.write(line);
    expect(read(file)).toBe('');
    stream.write(line);
    expect(read(file)).toBe(line.repeat(fit + 1));
    stream.write('{"level":30,"n":1}\n');
    stream.write('{"level":40,"n":2}\n');
    expect(read(file)).toBe(`${line.repeat(fit + 1)}{"level":30,"n":1}\n{"level":40,"n":2}\n`);
    stream.write('{"level":50,"n":3}\n');
    expect(read(file).endsWith('{"level":50,"n":3}\n')).toBe(true);
  });

  it('writes what is pending when the process exits, without waiting', () => {
    // A process of its own, logging to its stdout as the server does, that exits at once.
    const logger = pathToFileURL(path.join(import.meta.dirname, 'logger.ts')).href;
    const program = `import { createLogger } from ${JSON.stringify(logger)}; createLogger('info').info('last words'); process.exit(0);`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { encoding: 'utf8' });
    expect(output).toMatch(/"msg":"last words"/);
  });
});
