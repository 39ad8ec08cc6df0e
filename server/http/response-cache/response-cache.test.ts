import { describe, expect, it } from 'vitest';
import { markPartOf, type ChangeMarks } from './change-marks';
import { ResponseCache } from './response-cache';

function cacheOver(marks: { current: ChangeMarks }) {
  return new ResponseCache({ readMarks: async () => marks.current, partOf: markPartOf, checkEveryMs: 0, ttlMs: 60_000, clock: () => new Date(0) });
}

const page = (text: string) => async () => ({ headers: [], body: Buffer.from(text) });

describe('ResponseCache', () => {
  it('a change to what every page shows renders every page again; a change to an event’s places only that event’s page', async () => {
    const marks = { current: { site: 's1', parts: new Map([['event:4', 'p1']]) } as ChangeMarks };
    const cache = cacheOver(marks);
    let renders = 0;
    const render = (key: string) => async () => ({ headers: [], body: Buffer.from(`${key} #${++renders}`) });
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

  it('keeps a few answers per group (one path under other Host headers), dropping the least recently used of that group alone', async () => {
    const cache = new ResponseCache({ readMarks: async () => ({ site: 's', parts: new Map() }), checkEveryMs: 0, ttlMs: 60_000, clock: () => new Date(0), groupOf: (key) => key.split('@')[0]!, maxPerGroup: 2 });
    await cache.get('/a@one', page('a1'));
    await cache.get('/b@one', page('b1'));
    await cache.get('/a@two', page('a2'));
    await cache.get('/a@one', page('a1 again')); // used again: now the newest of its group
    await cache.get('/a@three', page('a3'));
    expect(cache.size).toBe(3);
    expect((await cache.get('/a@one', page('made again')))!.identity.toString()).toBe('a1');
    expect((await cache.get('/b@one', page('made again')))!.identity.toString()).toBe('b1');
    expect((await cache.get('/a@two', page('a2 made again')))!.identity.toString()).toBe('a2 made again');
  });

  it('takes the ETag the app gave, and makes one only when it gave none', async () => {
    const cache = cacheOver({ current: { site: 's', parts: new Map() } });
    const given = await cache.get('/api/x', async () => ({ headers: ['ETag', 'W/"app"'], body: Buffer.from('{}') }));
    expect(given).toMatchObject({ etag: 'W/"app"', ownEtag: false });
    const made = await cache.get('/y', page('y'));
    expect(made!.ownEtag).toBe(true);
    expect(made!.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it('reads an event page’s part from its path only', () => {
    expect(markPartOf('/events/12')).toBe('event:12');
    expect(markPartOf('/events')).toBeNull();
    expect(markPartOf('/events/12/extra')).toBeNull();
    expect(markPartOf('/api/events/12')).toBeNull();
  });

  it('keys a campaign page on its campaign and the home page on the featured one (ADR 047)', () => {
    expect(markPartOf('/give/spring-groceries')).toBe('campaign:spring-groceries');
    expect(markPartOf('/give/spring-groceries/more')).toBeNull();
    expect(markPartOf('/')).toBe('campaign-featured');
    expect(markPartOf('/scholarship')).toBe('scholarship-round');
    expect(markPartOf('/privacy')).toBe('scholarship-round');
  });
});
