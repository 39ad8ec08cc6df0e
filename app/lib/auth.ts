import { decodeJwt } from 'jose';
import { useSyncExternalStore } from 'react';

/** Spec §4: the token lives in localStorage under this key. */
export const TOKEN_KEY = 'jwtToken';
const CHANGE_EVENT = 'foundation:auth-change';

export interface TokenUser {
  id?: number;
  first?: string;
  last?: string;
  username?: string;
  email?: string;
  avatar?: string;
  date?: string;
  exp?: number;
}

export interface AuthState {
  isAuthenticated: boolean;
  user: TokenUser | null;
}

const SIGNED_OUT: AuthState = { isAuthenticated: false, user: null };

/** Decodes (does not verify: the server does) a stored token; expired or empty means signed out. */
export function authStateFromToken(token: string | null, nowSeconds = Date.now() / 1000): AuthState {
  if (!token) return SIGNED_OUT;
  try {
    const payload = decodeJwt(token) as TokenUser;
    if (Object.keys(payload).length === 0) return SIGNED_OUT;
    if (typeof payload.exp === 'number' && payload.exp < nowSeconds) return SIGNED_OUT;
    return { isAuthenticated: true, user: payload };
  } catch {
    return SIGNED_OUT;
  }
}

function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked (private mode, policies): behave as signed out
  }
}

let cachedToken: string | null | undefined;
let cachedState: AuthState = SIGNED_OUT;

function snapshot(): AuthState {
  const token = readToken();
  if (token !== cachedToken) {
    cachedToken = token;
    cachedState = authStateFromToken(token);
  }
  return cachedState;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Stores or removes the token and tells every useAuth() in the page. */
export function setStoredToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: the visitor stays signed out, which the pages already handle.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Spec §4: a successful login stores the token; every later API call sends it (see api.ts). */
export const logIn = (token: string): void => setStoredToken(token);

/** Spec §4: logout removes the stored token, so the credential and the user go with it. */
export const logOut = (): void => setStoredToken(null);

/** The stored token as the API client sends it, or null. */
export const storedToken = (): string | null => readToken();

/** Seconds since the epoch when the stored token expires; null without a readable token. */
export function storedTokenExpiry(): number | null {
  const token = readToken();
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Runs in <head> before the first paint, on every page (those without scripts too): marks
 * <html data-auth="in|out"> from the stored token so CSS shows the right account links at once, and
 * (spec §4, on start-up) drops an expired token and sends the browser to /login. A page React runs
 * also watches the token while it is open (AuthSession).
 */
export const AUTH_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)}),p=t&&JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));
if(p&&p.exp<Date.now()/1000){localStorage.removeItem(${JSON.stringify(TOKEN_KEY)});p=null;if(location.pathname!=='/login')location.replace('/login')}
document.documentElement.dataset.auth=p&&Object.keys(p).length?'in':'out'}catch(e){document.documentElement.dataset.auth='out'}`;

/**
 * The one source of "who is signed in" for the UI. The server never sees localStorage, so
 * server-rendered HTML is always signed out and the browser corrects it after hydration.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, snapshot, () => SIGNED_OUT);
}
