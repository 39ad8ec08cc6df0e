import type { BackOfficeContent } from './content-admin';
import type { GivingDetails } from './donations';
import type { PaymentState } from './payments';
import type { SignupKind } from './signups/kinds';

/**
 * What the back office (/admin) shows and does, typed here so the server implements it and the
 * admin routes use it through the load context without importing server code. Money is cents;
 * dates are ISO-8601 instants unless named `…Date` (YYYY-MM-DD in the foundation's time zone).
 */

export type StaffRole = 'admin' | 'volunteer';
export type StaffStatus = 'invited' | 'active' | 'disabled';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  totpEnabled: boolean;
  /** Too many wrong sign-in codes: an admin's reset of two-step sign-in (or a new set-up link) lifts it. */
  secondFactorLocked: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

/** The staff member doing something, as actions and the audit log need them. */
export interface StaffActor {
  id: number;
  email: string;
  role: StaffRole;
  /** The client's address (for the audit log). */
  address: string | null;
}

export interface Paged<T> {
  items: T[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

// ---------- overview ----------

export interface RaisedByEvent {
  eventNumber: number;
  name: string;
  cents: number;
}

/** Money kept (paid minus refunded) in a period, by where it came from. */
export interface RaisedInPeriod {
  totalCents: number;
  donationsCents: number;
  events: RaisedByEvent[];
}

export interface UpcomingEventPlaces {
  eventNumber: number;
  name: string;
  eventType: string;
  eventDate: string;
  signupKind: SignupKind | null;
  capacity: number | null;
  /** Places paid for (teams, or steak-fry attendees). */
  sold: number;
  /** Places held by sign-ups still being paid. */
  held: number;
  /** Null when the event has no capacity. */
  left: number | null;
}

export interface RecentPayment {
  paymentId: number;
  purpose: 'donation' | 'signup';
  /** "Donation" or the event's name. */
  what: string;
  email: string;
  amountCents: number;
  refundedCents: number;
  status: PaymentState;
  at: string;
}

export interface Overview {
  /** The calendar month and year, in the foundation's time zone, that the totals cover. */
  month: { label: string; raised: RaisedInPeriod };
  year: { label: string; raised: RaisedInPeriod };
  upcoming: UpcomingEventPlaces[];
  recentPayments: RecentPayment[];
}

// ---------- donations ----------

export const DONATION_SORTS = ['date', 'amount', 'email', 'name'] as const;
export type DonationSort = (typeof DONATION_SORTS)[number];

export interface DonationFilter {
  /** Matches the donor's name (when given signed in), email or message, case-insensitively. */
  q?: string;
  /** Inclusive calendar dates (YYYY-MM-DD) in the foundation's time zone, on the date given. */
  fromDate?: string;
  toDate?: string;
  minCents?: number;
  maxCents?: number;
  /** Omitted: every payment that went through (paid, partially refunded, refunded). */
  status?: PaymentState;
  sort?: DonationSort;
  direction?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export interface DonationRow {
  paymentId: number;
  donationId: number;
  /** When the donation was given (paid), else when it was started. */
  at: string;
  name: string | null;
  email: string;
  message: string;
  amountCents: number;
  refundedCents: number;
  status: PaymentState;
  /** The gift and card-fee parts of the amount, anonymity and any tribute, as the donor chose (ADR 027). */
  giving: GivingDetails;
  /** Whom the donor asked us to tell of a tribute gift. */
  notify: { name: string; email: string } | null;
}

export interface DonationList extends Paged<DonationRow> {
  /** Sum of amounts over every row the filter matches (not just this page). */
  totalCents: number;
}

// ---------- one payment ----------

export interface RefundRecord {
  id: number;
  amountCents: number;
  reason: string;
  note: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  staffEmail: string | null;
  createdAt: string;
}

export interface SentMail {
  id: number;
  purpose: string;
  to: string;
  subject: string;
  text: string;
  status: 'pending' | 'sent';
  createdAt: string;
  sentAt: string | null;
}

export interface PaymentDetail {
  paymentId: number;
  purpose: 'donation' | 'signup';
  status: PaymentState;
  statusReason: string | null;
  amountCents: number;
  refundedCents: number;
  /** What is left to refund: amount minus pending and succeeded refunds. */
  refundableCents: number;
  createdAt: string;
  paidAt: string | null;
  intentId: string | null;
  account: { name: string; email: string } | null;
  donation: {
    donationId: number;
    email: string;
    message: string;
    /** The name the donor gave on the form ('' when none). */
    donorName: string;
    giving: GivingDetails;
    notify: { name: string; email: string; includeAmount: boolean } | null;
  } | null;
  signup: { signupId: number; eventNumber: number; eventName: string; kind: SignupKind; receiptEmail: string; teamName: string | null; places: number } | null;
  refunds: RefundRecord[];
  /** Receipts, confirmations and refund notices sent for it, newest first. */
  mail: SentMail[];
}

// ---------- registrations ----------

export interface RegistrationPerson {
  /** "player:12" or "attendee:40": what check-in and undo name. */
  key: string;
  position: number;
  name: string;
  email: string | null;
  shirtSize: string | null;
  activisionId: string | null;
  location: string | null;
  /** Steak fry: a child's ticket. */
  child: boolean;
  allergies: string | null;
  checkedInAt: string | null;
}

export interface Registration {
  signupId: number;
  paymentId: number;
  status: PaymentState;
  createdAt: string;
  paidAt: string | null;
  /** When the supporter cancelled it (it takes no places then, refunded or not). */
  cancelledAt: string | null;
  receiptEmail: string;
  account: { name: string; email: string } | null;
  teamName: string | null;
  teamContactNumber: string | null;
  places: number;
  amountCents: number;
  refundedCents: number;
  people: RegistrationPerson[];
}

/** How a registration is named in lists: the team's name, a golf team by its first player, a steak-fry party by its email. */
export function registrationLabel(r: Pick<Registration, 'teamName' | 'receiptEmail' | 'people'>): string {
  if (r.teamName) return r.teamName;
  const first = r.people[0];
  return first && first.key.startsWith('player:') ? `Team of ${first.name}` : `Party of ${r.receiptEmail}`;
}

export interface RegistrationTallies {
  /** Counted over paid (and partly refunded) sign-ups only. */
  teams: number;
  people: number;
  /** Golf: shirts per size, every size listed (zero included), in size order. */
  shirts: { size: string; count: number }[];
  adults: number;
  children: number;
  /** Steak fry: everyone with an allergy, for the caterer. */
  allergies: { name: string; allergies: string }[];
}

export interface EventRegistrations {
  event: { eventNumber: number; name: string; eventType: string; eventDate: string; signupKind: SignupKind | null; capacity: number | null; published: boolean };
  /** Shown apart in the list: paid (and partly refunded), pending, refunded or cancelled; failed/expired attempts are left out. */
  paid: Registration[];
  pending: Registration[];
  refunded: Registration[];
  tallies: RegistrationTallies;
}

export interface EventSummary {
  eventNumber: number;
  name: string;
  eventDate: string;
  signupKind: SignupKind | null;
  /** False for a draft the public site does not show. */
  published: boolean;
}

// ---------- check-in ----------

export interface CheckInPerson {
  key: string;
  name: string;
  /** The team's name, or the party's receipt email for a steak-fry party. */
  group: string;
  signupId: number;
  child: boolean;
  checkedInAt: string | null;
}

export interface CheckInList {
  event: EventSummary;
  /** Everyone on a paid sign-up (filtered by the search when one is given). */
  people: CheckInPerson[];
  /** Over the whole event, whatever the search. */
  arrived: number;
  expected: number;
}

// ---------- audit ----------

export interface AuditEntry {
  id: number;
  at: string;
  staffEmail: string;
  action: string;
  subject: string;
  summary: string;
  before: unknown;
  after: unknown;
  address: string | null;
}

// ---------- the services admin routes call (through the load context) ----------

/** What an action answers: a message to show, or field-keyed errors to put beside the form's fields. */
export type ActionResult = { ok: true; message: string } | { ok: false; errors: Record<string, string> };

export const REFUND_REASONS = ['requested_by_customer', 'staff'] as const;
export type StaffRefundReason = (typeof REFUND_REASONS)[number];

export interface RefundInput {
  /** Dollars as typed ("12.50", "$12.50"); empty or omitted: everything left. */
  amount?: string;
  reason: StaffRefundReason;
  /** Why, for the record (required, up to 500 characters); not sent to the payer. */
  note: string;
  /** From a hidden field of the form: one click, or a form posted twice, refunds once. */
  requestKey: string;
}

/** Reads; any signed-in staff member may. Unknown numbers answer null. */
export interface BackOfficeReports {
  overview(): Promise<Overview>;
  donations(filter: DonationFilter): Promise<DonationList>;
  /** One payment with the payer's details; the view is written to the audit log (who looked at whose data). */
  payment(paymentId: number, viewer: StaffActor): Promise<PaymentDetail | null>;
  /** Every event, newest date first (for the back office's event menu). */
  events(): Promise<EventSummary[]>;
  registrations(eventNumber: number): Promise<EventRegistrations | null>;
  checkInList(eventNumber: number, search?: string): Promise<CheckInList | null>;
  audit(page: number): Promise<Paged<AuditEntry>>;
}

/** CSV files (UTF-8 with BOM, formula-safe cells); null for an unknown event. Each export is written to the audit log. */
export interface BackOfficeExports {
  /** Every donation the filter matches (paging ignored). */
  donationsCsv(actor: StaffActor, filter: DonationFilter): Promise<string>;
  /** One row per player (golf, gaming) or attendee (steak fry); `paid` (the default) or every status. */
  registrationsCsv(actor: StaffActor, eventNumber: number, include?: 'paid' | 'all'): Promise<string | null>;
}

/** Changes; each is written to the audit log with before and after. */
export interface BackOfficeActions {
  /** Admin only. Through the payment core; the payer is emailed; a full refund frees the places. */
  refund(actor: StaffActor, paymentId: number, input: RefundInput): Promise<ActionResult>;
  /** Queues the receipt or sign-up confirmation again, to the address it first went to. */
  resend(actor: StaffActor, paymentId: number): Promise<ActionResult>;
  /** Marks a person arrived (or, with false, not arrived: the undo) at an event's door. */
  checkIn(actor: StaffActor, eventNumber: number, personKey: string, arrived: boolean): Promise<ActionResult>;
}

// ---------- staff sign-in and staff management (the HTTP adapter implements these) ----------

export type StaffStage = 'second_factor' | 'enrol' | 'full';

export interface StaffSessionView {
  staff: StaffMember;
  /** second_factor: the code is still due; enrol: an admin must set up an authenticator first. */
  stage: StaffStage;
  /** Goes in every form's hidden `csrf` field. */
  csrfToken: string;
}

/** A sign-in step's answer: the cookies to set and where the person stands, or errors for the form. */
export type AuthStep = { ok: true; stage: StaffStage; setCookies: string[] } | { ok: false; errors: Record<string, string>; status: 400 | 429 };

export interface TotpEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  uri: string;
  qrSvgDataUrl: string;
}

export interface StaffAuthPort {
  /** The staff session the request's cookie names; `ended` when it timed out or was revoked. */
  session(request: Request): Promise<{ session: StaffSessionView | null; ended: boolean }>;
  /** CSRF for pages without a session (sign-in, set-up); `setCookie` when the browser needs the cookie. */
  anonymousCsrf(request: Request): Promise<{ token: string; setCookie: string | null }>;
  /** The form's `csrf` field against the session (or, without one, the anonymous cookie). */
  csrfOk(request: Request, form: FormData, session: StaffSessionView | null): Promise<boolean>;
  signIn(request: Request, form: FormData): Promise<AuthStep>;
  secondFactor(request: Request, form: FormData): Promise<AuthStep>;
  enrolment(request: Request): Promise<TotpEnrolment | null>;
  finishEnrolment(request: Request, form: FormData): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; errors: Record<string, string> }>;
  newRecoveryCodes(request: Request, form: FormData): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; errors: Record<string, string> }>;
  turnOffTwoFactor(request: Request, form: FormData): Promise<ActionResult>;
  recoveryCodesLeft(request: Request): Promise<number>;
  invitation(token: string): Promise<StaffMember | null>;
  acceptInvitation(request: Request, token: string, form: FormData): Promise<AuthStep>;
  /** Ends the request's session; answers the Set-Cookie that clears it. */
  signOut(request: Request): Promise<string>;
}

export interface StaffPort {
  list(): Promise<StaffMember[]>;
  invite(actor: StaffActor, form: FormData): Promise<ActionResult>;
  changeRole(actor: StaffActor, staffId: number, role: string): Promise<ActionResult>;
  setEnabled(actor: StaffActor, staffId: number, enabled: boolean): Promise<ActionResult>;
  resetTwoFactor(actor: StaffActor, staffId: number): Promise<ActionResult>;
  endSessions(actor: StaffActor, staffId: number): Promise<ActionResult>;
}

/** The back office as route loaders and actions see it (load context `backOffice`). */
export interface BackOfficeContext {
  auth: StaffAuthPort;
  staff: StaffPort;
  reports: BackOfficeReports;
  exports: BackOfficeExports;
  actions: BackOfficeActions;
  /** Events, announcements, pages and pictures. */
  content: BackOfficeContent;
  /** The client's address as the server sees it (behind the configured proxies). */
  clientAddress: string | null;
}
