import { describe, expect, it } from 'vitest';
import { batchedLines, createLogger, maskEmail, unredactedTwin } from './logger';

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

  it('has a twin for cleaned request lines: same stream, level and line shape, no redaction pass', () => {
    const { logger, lines } = capture();
    const twin = unredactedTwin(logger);
    twin.debug('below the level');
    twin.info({ req: { id: 'r1', method: 'GET', url: '/events' }, res: { statusCode: 200 }, responseTime: 1 }, 'request completed');
    logger.info({ req: { id: 'r2' } }, 'request completed');
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!).sort()).toEqual(Object.keys({ ...lines[1], res: 0, responseTime: 0 }).sort());
    expect(lines[0]).toMatchObject({ level: 30, req: { id: 'r1', method: 'GET', url: '/events' }, res: { statusCode: 200 }, msg: 'request completed' });
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
