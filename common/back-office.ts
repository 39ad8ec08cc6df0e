import type { CampaignProgress } from './campaigns';
import type { BackOfficeContent } from './content-admin';
import type { GivingDetails } from './donations';
import type { PaymentState } from './payments';
import type { SignupKind } from './signups/kinds';

/**
 * Typed here so the server implements it and admin routes use it without importing server code.
 * Money is cents; dates are ISO-8601 instants unless named `…Date` (YYYY-MM-DD, foundation zone).
 */

export type StaffRole = 'admin' | 'volunteer' | 'reviewer';
export type StaffStatus = 'invited' | 'active' | 'disabled';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  totpEnabled: boolean;
  /** Lifted by an admin's reset of two-step sign-in or a new set-up link. */
  secondFactorLocked: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

export interface StaffActor {
  id: number;
  email: string;
  role: StaffRole;
  /** For the audit log. */
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

/** Paid minus refunded. */
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
  /** Teams, or steak-fry attendees. */
  sold: number;
  held: number;
  left: number | null;
}

export interface RecentPayment {
  paymentId: number;
  purpose: 'donation' | 'signup' | 'sponsorship';
  what: string;
  /** The payer's name, their email only when no name is known. */
  payer: string;
  email: string;
  amountCents: number;
  refundedCents: number;
  status: PaymentState;
  at: string;
}

/** Gifts are donations kept (not refunded in full); raised counts sign-ups too. */
export interface GivingFigures {
  raised: RaisedInPeriod;
  gifts: number;
  donors: number;
  /** Their first gift ever is in the period. */
  newDonors: number;
  returningDonors: number;
}

/** From 1 January to the end of `through` (a foundation calendar day). */
export interface YearToDate {
  year: number;
  through: string;
  figures: GivingFigures;
}

export interface MonthlyGiving {
  active: number;
  /** What the active plans charge a month, card fees they cover included. */
  monthlyCents: number;
}

export type EventGap = 'picture' | 'location' | 'start time' | 'refund policy';

/** What the overview asks a volunteer to deal with; each kind has the page it is dealt on. */
export type AttentionItem =
  | { kind: 'monthly_declined'; paymentId: number; at: string; amountCents: number; payer: string; reason: string | null }
  | { kind: 'refund_failed'; paymentId: number; refundId: number; at: string; amountCents: number; payer: string; error: string | null }
  | { kind: 'media_waiting'; mediaId: number; fileName: string; at: string }
  | { kind: 'page_draft'; page: string; by: string; at: string }
  | { kind: 'event_draft'; eventNumber: number; name: string; eventDate: string }
  | { kind: 'announcement_draft'; announcementId: number; heading: string; at: string }
  | { kind: 'event_unpaid'; eventNumber: number; name: string; eventDate: string; places: number }
  | { kind: 'event_details_missing'; eventNumber: number; name: string; eventDate: string; missing: EventGap[] };

export interface Overview {
  /** In the foundation's time zone: this year so far, and last year to the same date. */
  thisYear: YearToDate;
  lastYear: YearToDate;
  monthly: MonthlyGiving;
  attention: AttentionItem[];
  /** Published campaigns that have not ended (ADR 047). */
  campaigns: CampaignProgress[];
  upcoming: UpcomingEventPlaces[];
  recentPayments: RecentPayment[];
}

// ---------- donations ----------

export const DONATION_SORTS = ['date', 'amount', 'email', 'name'] as const;
export type DonationSort = (typeof DONATION_SORTS)[number];

export interface DonationFilter {
  /** Donor name, email or message, case-insensitively. */
  q?: string;
  /** Inclusive, in the foundation's time zone. */
  fromDate?: string;
  toDate?: string;
  minCents?: number;
  maxCents?: number;
  /** Omitted: every payment that went through. */
  status?: PaymentState;
  sort?: DonationSort;
  direction?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export interface DonationRow {
  paymentId: number;
  donationId: number;
  /** Paid, else started. */
  at: string;
  name: string | null;
  email: string;
  message: string;
  amountCents: number;
  refundedCents: number;
  status: PaymentState;
  /** ADR 027. */
  giving: GivingDetails;
  notify: { name: string; email: string } | null;
}

export interface DonationList extends Paged<DonationRow> {
  /** Over every row the filter matches, not just this page. */
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
  purpose: 'donation' | 'signup' | 'sponsorship';
  status: PaymentState;
  statusReason: string | null;
  amountCents: number;
  refundedCents: number;
  /** Amount minus pending and succeeded refunds. */
  refundableCents: number;
  createdAt: string;
  paidAt: string | null;
  intentId: string | null;
  account: { name: string; email: string } | null;
  donation: {
    donationId: number;
    email: string;
    message: string;
    /** '' when none. */
    donorName: string;
    giving: GivingDetails;
    notify: { name: string; email: string; includeAmount: boolean } | null;
  } | null;
  signup: { signupId: number; eventNumber: number; eventName: string; kind: SignupKind; receiptEmail: string; teamName: string | null; places: number } | null;
  sponsorship: { sponsorshipId: number; eventNumber: number; eventName: string; companyName: string; packageName: string; contactEmail: string } | null;
  refunds: RefundRecord[];
  /** Newest first. */
  mail: SentMail[];
}

// ---------- registrations ----------

export interface RegistrationPerson {
  /** What check-in and undo name, e.g. "player:12". */
  key: string;
  position: number;
  name: string;
  email: string | null;
  shirtSize: string | null;
  activisionId: string | null;
  location: string | null;
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
  /** It takes no places then, refunded or not. */
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

export function registrationLabel(r: Pick<Registration, 'teamName' | 'receiptEmail' | 'people'>): string {
  if (r.teamName) return r.teamName;
  const first = r.people[0];
  return first && first.key.startsWith('player:') ? `Team of ${first.name}` : `Party of ${r.receiptEmail}`;
}

export interface RegistrationTallies {
  /** Paid (and partly refunded) sign-ups only. */
  teams: number;
  people: number;
  /** Every size listed, zero included, in size order. */
  shirts: { size: string; count: number }[];
  adults: number;
  children: number;
  /** For the caterer. */
  allergies: { name: string; allergies: string }[];
}

export interface EventRegistrations {
  event: { eventNumber: number; name: string; eventType: string; eventDate: string; signupKind: SignupKind | null; capacity: number | null; published: boolean };
  /** Failed and expired attempts are left out. */
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
  published: boolean;
}

// ---------- check-in ----------

export interface CheckInPerson {
  key: string;
  name: string;
  group: string;
  signupId: number;
  child: boolean;
  checkedInAt: string | null;
}

export interface CheckInList {
  event: EventSummary;
  /** Filtered by the search when one is given. */
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

// The services admin routes call (through the load context)

/** A form's text fields, the first value of each name. */
export type FormFields = Record<string, string>;

export type ActionResult = { ok: true; message: string } | { ok: false; errors: Record<string, string> };

export const REFUND_REASONS = ['requested_by_customer', 'staff'] as const;
export type StaffRefundReason = (typeof REFUND_REASONS)[number];

/** As the refund form parsed it. */
export interface RefundInput {
  /** Null: everything left. */
  amountCents: number | null;
  reason: StaffRefundReason;
  /** Trimmed, 1 to 500 characters; not sent to the payer. */
  note: string;
  /** From a hidden field: a form posted twice refunds once. */
  requestKey: string;
}

/** RegistrationPerson's key, "player:12" or "attendee:40". */
export interface CheckInPersonRef {
  list: 'player' | 'attendee';
  id: number;
}

/** Any signed-in staff member may. Unknown numbers answer null. */
export interface BackOfficeReports {
  /** `now` decides the periods and what is soon; tests pass a fixed one. */
  overview(now?: Date): Promise<Overview>;
  donations(filter: DonationFilter): Promise<DonationList>;
  /** The view is audited (who looked at whose data). */
  payment(paymentId: number, viewer: StaffActor): Promise<PaymentDetail | null>;
  events(): Promise<EventSummary[]>;
  registrations(eventNumber: number): Promise<EventRegistrations | null>;
  checkInList(eventNumber: number, search?: string): Promise<CheckInList | null>;
  audit(page: number): Promise<Paged<AuditEntry>>;
}

/** UTF-8 with BOM, formula-safe cells; every export is audited. */
export interface BackOfficeExports {
  /** Paging ignored. */
  donationsCsv(actor: StaffActor, filter: DonationFilter): Promise<string>;
  registrationsCsv(actor: StaffActor, eventNumber: number, include?: 'paid' | 'all'): Promise<string | null>;
}

/** Each is audited with before and after. */
export interface BackOfficeActions {
  /** Admin only. The payer is emailed; a full refund frees the places. */
  refund(actor: StaffActor, paymentId: number, input: RefundInput): Promise<ActionResult>;
  /** To the address it first went to. */
  resend(actor: StaffActor, paymentId: number): Promise<ActionResult>;
  /** `false` is the undo. */
  checkIn(actor: StaffActor, eventNumber: number, person: CheckInPersonRef, arrived: boolean): Promise<ActionResult>;
}

// Staff sign-in and staff management (the HTTP adapter implements these)

export type StaffStage = 'second_factor' | 'enrol' | 'full';

export interface StaffSessionView {
  staff: StaffMember;
  /** enrol: an admin must set up an authenticator first. */
  stage: StaffStage;
  csrfToken: string;
}

export type AuthStep = { ok: true; stage: StaffStage; setCookies: string[] } | { ok: false; errors: Record<string, string>; status: 400 | 429 };

export interface TotpEnrolment {
  /** For typing into an app by hand. */
  secret: string;
  uri: string;
  qrSvgDataUrl: string;
}

export interface StaffAuthPort {
  /** `ended` when it timed out or was revoked. */
  session(request: Request): Promise<{ session: StaffSessionView | null; ended: boolean }>;
  /** For pages without a session (sign-in, set-up). */
  anonymousCsrf(request: Request): Promise<{ token: string; setCookie: string | null }>;
  /** Against the session, or without one the anonymous cookie. */
  csrfOk(request: Request, fields: FormFields, session: StaffSessionView | null): Promise<boolean>;
  signIn(request: Request, fields: FormFields): Promise<AuthStep>;
  secondFactor(request: Request, fields: FormFields): Promise<AuthStep>;
  enrolment(request: Request): Promise<TotpEnrolment | null>;
  finishEnrolment(request: Request, fields: FormFields): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; errors: Record<string, string> }>;
  newRecoveryCodes(request: Request, fields: FormFields): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; errors: Record<string, string> }>;
  turnOffTwoFactor(request: Request): Promise<ActionResult>;
  recoveryCodesLeft(request: Request): Promise<number>;
  invitation(token: string): Promise<StaffMember | null>;
  acceptInvitation(request: Request, token: string, fields: FormFields): Promise<AuthStep>;
  signOut(request: Request): Promise<string>;
}

export interface StaffPort {
  list(): Promise<StaffMember[]>;
  /** Parsed by the domain (InviteStaffSchema). */
  invite(actor: StaffActor, fields: FormFields): Promise<ActionResult>;
  changeRole(actor: StaffActor, staffId: number, role: StaffRole): Promise<ActionResult>;
  setEnabled(actor: StaffActor, staffId: number, enabled: boolean): Promise<ActionResult>;
  resetTwoFactor(actor: StaffActor, staffId: number): Promise<ActionResult>;
  endSessions(actor: StaffActor, staffId: number): Promise<ActionResult>;
}

export interface BackOfficeContext {
  auth: StaffAuthPort;
  staff: StaffPort;
  reports: BackOfficeReports;
  exports: BackOfficeExports;
  actions: BackOfficeActions;
  content: BackOfficeContent;
  /** Behind the configured proxies. */
  clientAddress: string | null;
}
