import { redirect } from 'react-router';
import { isSameSitePath } from '../lib/same-site-path';

/** Only back-office paths on this site: `next` never sends anyone elsewhere (open redirects). */
export function safeNext(value: string | null): string {
  if (!isSameSitePath(value) || !value.startsWith('/admin') || value.startsWith('/admin/login')) return '/admin';
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
