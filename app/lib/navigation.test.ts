import { describe, expect, it } from 'vitest';
import { accountLinks } from './navigation';

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
