import { describe, expect, it, vi } from 'vitest';
import { BATCH, batchedLines, cachedAnswerLines, createLogger, maskEmail } from './logger';

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

describe('batchedLines', () => {
  it('writes routine lines together once 50 ms have passed, in order', async () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const stream = batchedLines({ write: (text) => writes.push(text) }, () => undefined);
      stream.write('{"level":30,"n":1}\n');
      stream.write('{"level":20,"n":2}\n');
      await vi.advanceTimersByTimeAsync(BATCH.maxDelayMs - 1);
      expect(writes).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(writes).toEqual(['{"level":30,"n":1}\n{"level":20,"n":2}\n']);
      stream.write('{"level":30,"n":3}\n');
      await vi.advanceTimersByTimeAsync(BATCH.maxDelayMs);
      expect(writes).toEqual(['{"level":30,"n":1}\n{"level":20,"n":2}\n', '{"level":30,"n":3}\n']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes at once when 16 kB are waiting, or a warning or worse arrives, with the lines before it', () => {
    const writes: string[] = [];
    const stream = batchedLines({ write: (text) => writes.push(text) }, () => undefined);
    const line = `{"level":30,"msg":"${'x'.repeat(1000)}"}\n`;
    const fit = Math.ceil(BATCH.maxChars / line.length) - 1;
    for (let i = 0; i < fit; i += 1) stream.write(line);
    expect(writes).toEqual([]);
    stream.write(line);
    expect(writes).toEqual([line.repeat(fit + 1)]);
    stream.write('{"level":30,"n":1}\n');
    stream.write('{"level":40,"n":2}\n');
    expect(writes[1]).toBe('{"level":30,"n":1}\n{"level":40,"n":2}\n');
    stream.write('{"level":50,"n":3}\n');
    expect(writes[2]).toBe('{"level":50,"n":3}\n');
  });

  it('writes what is pending when the process exits, without waiting', () => {
    const writes: string[] = [];
    let atExit = () => undefined as void;
    const stream = batchedLines({ write: (text) => writes.push(text) }, (flush) => (atExit = flush));
    stream.write('{"level":30,"n":1}\n');
    expect(writes).toEqual([]);
    atExit();
    expect(writes).toEqual(['{"level":30,"n":1}\n']);
    atExit();
    expect(writes).toHaveLength(1);
  });
});
