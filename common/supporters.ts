import type { AccountProfile, Dashboard, MyEventSignup, TokenClaims } from './accounts';
import type { FieldErrors } from './api-errors';

/** ADR 043: read on the server from the HttpOnly cookie; answers carry the Set-Cookie values to send. */

/** Spec §3 User. */
export type SignedInSupporter = TokenClaims;

export type SupporterOutcome = { ok: true; setCookies: string[] } | { ok: false; errors: FieldErrors; status: 400 | 401 | 409 | 429; setCookies: string[] };

export interface SupporterContext {
  /** Null with the Set-Cookie values that clear an ended session's cookies. */
  current(request: Request): Promise<{ supporter: SignedInSupporter; setCookies: string[] } | { supporter: null; setCookies: string[] }>;
  logIn(request: Request, fields: Record<string, string>): Promise<SupporterOutcome>;
  logOut(request: Request): Promise<string[]>;
  register(fields: Record<string, string>): Promise<SupporterOutcome>;
  forgotPassword(fields: Record<string, string>, request: Request): Promise<SupporterOutcome>;
  resetPassword(fields: Record<string, string>): Promise<SupporterOutcome>;
  dashboard(supporter: SignedInSupporter): Promise<Dashboard>;
  account(supporter: SignedInSupporter): Promise<AccountProfile>;
  /** The supporter's standing sign-ups for one event. */
  signupsForEvent(supporter: SignedInSupporter, eventNumber: number): Promise<MyEventSignup[]>;
  updateProfile(supporter: SignedInSupporter, fields: Record<string, string>): Promise<SupporterOutcome & { emailChanged?: boolean }>;
  changePassword(supporter: SignedInSupporter, fields: Record<string, string>, request: Request): Promise<SupporterOutcome>;
  signOutEverywhere(supporter: SignedInSupporter): Promise<string[]>;
  deleteAccount(supporter: SignedInSupporter, fields: Record<string, string>, request: Request): Promise<SupporterOutcome>;
}
