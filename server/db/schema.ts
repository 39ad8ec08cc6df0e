import type { Generated, Selectable } from 'kysely';
import type { SignupKind } from '../../common/signups/kinds';
import type { TributeKind } from '../../common/donations';

/** Portable across SQLite and PostgreSQL: booleans 0/1, timestamps ISO-8601 text, money integer cents, JSON as text. */

export interface UsersTable {
  id: Generated<number>;
  first: string;
  last: string;
  username: string;
  /** Stored lower-case; unique on lower(email) too. */
  email: string;
  password_hash: string;
  /** A reset or a change ends every session (ADR 043). */
  password_changed_at: string | null;
  /** Null until confirmed, and again after a change. */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  /** It verifies nothing once the account's email is another. */
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** The token itself is never stored. */
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
  published: Generated<number>;
  /** Team fee (golf, gaming) or the adult price (steak fry). */
  price_cents: number | null;
  child_price_cents: number | null;
  players_per_team: number | null;
  signup_opens_on: string | null;
  signup_closes_on: string | null;
  /** Full refund until this many days before; null: no self-service refunds. */
  refund_days_before: number | null;
  /** Per team or adult, and per child (ADR 025). */
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

/** ADR 013. */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded';
export type PaymentPurpose = 'donation' | 'signup' | 'sponsorship';

export interface PaymentsTable {
  id: Generated<number>;
  purpose: PaymentPurpose;
  amount_cents: number;
  currency: Generated<string>;
  status: PaymentStatus;
  /** gateway_error, abandoned, replaced, event_full, … */
  status_reason: string | null;
  refunded_cents: Generated<number>;
  /** Idempotency keys derive from it, never from ids a restore could reuse. */
  gateway_key: string;
  intent_id: string | null;
  user_id: number | null;
  /** A keyed hash of the address (per-address caps, card-testing defence). */
  client_key: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  expires_at: string;
  /** Null once settled. */
  next_check_at: string | null;
  checks: Generated<number>;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** Each row is sent to the gateway once under its own key. */
export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount_cents: number;
  reason: string;
  status: RefundStatus;
  request_key: string;
  gateway_key: string;
  gateway_refund_id: string | null;
  last_error: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
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
  /** 1: the name stays off every public list and out of the tribute notification. */
  anonymous: Generated<number>;
  /** The payment's amount is their sum. */
  gift_cents: Generated<number>;
  fee_cents: Generated<number>;
  tribute_kind: TributeKind | null;
  tribute_name: string | null;
  notify_name: string | null;
  notify_email: string | null;
  notify_amount: Generated<number>;
  monthly: Generated<number>;
  /** Unique together with month and attempt; null for one-off gifts and a plan's first gift. */
  plan_id: number | null;
  plan_month: string | null;
  plan_attempt: number | null;
  subscription_id: string | null;
  /** Unique, so it is recorded once. */
  invoice_id: string | null;
  /** ADR 047; set with the payment, in the same transaction. */
  campaign_id: number | null;
}

/** ADR 027. */
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
  /** Foundation zone (ADR 020). */
  next_charge_on: string;
  failed_attempts: Generated<number>;
  retry_at: string | null;
  /** Several instances, one charge. */
  lease_until: string | null;
  /** Empty for a Stripe plan. */
  payment_method_id: string;
  /** Part of the signed manage link, so changing it revokes every link sent. */
  manage_key: string;
  first_payment_id: number;
  created_at: string;
  updated_at: string;
  stopped_at: string | null;
  /** Null on the simulated gateway's own schedule. */
  subscription_id: string | null;
}

/** Last four digits and expiry only. */
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
  /** Teams count 1, parties their attendees. */
  places: Generated<number>;
  hold_expires_at: string | null;
  created_at: string;
  cancelled_at: string | null;
  calendar_sequence: Generated<number>;
  updated_at: string | null;
  party_of: number | null;
  merged_at: string | null;
  /** For its receipt. */
  merged_children: number | null;
  /** As when the sign-up was made: receipts use these whatever the event says later (ADR 025). */
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

/** Shaped like Stripe's PaymentIntent. */
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
  save_card: Generated<number>;
  payment_method_id: string | null;
}

export interface SimulatedRefundsTable {
  id: string;
  intent_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: string;
}

export type MailStatus = 'pending' | 'sent';

/** Written in the transaction that caused it (ADR 015). */
export interface MailOutboxTable {
  id: Generated<number>;
  purpose: string;
  payment_id: number | null;
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments_json: string | null;
  sensitive: Generated<number>;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export type StaffRole = 'admin' | 'volunteer' | 'reviewer';
export type StaffStatus = 'invited' | 'active' | 'disabled';

/** Apart from supporters' accounts (users). */
export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: Generated<string>;
  role: StaffRole;
  status: StaffStatus;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** A code is never accepted twice. */
  totp_last_step: number | string | null;
  /** No code is checked until a new set-up link or an admin's reset. */
  second_factor_locked_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Only the token's hash is kept. */
export interface StaffInvitesTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type StaffSessionStage = 'second_factor' | 'enrol' | 'full';

/** ADR 043. */
export interface UserSessionsTable {
  id: string;
  user_id: number;
  via: 'cookie' | 'token';
  created_at: string;
  last_seen_at: string;
  /** The idle end is last_seen_at + the idle timeout. */
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  /** enrol: an admin who must set up TOTP first. */
  stage: StaffSessionStage;
  created_at: string;
  last_seen_at: string;
  /** The idle end is last_seen_at + 30 minutes. */
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

/** The database refuses UPDATE and DELETE on it. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  staff_email: string;
  action: string;
  subject: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  address: string | null;
}

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

/** Seeding leaves these alone. */
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
  published: Generated<number>;
}

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

/** ADR 046: one row, id 1. */
export interface GivingSettingsTable {
  id: number;
  /** JSON list of { cents, note }. */
  suggested_amounts: string;
  monthly_preselected: number;
  updated_at: string;
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
  giving_settings: GivingSettingsTable;
  campaigns: CampaignsTable;
  scholarship_rounds: ScholarshipRoundsTable;
  scholarship_applications: ScholarshipApplicationsTable;
  scholarship_files: ScholarshipFilesTable;
  scholarship_reviews: ScholarshipReviewsTable;
  scholarship_winners: ScholarshipWinnersTable;
  sponsorship_packages: SponsorshipPackagesTable;
  sponsorships: SponsorshipsTable;
  sponsorship_guests: SponsorshipGuestsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_settings: WaitlistSettingsTable;
}

/** ADR 047. */
export interface CampaignsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  story: string;
  image_json: string | null;
  goal_cents: number;
  /** Calendar days in the foundation's time zone, both included. */
  starts_on: string;
  ends_on: string;
  /** The Family of the Year card (by its year) that links here instead of GoFundMe. */
  family_year: number | null;
  published: Generated<number>;
  featured: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** ADR 051: the yearly scholarship round. */
export interface ScholarshipRoundsTable {
  id: Generated<number>;
  year: number;
  opens_at: string;
  closes_at: string;
  /** JSON: awards, questions, prompts, documents, rubric (common/scholarship RoundConfig). */
  config_json: string;
  reviewers_per_application: number;
  retention_months: number;
  decided_at: string | null;
  purged_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScholarshipApplicationsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  status: 'draft' | 'submitted';
  outcome: 'awarded' | 'not-awarded' | null;
  award_key: string | null;
  eligibility_json: string;
  details_json: Generated<string>;
  essays_json: Generated<string>;
  recommender_name: string | null;
  recommender_email: string | null;
  letter_token_hash: string | null;
  letter_requested_at: string | null;
  letter_received_at: string | null;
  submitted_at: string | null;
  notified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Private documents and recommendation letters, never in the public media library. */
export interface ScholarshipFilesTable {
  id: Generated<number>;
  application_id: number;
  purpose: 'document' | 'letter';
  document_key: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  bytes: Buffer;
  created_at: string;
}

export interface ScholarshipReviewsTable {
  id: Generated<number>;
  application_id: number;
  staff_id: number;
  status: 'assigned' | 'conflict' | 'scored';
  conflict_note: string | null;
  /** JSON: criterion key to a score from 1 to SCORE_MAX. */
  scores_json: string | null;
  comment: string | null;
  assigned_at: string;
  done_at: string | null;
}

/** The public profile: kept when the application is deleted. */
export interface ScholarshipWinnersTable {
  id: Generated<number>;
  round_id: number;
  application_id: number | null;
  award_key: string;
  name: string;
  school: Generated<string>;
  field: Generated<string>;
  quote: Generated<string>;
  /** JSON { src, width, height, alt } from the media library. */
  photo_json: string | null;
  consent: Generated<number>;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type EventRow = Selectable<EventsTable>;

/** ADR 052: what a business can buy for an event. */
export interface SponsorshipPackagesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  price_cents: number;
  quantity: number;
  includes: string;
  places: Generated<number>;
  goods_value_cents: number;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
  /** ADR 054: the last day (Eastern) the sponsor may name the included places. */
  places_due_on: string | null;
}

/** ADR 052: one package bought (or being paid for, while its hold lasts). */
export interface SponsorshipsTable {
  id: Generated<number>;
  payment_id: number;
  package_id: number;
  event_id: number;
  company_name: string;
  contact_name: string;
  contact_email: string;
  phone: string;
  display_name: string;
  link: string | null;
  logo_png: Buffer;
  logo_width: number;
  logo_height: number;
  goods_value_cents: number;
  hold_expires_at: string | null;
  review: Generated<'pending' | 'approved' | 'rejected'>;
  review_reason: string | null;
  reviewed_at: string | null;
  created_at: string;
  /** ADR 054: the places included, as when bought; the account that names them. */
  places: Generated<number>;
  user_id: number | null;
  claim_token_hash: string | null;
  places_named_at: string | null;
}

/** ADR 054: the people a sponsor names for the places their package includes. */
export interface SponsorshipGuestsTable {
  id: Generated<number>;
  sponsorship_id: number;
  team: number;
  team_name: string | null;
  position: number;
  name: string;
}

/** ADR 053: one entry per account and event; its offer holds its places until it lapses. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  kind: SignupKind;
  places: number;
  created_at: string;
  status: Generated<'waiting' | 'offered' | 'accepted' | 'lapsed'>;
  offered_at: string | null;
  offer_expires_at: string | null;
  offer_signup_id: number | null;
  offered_by_staff_id: number | null;
}

/** ADR 053: how long an offer holds its places; 24 hours when an event has no row. */
export interface WaitlistSettingsTable {
  event_id: number;
  offer_hours: number;
  updated_at: string;
}
