import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickEventNumber, pickGalleryToken, publicPages, readApi, samplesFromContent, selectRoutes } from './public-routes';

const samples = { eventNumber: 6, galleryToken: 'kx7m2p9q' };

describe('the public routes', () => {
  it('lists every public page of spec §2 once, the event and album with the ids given', () => {
    const paths = publicPages(samples).map((r) => r.path);
    expect(paths).toEqual([
      '/',
      '/cof',
      '/family',
      '/staff',
      '/golfers',
      '/events',
      '/events/6',
      '/scholarship',
      '/family_of_the_year',
      '/gallery',
      '/gallery/kx7m2p9q',
      '/sponsors',
      '/privacy',
      '/terms',
      '/login',
      '/register',
    ]);
    expect(new Set(publicPages(samples).map((r) => r.name)).size).toBe(paths.length);
    expect(publicPages(samples).every((r) => r.kind === 'page')).toBe(true);
    // The pages that hydrate; every other page arrives with no script (common/public-pages.ts).
    expect(publicPages(samples).filter((r) => r.javascript).map((r) => r.path)).toEqual(['/', '/events/6', '/login', '/register']);
  });

  it('lists the read API, one event by the same number', () => {
    expect(readApi(samples).map((r) => r.path)).toEqual(['/api/events/upcoming', '/api/events/all', '/api/events/6', '/api/content/all']);
    expect(readApi(samples).every((r) => r.kind === 'api')).toBe(true);
  });
});

describe('selectRoutes', () => {
  const routes = [...publicPages(samples), ...readApi(samples)];

  it('keeps everything when nothing is asked for', () => {
    expect(selectRoutes(routes, undefined)).toBe(routes);
    expect(selectRoutes(routes, ' , ')).toBe(routes);
  });

  it('picks by path or by name, in the list order', () => {
    expect(selectRoutes(routes, '/api/content/all, event page,/').map((r) => r.path)).toEqual(['/', '/events/6', '/api/content/all']);
  });

  it('refuses an entry that matches nothing', () => {
    expect(() => selectRoutes(routes, '/, /evnts')).toThrow(/no such route: \/evnts/);
  });
});

describe('samples', () => {
  it('takes the next upcoming event, else the highest-numbered one', () => {
    expect(pickEventNumber([{ eventNumber: 4 }, { eventNumber: 6 }], [])).toBe(4);
    expect(pickEventNumber([], [{ eventNumber: 2 }, { eventNumber: 9 }, { eventNumber: 3 }])).toBe(9);
    expect(pickEventNumber([{ eventNumber: '5' }], { event: [] })).toBeUndefined();
  });

  it('takes the first album from the content API or from gallery.json', () => {
    const gallery = { galleries: [{ token: 'abc12345' }, { token: 'zzz99999' }] };
    expect(pickGalleryToken([{ page: 'home', data: {} }, { page: 'gallery', data: gallery }])).toBe('abc12345');
    expect(pickGalleryToken(gallery)).toBe('abc12345');
    expect(pickGalleryToken([{ page: 'home', data: {} }])).toBeUndefined();
    expect(pickGalleryToken({ galleries: [] })).toBeUndefined();
  });

  it('reads the seed content: the first active event and the first album', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'public-routes-'));
    try {
      writeFileSync(path.join(dir, 'events.json'), JSON.stringify([{ eventNumber: 1, active: false }, { eventNumber: 3, active: true }, { eventNumber: 2, active: true }]));
      writeFileSync(path.join(dir, 'gallery.json'), JSON.stringify({ galleries: [{ token: 'kx7m2p9q' }] }));
      expect(samplesFromContent(dir)).toEqual({ eventNumber: 3, galleryToken: 'kx7m2p9q' });
      writeFileSync(path.join(dir, 'gallery.json'), JSON.stringify({ galleries: [] }));
      expect(() => samplesFromContent(dir)).toThrow(/no event or no gallery album/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
