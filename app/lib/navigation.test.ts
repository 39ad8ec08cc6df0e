import { describe, expect, it } from 'vitest';
import { accountLinks, isActivePath } from './navigation';

describe('accountLinks', () => {
  it('offers Register and Log in to visitors, never the dashboard or Log out', () => {
    const labels = accountLinks(false).map((l) => l.label);
    expect(labels).toEqual(['Register', 'Log in']);
  });

  it('offers My Dashboard and Log out to signed-in users, never Register or Log in', () => {
    const labels = accountLinks(true).map((l) => l.label);
    expect(labels).toEqual(['My Dashboard', 'Log out']);
  });
});

describe('isActivePath', () => {
  it('marks home only on the home page and sections on their sub-pages', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/events')).toBe(false);
    expect(isActivePath('/events', '/events')).toBe(true);
    expect(isActivePath('/events', '/events/6')).toBe(true);
    expect(isActivePath('/events', '/events-archive')).toBe(false);
  });
});
