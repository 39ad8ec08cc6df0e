import type { TributeKind } from './donations';
import type { EventImage } from './events';

/** Shared by browser and server; the zod schemas are in `accounts.wire.ts`, server only (ADR 012). */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;

/** Holds no secret, only "signed in", so a head script can show account links on shared cached pages (ADR 043). */
export const SIGNED_IN_COOKIE = 'signed_in';

/** GET /api/user/account. */
export interface AccountProfile {
  first: string;
  last: string;
  username: string;
  email: string;
  emailVerified: boolean;
}

/** Spec §3 User. */
export interface TokenClaims {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  avatar: string;
  /** ISO 8601. */
  date: string;
}

/** ADR 013; money as two-decimal strings like the spec's amounts. */
export interface DashboardPaymentState {
  status: 'paid' | 'partially_refunded' | 'refunded';
  /** "0.00" when nothing. */
  refunded: string;
  /** Null while paid in full. */
  note: string | null;
}

/** GET /api/user/dashboard (spec §3 Dashboard), plus event type and date, team name and payment state. */
export interface Dashboard {
  /** `gift` and `fee` split `amount` when the donor covered card fees (ADR 027). */
  donations: ({ amount: string; message: string; gift: string; fee: string; anonymous: boolean; tribute: { kind: TributeKind; name: string } | null } & DashboardPaymentState)[];
  events_and_teams: {
    e: { eventNumber: number; eventType: string; eventDate: string; name: string; location: string; image: EventImage | null };
    /** `id` opens the sign-up to change or cancel it. */
    t: { id: number; cancelled: boolean; date: string; amount: string; teamName: string | null; players: { name: string }[] } & DashboardPaymentState;
  }[];
}

/** A sign-up of the visitor's own that still stands, shown on its event's page (never in the shared cache, ADR 029). */
export interface MyEventSignup {
  /** Opens it to change or cancel (/dashboard/signups/:id). */
  id: number;
  teamName: string | null;
  /** Players or attendees, in their order. */
  people: string[];
}
