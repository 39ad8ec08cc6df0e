import { redirect } from 'react-router';

/** Only back-office paths on this site: `next` never sends anyone elsewhere (open redirects). */
export function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/admin') || value.startsWith('//') || value.includes('\\') || value.startsWith('/admin/login')) return '/admin';
  return value;
}

/** Where a sign-in step leads, with the session cookie it set. */
export function afterSignIn(stage: 'second_factor' | 'enrol' | 'full', setCookie: string, next: string): Response {
  const target =
    stage === 'second_factor'
      ? `/admin/login/code${next !== '/admin' ? `?next=${encodeURIComponent(next)}` : ''}`
      : stage === 'enrol'
        ? '/admin/security'
        : next;
  return redirect(target, { headers: { 'Set-Cookie': setCookie } });
}
