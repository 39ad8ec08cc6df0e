import { redirect } from 'react-router';

/**
 * A path as the sign-in pages link it: printable ASCII only (the page's own address is
 * percent-encoded). A control character (CR, LF, NUL), U+2028 or a space would make `redirect()`
 * throw, because a Location header cannot carry it: a crafted link would break sign-in with a 500.
 */
const PLAIN_PATH = /^[\x21-\x7e]+$/;

/** Only back-office paths on this site: `next` never sends anyone elsewhere (open redirects). */
export function safeNext(value: string | null): string {
  if (!value || !PLAIN_PATH.test(value) || !value.startsWith('/admin') || value.startsWith('//') || value.includes('\\') || value.startsWith('/admin/login')) return '/admin';
  return value;
}

/** Where a sign-in step leads, with the session cookie it set. */
export function afterSignIn(stage: 'second_factor' | 'enrol' | 'full', setCookies: string[], next: string): Response {
  const target =
    stage === 'second_factor'
      ? `/admin/login/code${next !== '/admin' ? `?next=${encodeURIComponent(next)}` : ''}`
      : stage === 'enrol'
        ? '/admin/security'
        : next;
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return redirect(target, { headers });
}
