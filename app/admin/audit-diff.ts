import type { PageKey } from '../../common/content';
import { formatCalendarDate } from '../../common/dates';
import { formatCents } from '../../common/money';
import { formatMoment } from '../../common/moment';
import { PAGE_TITLES } from './content-editor/page-titles';

/**
 * The audit log's before and after as a volunteer reads them: only the fields that changed, each
 * with a label, money in dollars and moments in the foundation's zone, instead of raw JSON.
 */
export interface AuditChangeLine {
  field: string;
  before: string;
  after: string;
}

/** Words for keys whose plain spelling-out would not say what they are. */
const LABELS: Record<string, string> = {
  totpEnabled: 'Two-step sign-in',
  locked: 'Sign-in codes locked',
  checkedInAt: 'Arrived',
  refundedCents: 'Refunded',
  amountCents: 'Amount',
  refundId: 'Refund number',
  alt: 'Alt text',
  left: 'Recovery codes left',
  ended: 'Sessions ended',
  eventDate: 'Date',
  startTime: 'Start time',
  from: 'Copied from event',
  show_from: 'Show from',
  show_until: 'Show until',
  link_href: 'Link',
  link_label: 'Link text',
  image_json: 'Picture',
};

const MAX_TEXT = 80;
const MAX_LINES = 20;

/** "checkedInAt", "show_until", "priceCents" → "Checked in at", "Show until", "Price". */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  if (/^\d+$/.test(key)) return `#${Number(key) + 1}`;
  const words = key
    .replace(/(Cents|_cents|_json|Json)$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One value in words: money, moments and dates as people write them, long texts cut short. */
export function readableValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return /cents$/i.test(key) ? formatCents(value) : String(value);
  if (typeof value === 'string') {
    if (INSTANT.test(value)) return formatMoment(value) || value;
    if (CALENDAR_DATE.test(value)) return formatCalendarDate(value);
    // States are stored as machine words ("partially_refunded").
    if (key === 'status' || key === 'role') return value.replace(/_/g, ' ');
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  return '…';
}

type Leaves = Map<string, { path: string[]; value: unknown }>;

/** Every leaf of a JSON value by its path; arrays of plain values stay one leaf ("a, b"). */
function leavesOf(value: unknown, path: string[] = [], into: Leaves = new Map()): Leaves {
  const plainList = Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
  if (value !== null && typeof value === 'object' && !plainList) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0 && path.length > 0) into.set(JSON.stringify(path), { path, value: null });
    for (const [key, child] of entries) leavesOf(child, [...path, key], into);
    return into;
  }
  into.set(JSON.stringify(path), { path, value: plainList ? (value as unknown[]).join(', ') : value });
  return into;
}

/** The changed fields between two recorded values, in the order they appear (before's first). */
export function auditChanges(before: unknown, after: unknown): AuditChangeLine[] {
  const old = leavesOf(before ?? null);
  const now = leavesOf(after ?? null);
  const keys = [...new Set([...old.keys(), ...now.keys()])];
  const lines: AuditChangeLine[] = [];
  for (const key of keys) {
    const a = old.get(key);
    const b = now.get(key);
    const path = (a ?? b)!.path;
    const last = path.at(-1) ?? '';
    const was = readableValue(last, a?.value);
    const is = readableValue(last, b?.value);
    if (JSON.stringify(a?.value ?? null) === JSON.stringify(b?.value ?? null) || was === is) continue;
    lines.push({ field: path.length === 0 ? 'Value' : path.map(fieldLabel).join(' › '), before: was, after: is });
  }
  if (lines.length > MAX_LINES) {
    const more = lines.length - MAX_LINES;
    return [...lines.slice(0, MAX_LINES), { field: `and ${more} more ${more === 1 ? 'field' : 'fields'}`, before: '', after: '' }];
  }
  return lines;
}

const ACTION_WORDS: Record<string, string> = {
  check_in: 'Marked as arrived',
  check_in_undone: 'Arrival undone',
  refund: 'Refund',
  resend: 'Sent again',
  resend_refused: 'Sending again refused',
  csv_exported: 'CSV downloaded',
  payment_viewed: 'Payment viewed',
  two_factor_enabled: 'Two-step sign-in turned on',
  two_factor_reset: 'Two-step sign-in reset',
};

/** "check_in" → "Marked as arrived", "staff_role_changed" → "Staff role changed". */
export function actionWords(action: string): string {
  if (ACTION_WORDS[action]) return ACTION_WORDS[action];
  const words = action.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SUBJECT_WORDS: Record<string, string> = {
  payment: 'payment',
  player: 'player',
  attendee: 'guest',
  staff: 'staff member',
  event: 'event',
  announcement: 'announcement',
  media: 'upload',
  page: 'page',
  donations: 'donations',
};

/** Where the subject is dealt with, for the few that have a page of their own. */
export function subjectLink(subject: string): string | null {
  const [kind, id] = subject.split(':');
  if (!id) return null;
  if (kind === 'payment' && /^\d+$/.test(id)) return `/admin/payments/${id}`;
  if (kind === 'event' && /^\d+$/.test(id)) return `/admin/events/${id}/edit`;
  if (kind === 'page' && id in PAGE_TITLES) return `/admin/pages/${id}`;
  return null;
}

/** "player:2" → "player 2", "page:cof" → page "About the foundation". */
export function subjectWords(subject: string): string {
  const [kind = '', ...rest] = subject.split(':');
  const id = rest.join(':');
  if (kind === 'page' && id in PAGE_TITLES) return `page "${PAGE_TITLES[id as PageKey]}"`;
  const word = SUBJECT_WORDS[kind] ?? kind.replace(/_/g, ' ');
  return id ? `${word} ${id}` : word;
}
