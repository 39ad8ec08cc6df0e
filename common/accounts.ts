import type { TributeKind } from './donations';
import type { EventImage } from './events';

/**
 * Account limits and shapes (spec §5 Register/Login, plus password reset) shared by browser and
 * server. The zod schemas of the payloads are in `accounts.wire.ts`, which only the server imports
 * (ADR 012: no schema library in the browser).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;

/**
 * Set beside the HttpOnly session cookie and ended with it (ADR 043): it holds no secret, only
 * "signed in", so a head script can show the account links on pages every visitor shares.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** GET /api/user/account: the profile as stored, and whether its email is confirmed. */
export interface AccountProfile {
  first: string;
  last: string;
  username: string;
  email: string;
  emailVerified: boolean;
}

/** What a login token carries (spec §3 User) and the browser decodes. */
export interface TokenClaims {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  avatar: string;
  /** Join date, ISO 8601. */
  date: string;
}

/** Where a dashboard payment stands (ADR 013); money is two-decimal strings like the spec's amounts. */
export interface DashboardPaymentState {
  status: 'paid' | 'partially_refunded' | 'refunded';
  /** What has been given back, "0.00" when nothing. */
  refunded: string;
  /** "Refunded: the event filled up", or null while paid in full. */
  note: string | null;
}

/**
 * GET /api/user/dashboard (spec §3 Dashboard); amounts are two-decimal strings like "20.00".
 * Beyond the spec's fields: the event's type and date, the gaming team's name, and each payment's
 * state, so the list can say when the event is, call a party's people attendees and show refunds.
 */
export interface Dashboard {
  /**
   * `gift` and `fee` split `amount` when the donor covered the card fees (`fee` "0.00" otherwise);
   * `anonymous` and `tribute` as the donor chose them (ADR 027).
   */
  donations: ({ amount: string; message: string; gift: string; fee: string; anonymous: boolean; tribute: { kind: TributeKind; name: string } | null } & DashboardPaymentState)[];
  events_and_teams: {
    e: { eventNumber: number; eventType: string; eventDate: string; name: string; location: string; image: EventImage | null };
    /** `id` opens the sign-up to change or cancel it (/api/user/signups/:id); `cancelled` by the supporter. */
    t: { id: number; cancelled: boolean; date: string; amount: string; teamName: string | null; players: { name: string }[] } & DashboardPaymentState;
  }[];
}
