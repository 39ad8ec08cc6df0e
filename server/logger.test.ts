import { describe, expect, it } from 'vitest';
import { batchedLines, cachedAnswerLines, createLogger, maskEmail } from './logger';

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
  it('writes the lines of one turn of the event loop in one write, in order, and nothing is held past it', async () => {
    const writes: string[] = [];
    const stream = batchedLines({ write: (text) => writes.push(text) }, () => undefined);
    stream.write('{"n":1}\n');
    stream.write('{"n":2}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n']);
    stream.write('{"n":3}\n');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('writes what is pending when the process exits, before the next turn', () => {
    const writes: string[] = [];
    let atExit = () => undefined as void;
    const stream = batchedLines({ write: (text) => writes.push(text) }, (flush) => (atExit = flush));
    stream.write('{"fatal":true}\n');
    atExit();
    expect(writes).toEqual(['{"fatal":true}\n']);
    atExit();
    expect(writes).toHaveLength(1);
  });
});
