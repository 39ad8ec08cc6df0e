import type { ActionResult, StaffActor } from './back-office';
import type { EventSignupRules } from './events';
import type { PageKey } from './content';
import { SIGNUP_KINDS } from './signups/kinds';

/**
 * What the back office's content editing shows and does, typed here so the server
 * implements it and the admin routes use it without importing server code. Volunteers draft;
 * only admins publish (ADR 022).
 */

/** An event as its edit form shows it (prices in cents, dates YYYY-MM-DD). */
export interface EventEditorView {
  eventNumber: number;
  eventType: string;
  name: string;
  description: string;
  location: string;
  eventDate: string;
  startTime: string | null;
  image: { src: string; width: number; height: number; alt: string } | null;
  active: boolean;
  published: boolean;
  capacity: number | null;
  signup: EventSignupRules;
  /** "price" (the team fee or adult price), "child", or "" for a line without a price. */
  stats: { text: string; price: '' | 'price' | 'child' }[];
  accommodations: { icon: string; text: string }[];
  proceeds: string;
  showSponsor: boolean;
  sponsor: { name: string; href: string; logo: { src: string; width: number; height: number; alt: string } | null } | null;
  partnershipFlyer: string | null;
  rulesFlyer: string | null;
  /** Paid or held sign-ups: the type can no longer change. */
  signups: number;
  updatedAt: string;
}

export type SaveResult = { ok: true; message: string; id: number } | { ok: false; errors: Record<string, string> };

export type AnnouncementState = 'draft' | 'scheduled' | 'showing' | 'ended';

export interface AnnouncementView {
  id: number;
  position: number;
  heading: string;
  meta: string;
  linkHref: string;
  linkLabel: string;
  image: { src: string; width: number; height: number; alt: string } | null;
  published: boolean;
  /** Instants (ISO-8601), or null: from now on / with no end. */
  showFrom: string | null;
  showUntil: string | null;
  state: AnnouncementState;
}

export interface MediaItem {
  id: number;
  key: string;
  kind: 'image' | 'pdf';
  /** The address pages use: the largest WebP for a picture, the file for a PDF. */
  src: string;
  width: number | null;
  height: number | null;
  alt: string;
  fileName: string;
  byteSize: number;
  createdAt: string;
  /** The variants' names, e.g. "640.avif" (pictures) or "document.pdf". */
  files: string[];
  /** False while a volunteer's upload waits for an admin: only signed-in staff can open it. */
  published: boolean;
}

export interface VersionSummary {
  id: number;
  by: string;
  at: string;
  note: string;
}

export interface PageEditorView {
  page: PageKey;
  /** What the public sees now. */
  published: unknown;
  draft: { data: unknown; by: string; at: string } | null;
  versions: VersionSummary[];
}

export interface BackOfficeContent {
  eventForEditing(eventNumber: number): Promise<EventEditorView | null>;
  /** Creates (eventNumber null: always as a draft) or changes an event from its form. */
  saveEvent(actor: StaffActor, eventNumber: number | null, form: FormData): Promise<SaveResult>;
  /** A draft copy a year later (next year's outing from this year's); answers its number. */
  duplicateEvent(actor: StaffActor, eventNumber: number): Promise<SaveResult>;
  /** Admin only. */
  setEventPublished(actor: StaffActor, eventNumber: number, published: boolean): Promise<ActionResult>;

  announcements(): Promise<AnnouncementView[]>;
  saveAnnouncement(actor: StaffActor, id: number | null, form: FormData): Promise<SaveResult>;
  moveAnnouncement(actor: StaffActor, id: number, direction: 'up' | 'down'): Promise<ActionResult>;
  deleteAnnouncement(actor: StaffActor, id: number): Promise<ActionResult>;

  pageEditor(page: PageKey): Promise<PageEditorView>;
  /** Checks the page against its schema; a draft (anyone) or published (admin only). Errors are keyed by the field's path. */
  savePage(actor: StaffActor, page: PageKey, data: unknown, publish: boolean): Promise<ActionResult>;
  discardDraft(actor: StaffActor, page: PageKey): Promise<ActionResult>;
  /** Admin only: publishes an earlier version again, as a new version. */
  restoreVersion(actor: StaffActor, page: PageKey, versionId: number): Promise<ActionResult>;

  media(): Promise<MediaItem[]>;
  upload(actor: StaffActor, file: { bytes: Uint8Array; name: string; type: string }, alt: string): Promise<SaveResult>;
  setMediaAlt(actor: StaffActor, id: number, alt: string): Promise<ActionResult>;
  /** Admin only: makes a volunteer's upload public. */
  approveMedia(actor: StaffActor, id: number): Promise<ActionResult>;
  /** Width and height of a picture in the library, by the address pages use. */
  imageSize(src: string): Promise<{ width: number; height: number } | null>;
}

/** The icons an event's "what's included" line may have (as content/events.json). */
export const ACCOMMODATION_ICONS = ['golf', 'food', 'drink', 'shirt', 'trophy', 'gamepad', 'wifi', 'music', 'child', 'gift'] as const;

/** The types an event may have: one per sign-up kind (common/signups/). */
export const EVENT_TYPES = Object.values(SIGNUP_KINDS).map((rules) => rules.eventType);

/** Blank rows an event form offers for new price/detail lines and included items. */
export const EXTRA_ROWS = 3;

export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
