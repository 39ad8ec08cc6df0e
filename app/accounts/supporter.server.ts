import { data, redirect, type AppLoadContext } from 'react-router';
import type { SignedInSupporter, SupporterOutcome } from '../../common/supporters';
import { typedValues } from '../lib/form-body.server';
import { isSameSitePath } from '../lib/same-site-path';
import type { FormAnswer } from '../lib/hooks/use-route-form';

interface Args {
  request: Request;
  context: AppLoadContext;
}

export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const value of setCookies) headers.append('Set-Cookie', value);
  return headers;
}

/** Spec §2; the redirect clears an ended session's cookies. */
export async function requireSupporter({ request, context }: Args): Promise<SignedInSupporter> {
  const found = await context.supporters.current(request);
  if (!found.supporter) throw redirect('/login', { headers: cookieHeaders(found.setCookies) });
  return found.supporter;
}

/** Spec §2. */
export async function redirectSignedIn({ request, context }: Args, to = '/dashboard'): Promise<void> {
  const found = await context.supporters.current(request);
  if (found.supporter) throw redirect(to);
}

/** Never echoes a password. */
export function refusedForm(outcome: Extract<SupporterOutcome, { ok: false }>, fields: Record<string, string>, intent?: string) {
  return data<FormAnswer>({ intent, errors: outcome.errors, values: typedValues(fields) }, { status: outcome.status, headers: cookieHeaders(outcome.setCookies) });
}

/** `from` never sends anyone elsewhere (open redirects, header injection). */
export const safeReturnPath = (from: unknown, fallback = '/dashboard'): string => (isSameSitePath(from) ? from : fallback);
