import type { Generated, Insertable, Selectable } from 'kysely';

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
  /** Login tokens issued before this moment are refused (set by a password reset). */
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
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
  created_at: string;
}

export interface SiteContentTable {
  page: string;
  data_json: string;
  updated_at: string;
}

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded';

export interface DonationsTable {
  id: Generated<number>;
  user_id: number | null;
  amount_cents: number;
  currency: Generated<string>;
  email: string;
  message: Generated<string>;
  status: Generated<PaymentStatus>;
  payment_intent_id: string | null;
  created_at: string;
  paid_at: string | null;
}

export type SignupKind = 'golf' | 'gaming' | 'steakfry';

export interface SignupsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  kind: SignupKind;
  amount_cents: number;
  currency: Generated<string>;
  receipt_email: string;
  team_name: string | null;
  team_contact_number: string | null;
  team_agrees: Generated<number>;
  /** Teams count 1, steak-fry parties count their attendees; used for capacity. */
  places: Generated<number>;
  status: Generated<PaymentStatus>;
  payment_intent_id: string | null;
  hold_expires_at: string | null;
  created_at: string;
  paid_at: string | null;
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
}

export interface SignupAttendeesTable {
  id: Generated<number>;
  signup_id: number;
  position: number;
  name: string;
  allergies: string | null;
  child: Generated<number>;
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
}

/** Payment webhook events already handled (Stripe may deliver one more than once). */
export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  events: EventsTable;
  event_stats: EventStatsTable;
  event_accommodations: EventAccommodationsTable;
  announcements: AnnouncementsTable;
  site_content: SiteContentTable;
  donations: DonationsTable;
  signups: SignupsTable;
  signup_players: SignupPlayersTable;
  signup_attendees: SignupAttendeesTable;
  payment_intents: PaymentIntentsTable;
  webhook_events: WebhookEventsTable;
}

export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
