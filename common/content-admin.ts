import type { ActionResult, FormFields, StaffActor } from './back-office';
import type { EventSignupRules } from './events';
import type { PageKey } from './content';
import { SIGNUP_KINDS } from './signups/kinds';

/** Typed here so the server implements it and admin routes use it without server code. Volunteers draft; only admins publish (ADR 022). */

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
  /** "price" (team fee or adult price), "child", or "" for none. */
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
  /** Null: from now on / with no end. */
  showFrom: string | null;
  showUntil: string | null;
  state: AnnouncementState;
}

export interface MediaItem {
  id: number;
  key: string;
  kind: 'image' | 'pdf';
  /** The largest WebP for a picture, the file for a PDF. */
  src: string;
  width: number | null;
  height: number | null;
  alt: string;
  fileName: string;
  byteSize: number;
  createdAt: string;
  files: string[];
  /** False until an admin approves a volunteer's upload: staff only. */
  published: boolean;
  /** 'content': a picture of the content folder, chosen like an upload but never changed or deleted from the library (ADR 049). */
  origin: 'upload' | 'content';
}

export interface VersionSummary {
  id: number;
  by: string;
  at: string;
  note: string;
}

export interface PageEditorView {
  page: PageKey;
  published: unknown;
  draft: { data: unknown; by: string; at: string } | null;
  versions: VersionSummary[];
}

export interface BackOfficeContent {
  eventForEditing(eventNumber: number): Promise<EventEditorView | null>;
  /** eventNumber null creates, always as a draft. The domain parses the fields: the type decides them. */
  saveEvent(actor: StaffActor, eventNumber: number | null, fields: FormFields): Promise<SaveResult>;
  /** A draft copy a year later; answers its number. */
  duplicateEvent(actor: StaffActor, eventNumber: number): Promise<SaveResult>;
  /** Admin only. */
  setEventPublished(actor: StaffActor, eventNumber: number, published: boolean): Promise<ActionResult>;

  announcements(): Promise<AnnouncementView[]>;
  saveAnnouncement(actor: StaffActor, id: number | null, fields: FormFields): Promise<SaveResult>;
  moveAnnouncement(actor: StaffActor, id: number, direction: 'up' | 'down'): Promise<ActionResult>;
  deleteAnnouncement(actor: StaffActor, id: number): Promise<ActionResult>;

  pageEditor(page: PageKey): Promise<PageEditorView>;
  /** A draft (anyone) or published (admin only); errors keyed by field path. */
  savePage(actor: StaffActor, page: PageKey, data: unknown, publish: boolean): Promise<ActionResult>;
  discardDraft(actor: StaffActor, page: PageKey): Promise<ActionResult>;
  /** Admin only; republished as a new version. */
  restoreVersion(actor: StaffActor, page: PageKey, versionId: number): Promise<ActionResult>;

  media(): Promise<MediaItem[]>;
  /** As the media form parsed them. */
  upload(actor: StaffActor, file: { bytes: Uint8Array; name: string; type: string }, alt: string): Promise<SaveResult>;
  setMediaAlt(actor: StaffActor, id: number, alt: string): Promise<ActionResult>;
  approveMedia(actor: StaffActor, id: number): Promise<ActionResult>;
  imageSize(src: string): Promise<{ width: number; height: number } | null>;
}

/** As content/events.json. */
export const ACCOMMODATION_ICONS = ['golf', 'food', 'drink', 'shirt', 'trophy', 'gamepad', 'wifi', 'music', 'child', 'gift'] as const;

/** One per sign-up kind. */
export const EVENT_TYPES = Object.values(SIGNUP_KINDS).map((rules) => rules.eventType);

export const EXTRA_ROWS = 3;

export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
