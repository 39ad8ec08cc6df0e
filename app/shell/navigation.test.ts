import { describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS, isActivePath } from './navigation';

describe('ACCOUNT_LINKS', () => {
  it('offers Register and Log in to visitors and My Dashboard and Log out to signed-in users (spec §2)', () => {
    const forAudience = (a: 'in' | 'out') => ACCOUNT_LINKS.filter((l) => l.audience === a).map((l) => `${l.label} ${l.to}`);
    expect(forAudience('out')).toEqual(['Register /register', 'Log in /login']);
    expect(forAudience('in')).toEqual(['My Dashboard /dashboard', 'Log out /logout']);
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
