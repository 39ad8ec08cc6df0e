import { useEffect, useState, useSyncExternalStore } from 'react';
import { SIGNED_IN_COOKIE, type AccountProfile } from '../../common/accounts';
import { apiRequest } from './api';

/** Spec §4's old storage; moved to a session once (ADR 043). */
const STORED_TOKEN_KEY = 'jwtToken';
const CHANGE_EVENT = 'foundation:auth-change';

const signedInMark = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=`);

/**
 * Runs in <head> before first paint on every page, so CSS shows the right account links on shared
 * pages; a token left in localStorage is handed to the server once for a session cookie (ADR 043).
 */
export function markSignedIn(d: Document, names: { mark: string; stored: string }): void {
  const root = d.documentElement;
  root.dataset.auth = new RegExp(`(?:^|;\\s*)${names.mark}=`).test(d.cookie) ? 'in' : 'out';
  try {
    const stored = localStorage.getItem(names.stored);
    if (!stored) return;
    localStorage.removeItem(names.stored);
    const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(d.cookie);
    void fetch('/api/user/session', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Authorization: `Bearer ${stored}`, 'X-XSRF-TOKEN': xsrf ? decodeURIComponent(xsrf[1]!) : '' },
    }).then((answer) => {
      // Refused (expired, password changed): spec §4, to Login.
      if (answer.ok) location.reload();
      else if (answer.status === 401 && location.pathname !== '/login') location.replace('/login');
    });
  } catch {
    // Storage blocked: nothing stored to move.
  }
}

export const MARK_SIGNED_IN_NAMES = { mark: SIGNED_IN_COOKIE, stored: STORED_TOKEN_KEY };

const isMarkedSignedIn = () => signedInMark.test(document.cookie);

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('focus', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('focus', onChange);
  };
}

/** The server's answer set or cleared the cookies. */
export const signInChanged = (): void => {
  document.documentElement.dataset.auth = isMarkedSignedIn() ? 'in' : 'out';
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

/** From the script-readable mark beside the HttpOnly session; server HTML is shared, so it says signed out. */
export function useAuth(): { isAuthenticated: boolean } {
  return { isAuthenticated: useSyncExternalStore(subscribe, isMarkedSignedIn, () => false) };
}

let profile: Promise<AccountProfile | null> | null = null;

/** Asked for once per page; null when signed out. */
export function useSignedInProfile(): AccountProfile | null {
  const { isAuthenticated } = useAuth();
  const [loaded, setLoaded] = useState<AccountProfile | null>(null);
  useEffect(() => {
    if (!isAuthenticated) {
      profile = null;
      return;
    }
    profile ??= apiRequest<AccountProfile>('/user/account').catch(() => null);
    let live = true;
    void profile.then((found) => live && setLoaded(found));
    return () => {
      live = false;
    };
  }, [isAuthenticated]);
  return isAuthenticated ? loaded : null;
}
