import { describe, expect, it } from 'vitest';
import { markPartOf, type ChangeMarks } from './change-marks';
import { ResponseCache } from './response-cache';

function cacheOver(marks: { current: ChangeMarks }) {
  return new ResponseCache({ readMarks: async () => marks.current, partOf: markPartOf, checkEveryMs: 0, ttlMs: 60_000, clock: () => new Date(0) });
}

const page = (text: string) => async () => ({ headers: {}, body: Buffer.from(text) });

describe('ResponseCache', () => {
  it('a change to what every page shows renders every page again; a change to an event’s places only that event’s page', async () => {
    const marks = { current: { site: 's1', parts: new Map([['event:4', 'p1']]) } as ChangeMarks };
    const cache = cacheOver(marks);
    let renders = 0;
    const render = (key: string) => async () => ({ headers: {}, body: Buffer.from(`${key} #${++renders}`) });
    await cache.get('/events/4', render('/events/4'));
    await cache.get('/events/5', render('/events/5'));
    await cache.get('/sponsors', render('/sponsors'));
    expect(renders).toBe(3);

    // A sign-up for event 4 (its places): only its page is made again.
    marks.current = { site: 's1', parts: new Map([['event:4', 'p2']]) };
    expect((await cache.get('/events/4', render('/events/4')))!.identity.toString()).toBe('/events/4 #4');
    expect((await cache.get('/events/5', render('/events/5')))!.identity.toString()).toBe('/events/5 #2');
    expect((await cache.get('/sponsors', render('/sponsors')))!.identity.toString()).toBe('/sponsors #3');

    // Event 5's first sign-up gives it a part where it had none.
    marks.current = { site: 's1', parts: new Map([['event:4', 'p2'], ['event:5', 'p1']]) };
    expect((await cache.get('/events/5', render('/events/5')))!.identity.toString()).toBe('/events/5 #5');

    // A staff change: everything again.
    marks.current = { site: 's2', parts: marks.current.parts };
    expect((await cache.get('/sponsors', page('new')))!.identity.toString()).toBe('new');
    expect(cache.size).toBe(1);
  });

  it('reads an event page’s part from its path only', () => {
    expect(markPartOf('/events/12')).toBe('event:12');
    expect(markPartOf('/events')).toBeNull();
    expect(markPartOf('/events/12/extra')).toBeNull();
    expect(markPartOf('/api/events/12')).toBeNull();
  });
});
