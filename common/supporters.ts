import type { AccountProfile, Dashboard, TokenClaims } from './accounts';
import type { FieldErrors } from './api-errors';

/**
 * The public site's signed-in supporter as loaders and actions see it (ADR 043): the session the
 * HttpOnly cookie names, read on the server, and the account forms that work without JavaScript.
 * Every answer that changes the browser's sign-in carries the Set-Cookie values to send.
 */

/** Who is signed in, as the dashboard's profile card shows them: what an API token carries (spec §3 User). */
export type SignedInSupporter = TokenClaims;

export type SupporterOutcome = { ok: true; setCookies: string[] } | { ok: false; errors: FieldErrors; status: 400 | 401 | 409 | 429; setCookies: string[] };

export interface SupporterContext {
  /** The signed-in supporter of this request, or null with the Set-Cookie values that clear an ended session's cookies. */
  current(request: Request): Promise<{ supporter: SignedInSupporter; setCookies: string[] } | { supporter: null; setCookies: string[] }>;
  logIn(request: Request, fields: Record<string, string>): Promise<SupporterOutcome>;
  /** Ends this browser's session; the Set-Cookie values that sign it out. */
  logOut(request: Request): Promise<string[]>;
  register(fields: Record<string, string>): Promise<SupporterOutcome>;
  forgotPassword(fields: Record<string, string>, request: Request): Promise<SupporterOutcome>;
  resetPassword(fields: Record<string, string>): Promise<SupporterOutcome>;
  dashboard(supporter: SignedInSupporter): Promise<Dashboard>;
  account(supporter: SignedInSupporter): Promise<AccountProfile>;
  updateProfile(supporter: SignedInSupporter, fields: Record<string, string>): Promise<SupporterOutcome & { emailChanged?: boolean }>;
  changePassword(supporter: SignedInSupporter, fields: Record<string, string>, request: Request): Promise<SupporterOutcome>;
  signOutEverywhere(supporter: SignedInSupporter): Promise<string[]>;
  deleteAccount(supporter: SignedInSupporter, fields: Record<string, string>, request: Request): Promise<SupporterOutcome>;
}
