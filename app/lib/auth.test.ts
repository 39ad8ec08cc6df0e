import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSignedIn, MARK_SIGNED_IN_NAMES } from './auth';

function fakeDocument(cookie: string) {
  return { cookie, documentElement: { dataset: {} as Record<string, string> } } as unknown as Document;
}

function fakeStorage(entries: Record<string, string>) {
  return {
    getItem: (key: string) => entries[key] ?? null,
    removeItem: (key: string) => void delete entries[key],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('markSignedIn (the head script)', () => {
  it('marks <html> signed in only while the server’s "signed in" cookie is there', () => {
    vi.stubGlobal('localStorage', fakeStorage({}));
    const out = fakeDocument('XSRF-TOKEN=x; other_signed_in=1');
    markSignedIn(out, MARK_SIGNED_IN_NAMES);
    expect(out.documentElement.dataset.auth).toBe('out');
    const signedIn = fakeDocument('XSRF-TOKEN=x; signed_in=1');
    markSignedIn(signedIn, MARK_SIGNED_IN_NAMES);
    expect(signedIn.documentElement.dataset.auth).toBe('in');
  });

  it('hands a token an earlier version stored to the server once, with the XSRF pair, and forgets it', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    const entries: Record<string, string> = { jwtToken: 'a.b.c' };
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', fakeStorage(entries));
    const page = fakeDocument('XSRF-TOKEN=abc%3D');
    markSignedIn(page, MARK_SIGNED_IN_NAMES);
    expect(entries.jwtToken).toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('/api/user/session', expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer a.b.c', 'X-XSRF-TOKEN': 'abc=' } }));
    markSignedIn(page, MARK_SIGNED_IN_NAMES);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
