import type { Generated, Selectable } from 'kysely';
import type { SignupKind } from '../../common/signups/kinds';
import type { TributeKind } from '../../common/donations';

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL on purpose:
 * booleans are 0/1 integers, timestamps are ISO-8601 text, money is integer cents,
 * JSON documents are text parsed by the repositories.
 */

export interface UsersTable {
  id: Generated<number>;
  first: string;
  last: string;
  username: string;
  /** Stored lower-case; unique on lower(email) too. */
  email: string;
  password_hash: string;
  /** When the password last changed (a reset or a change ends every session, ADR 043). */
  password_changed_at: string | null;
  /** When the current email was confirmed through its emailed link; null until then (and after a change). */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Single-use links that confirm an address; only the token's SHA-256 is kept. */
export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  /** The address the link went to; it verifies nothing once the account's email is another. */
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token in the emailed link; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  event_number: number;
  event_type: string;
  name: string;
  description: string;
  location: string;
  event_date: string;
  start_time: string | null;
  image_json: string | null;
  active: Generated<number>;
  show_sponsor: Generated<number>;
  sponsor_json: string | null;
  proceeds: Generated<string>;
  partnership_flyer: string | null;
  rules_flyer: string | null;
  capacity: number | null;
  /** 0 while only staff see it (a draft). */
  published: Generated<number>;
  /** Team fee (golf, gaming) or the adult price (steak fry). */
  price_cents: number | null;
  child_price_cents: number | null;
  players_per_team: number | null;
  signup_opens_on: string | null;
  signup_closes_on: string | null;
  /** Full refund until this many days before the event; none after. Null: no self-service refunds. */
  refund_days_before: number | null;
  /** Fair-market value of what a payer receives, per team or adult, and per child (cents; ADR 025). */
  fair_value_cents: Generated<number>;
  child_fair_value_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface EventStatsTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  price_cents: number | null;
  text: string;
}

export interface EventAccommodationsTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  icon: string;
  text: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  position: number;
  image_json: string | null;
  heading: string;
  meta: Generated<string>;
  link_href: string;
  link_label: Generated<string>;
  published: Generated<number>;
  show_from: string | null;
  show_until: string | null;
  updated_at: string | null;
  created_at: string;
}

export interface SiteContentTable {
  page: string;
  data_json: string;
  updated_at: string;
}

/** The payment state machine (ADR 013): pending → paid | failed | expired; paid → refunded | partially_refunded. */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded';
export type PaymentPurpose = 'donation' | 'signup';

/** Every card payment, whatever it pays for; donations and sign-ups point at their payment. */
export interface PaymentsTable {
  id: Generated<number>;
  purpose: PaymentPurpose;
  amount_cents: number;
  currency: Generated<string>;
  status: PaymentStatus;
  /** Why it failed, expired or was refunded: gateway_error, abandoned, replaced, event_full, … */
  status_reason: string | null;
  refunded_cents: Generated<number>;
  /** Random and unique per database: the gateway's idempotency keys derive from it (never from ids a restore could reuse). */
  gateway_key: string;
  intent_id: string | null;
  /** The account that started the payment (a sign-up's owner; a donation's donor when signed in). */
  user_id: number | null;
  /** A keyed hash of the address the payment was started from (per-address caps, card-testing defence). */
  client_key: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** An unpaid payment is given up, and its intent cancelled at the gateway, after this moment. */
  expires_at: string;
  /** When the sweep next asks the gateway about this payment (null once it is settled). */
  next_check_at: string | null;
  checks: Generated<number>;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** Money given back, whole or in part; each row is sent to the gateway once under its own key. */
export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount_cents: number;
  reason: string;
  status: RefundStatus;
  /** The caller's idempotency key: asking twice with one key refunds once. */
  request_key: string;
  gateway_key: string;
  gateway_refund_id: string | null;
  last_error: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /** The staff member's reason, for refunds made in the back office. */
  note: string | null;
  staff_id: number | null;
}

export interface DonationsTable {
  id: Generated<number>;
  payment_id: number;
  email: string;
  message: Generated<string>;
  created_at: string;
  donor_name: Generated<string>;
  /** 1: the donor's name stays off every public list and out of the tribute notification. */
  anonymous: Generated<number>;
  /** The gift and the part added to cover card fees; the payment's amount is their sum. */
  gift_cents: Generated<number>;
  fee_cents: Generated<number>;
  tribute_kind: TributeKind | null;
  tribute_name: string | null;
  notify_name: string | null;
  notify_email: string | null;
  notify_amount: Generated<number>;
  /** 1: the donor chose "Monthly"; once paid, this gift starts a plan (ADR 027). */
  monthly: Generated<number>;
  /** A plan's gift: which plan, month ("YYYY-MM") and attempt; unique together. Null for one-off gifts and a plan's first gift. */
  plan_id: number | null;
  plan_month: string | null;
  plan_attempt: number | null;
  /** A monthly gift started on Stripe: the subscription it started, read when the plan is made. */
  subscription_id: string | null;
  /** A later month of a Stripe plan: the invoice that paid it; unique, so it is recorded once. */
  invoice_id: string | null;
}

/** A monthly gift (ADR 027): charged on the site's own schedule with a saved card, or by a Stripe Subscription. */
export interface GivingPlansTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  donor_name: Generated<string>;
  anonymous: Generated<number>;
  gift_cents: number;
  cover_fees: Generated<number>;
  status: 'active' | 'stopped';
  anchor_day: number;
  /** The calendar date (foundation zone, ADR 020) of the next month's charge. */
  next_charge_on: string;
  /** Declined tries of the month due; the next is not before `retry_at`. */
  failed_attempts: Generated<number>;
  retry_at: string | null;
  /** A runner holds the plan until then while it charges (several instances, one charge). */
  lease_until: string | null;
  /** The saved card the site's schedule charges; empty for a Stripe plan (the subscription keeps the card). */
  payment_method_id: string;
  /** Random; part of the signed manage link, so changing it revokes every link sent. */
  manage_key: string;
  first_payment_id: number;
  created_at: string;
  updated_at: string;
  stopped_at: string | null;
  /** Stripe schedules this plan (a Subscription); the site's own schedule never takes it. Null on the simulated gateway. */
  subscription_id: string | null;
}

/** Cards the simulated gateway keeps for off-session charges: last four digits and expiry only. */
export interface SimulatedPaymentMethodsTable {
  id: string;
  last4: string;
  expiry: string;
  decline_code: string | null;
  created_at: string;
}

export interface SignupsTable {
  id: Generated<number>;
  payment_id: number;
  event_id: number;
  kind: SignupKind;
  receipt_email: string;
  team_name: string | null;
  team_contact_number: string | null;
  team_agrees: Generated<number>;
  /** Teams count 1, steak-fry parties count their attendees; used for capacity. */
  places: Generated<number>;
  /** Places are held until then while the payment is pending; null once paid or let go. */
  hold_expires_at: string | null;
  created_at: string;
  /** When the supporter cancelled it: it keeps its row and payment but takes no places. */
  cancelled_at: string | null;
  /** The calendar file's SEQUENCE: raised by every change or cancellation. */
  calendar_sequence: Generated<number>;
  updated_at: string | null;
  /** People added to a paid party: the party's id. Settling the payment folds them into it. */
  party_of: number | null;
  /** When the addition was folded into its party: its people are the party's now and it counts no places. */
  merged_at: string | null;
  /** Of the people a folded addition brought (its `places`), how many were children (for its receipt). */
  merged_children: number | null;
  /**
   * The event's value received (per team or adult, and per child) when the sign-up was made: its
   * receipts use these, whatever the event says later (ADR 025).
   */
  fair_value_cents: Generated<number>;
  child_fair_value_cents: Generated<number>;
}

export interface SignupPlayersTable {
  id: Generated<number>;
  signup_id: number;
  position: number;
  name: string;
  email: string | null;
  shirt_size: string | null;
  activision_id: string | null;
  location: string | null;
  /** When the back office marked the person arrived at the door, and which staff member did. */
  checked_in_at: string | null;
  checked_in_by: number | null;
}

export interface SignupAttendeesTable {
  id: Generated<number>;
  signup_id: number;
  position: number;
  name: string;
  allergies: string | null;
  child: Generated<number>;
  checked_in_at: string | null;
  checked_in_by: number | null;
}

/** The simulated gateway's own store, shaped like Stripe's PaymentIntent. */
export interface PaymentIntentsTable {
  id: string;
  client_secret: string;
  amount_cents: number;
  currency: string;
  receipt_email: string | null;
  metadata_json: Generated<string>;
  status: string;
  idempotency_key: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** 1: keep the card for later off-session charges once it pays (a monthly gift's first month). */
  save_card: Generated<number>;
  payment_method_id: string | null;
}

/** Refunds made by the simulated gateway (Stripe keeps its own). */
export interface SimulatedRefundsTable {
  id: string;
  intent_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: string;
}

export type MailStatus = 'pending' | 'sent';

/** Mail waiting to go out or sent: written in the transaction that caused it, delivered by a worker with retries. */
export interface MailOutboxTable {
  id: Generated<number>;
  purpose: string;
  payment_id: number | null;
  /** One message per key (e.g. payment:12:receipt), whatever retries happen upstream. */
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments_json: string | null;
  /** Bodies holding secrets (reset links) are blanked once sent. */
  sensitive: Generated<number>;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Counters shared by every instance: rate limits and declined-card streaks. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

/** Payment webhook events already handled (Stripe may deliver one more than once). */
export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export type StaffRole = 'admin' | 'volunteer';
export type StaffStatus = 'invited' | 'active' | 'disabled';

/** Foundation staff who use the back office; apart from supporters' accounts (users). */
export interface StaffTable {
  id: Generated<number>;
  /** Stored lower-case. */
  email: string;
  name: Generated<string>;
  role: StaffRole;
  status: StaffStatus;
  password_hash: string | null;
  /** Base32 TOTP secret; set at enrolment, live once totp_enabled is 1. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: number | string | null;
  /** Too many wrong sign-in codes: no code is checked until a new set-up link or an admin's reset. */
  second_factor_locked_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Single-use set-up links (the first admin's and invitations); only the token's hash is kept. */
export interface StaffInvitesTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type StaffSessionStage = 'second_factor' | 'enrol' | 'full';

/** Server-side staff sessions named by an HttpOnly cookie; the id is the SHA-256 of its value. */
/** A supporter's sign-in (ADR 043): named by an HttpOnly cookie or by an API token's `sid`. */
export interface UserSessionsTable {
  id: string;
  user_id: number;
  via: 'cookie' | 'token';
  created_at: string;
  last_seen_at: string;
  /** The absolute end; the idle end is last_seen_at + the idle timeout. */
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  /** second_factor: password accepted, code still due; enrol: an admin who must set up TOTP first. */
  stage: StaffSessionStage;
  created_at: string;
  last_seen_at: string;
  /** The absolute end (12 hours after sign-in); the idle end is last_seen_at + 30 minutes. */
  expires_at: string;
  revoked_at: string | null;
  failed_codes: Generated<number>;
  user_agent: string | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** Every change made in the back office; the database refuses UPDATE and DELETE on it. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  staff_email: string;
  action: string;
  /** What it was done to, e.g. payment:12, staff:3, attendee:40. */
  subject: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  address: string | null;
}

/** Every published version of a page, and at most one draft per page. */
export interface ContentVersionsTable {
  id: Generated<number>;
  page: string;
  status: 'draft' | 'published';
  data_json: string;
  staff_id: number | null;
  staff_email: string;
  created_at: string;
  note: Generated<string>;
}

/** What staff changed ("event:4", "page:home", "announcements"): seeding leaves it alone. */
export interface StaffEditedTable {
  subject: string;
  at: string;
}

export interface MediaTable {
  id: Generated<number>;
  key: string;
  kind: 'image' | 'pdf';
  content_type: string;
  width: number | null;
  height: number | null;
  alt: Generated<string>;
  file_name: string;
  byte_size: number;
  storage: 'database' | 's3';
  staff_id: number | null;
  created_at: string;
  archived: Generated<number>;
  /** 0 while a volunteer's upload waits for an admin: served to signed-in staff only. */
  published: Generated<number>;
}

/** Rendered receipt and statement PDFs, one row per version (server/domain/receipts/pdf-cache.ts). */
export interface PdfCacheTable {
  key: string;
  bytes: Buffer;
  created_at: string;
}

export interface MediaFilesTable {
  media_id: number;
  name: string;
  content_type: string;
  byte_size: number;
  bytes: Buffer | null;
}

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  events: EventsTable;
  event_stats: EventStatsTable;
  event_accommodations: EventAccommodationsTable;
  announcements: AnnouncementsTable;
  site_content: SiteContentTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  donations: DonationsTable;
  giving_plans: GivingPlansTable;
  simulated_payment_methods: SimulatedPaymentMethodsTable;
  signups: SignupsTable;
  signup_players: SignupPlayersTable;
  signup_attendees: SignupAttendeesTable;
  payment_intents: PaymentIntentsTable;
  webhook_events: WebhookEventsTable;
  simulated_refunds: SimulatedRefundsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  staff: StaffTable;
  staff_invites: StaffInvitesTable;
  staff_sessions: StaffSessionsTable;
  user_sessions: UserSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  audit_log: AuditLogTable;
  content_versions: ContentVersionsTable;
  staff_edited: StaffEditedTable;
  media: MediaTable;
  media_files: MediaFilesTable;
  pdf_cache: PdfCacheTable;
}

export type EventRow = Selectable<EventsTable>;
