import { z } from 'zod';
import { REFUND_REASONS, type CheckInPersonRef } from '../../common/back-office';
import { UPLOAD_MAX_BYTES } from '../../common/content-admin';
import { parseAmountToCents } from '../../common/money';
import { STAFF_ROLES } from '../../common/staff';
import type { ListOp } from './content-editor/schema-form';
import { hasControlCharacters } from '../../common/text';

/**
 * The back office's forms as their actions read them: one zod schema per form, parsed by
 * readStaffForm (app/admin/guard.server.ts) into values or field-keyed FieldErrors answered with a
 * 400. The forms whose fields are checked against stored data (events, announcements, pages, the
 * sign-in and staff account forms) have their schemas in the domain or in common/staff.wire.ts;
 * their actions parse only which button was pressed and on what. A `.server.ts` module: zod never
 * reaches a browser from here.
 */

const UNKNOWN_ACTION = 'Unknown action.';

/** A form's field as posted (missing when the form did not send it), trimmed. */
const trimmed = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');

/** A database id or number posted by a form (a hidden field or a button's value). */
function idField(message: string) {
  return z.string({ error: message }).regex(/^\d{1,9}$/, message).transform(Number).pipe(z.number().positive(message));
}

// ---------- payment: refund and resend ----------

const REQUEST_EXPIRED = 'This form has expired. Reload the page and try again.';
const REFUND_AMOUNT = 'Enter an amount in dollars, like 20.00, or leave it empty to refund everything left.';

/** Dollars as typed ("12.50", "$12.50"); empty: everything left (null). */
const refundAmount = trimmed.transform((text, ctx) => {
  if (text === '') return null;
  const cents = parseAmountToCents(text);
  if (cents === null || cents === 0) {
    ctx.addIssue({ code: 'custom', message: REFUND_AMOUNT });
    return z.NEVER;
  }
  return cents;
});

const RefundForm = z.object({
  intent: z.literal('refund'),
  /** In cents; null refunds everything left. */
  amount: refundAmount,
  reason: z.enum(REFUND_REASONS, { error: 'Choose why the money goes back.' }),
  note: z
    .string({ error: 'Say why, for the record.' })
    .trim()
    .min(1, 'Say why, for the record.')
    .max(500, 'Keep the note under 500 characters.')
    .refine((note) => !hasControlCharacters(note), 'Remove the invisible control characters from the note.'),
  /** From a hidden field of the form: one click, or a form posted twice, refunds once. */
  requestKey: z.string({ error: REQUEST_EXPIRED }).regex(/^[\w-]{8,120}$/, REQUEST_EXPIRED),
});

export const PaymentFormSchema = z.discriminatedUnion('intent', [RefundForm, z.object({ intent: z.literal('resend') })], { error: UNKNOWN_ACTION });

// ---------- check-in at the door ----------

const CHOOSE_PERSON = 'Choose a person on the list.';
const PERSON_KEY = /^(player|attendee):(\d{1,9})$/;

export const CheckInFormSchema = z.object({
  intent: z.enum(['arrived', 'undo'], { error: UNKNOWN_ACTION }),
  /** "player:12" or "attendee:40", as the list names each person. */
  person: z
    .string({ error: CHOOSE_PERSON })
    .regex(PERSON_KEY, CHOOSE_PERSON)
    .transform((key): CheckInPersonRef => {
      const [list, id] = key.split(':');
      return { list: list === 'player' ? 'player' : 'attendee', id: Number(id) };
    }),
});

// ---------- the events list: duplicate, publish, unpublish ----------

export const EventsListFormSchema = z.object({
  intent: z.enum(['duplicate', 'publish', 'unpublish'], { error: UNKNOWN_ACTION }),
  eventNumber: idField('Choose an event.'),
});

// ---------- announcements: save (fields parsed by the domain), move, delete ----------

const CHOOSE_ANNOUNCEMENT = 'Choose an announcement.';

export const AnnouncementsFormSchema = z.discriminatedUnion(
  'intent',
  [
    // Empty: a new announcement. The other fields are the domain's (AnnouncementFormSchema).
    z.object({
      intent: z.literal('save'),
      id: z
        .union([z.literal('').transform(() => null), idField(CHOOSE_ANNOUNCEMENT)], { error: CHOOSE_ANNOUNCEMENT })
        .optional()
        .transform((id) => id ?? null),
    }),
    z.object({ intent: z.enum(['up', 'down']), id: idField(CHOOSE_ANNOUNCEMENT) }),
    z.object({ intent: z.literal('delete'), id: idField(CHOOSE_ANNOUNCEMENT) }),
  ],
  { error: UNKNOWN_ACTION },
);

// ---------- the media library: upload, alt text, approve ----------

const CHOOSE_FILE = 'Choose a file to upload.';
const NOT_IN_LIBRARY = 'That file is not in the library.';

const plainLine = (max: number) => (alt: string) => alt.length <= max && !hasControlCharacters(alt);

const UploadForm = z.object({
  intent: z.literal('upload'),
  file: z.file({ error: CHOOSE_FILE }).min(1, CHOOSE_FILE).max(UPLOAD_MAX_BYTES, 'The file is larger than 20 MB.'),
  alt: trimmed.pipe(
    z.string().min(1, 'Describe the file for people who cannot see it.').refine(plainLine(300), 'Keep the alt text to one plain line under 300 characters.'),
  ),
});

const DESCRIBE_IN_ONE_LINE = 'Describe the file in one plain line under 300 characters.';

const AltForm = z.object({
  intent: z.literal('alt'),
  id: idField(NOT_IN_LIBRARY),
  alt: trimmed.pipe(z.string().min(1, DESCRIBE_IN_ONE_LINE).refine(plainLine(300), DESCRIBE_IN_ONE_LINE)),
});

/** The media form's fields with its file (the only form here that posts one). */
export const MediaFormSchema = z.discriminatedUnion('intent', [UploadForm, AltForm, z.object({ intent: z.literal('approve'), id: idField(NOT_IN_LIBRARY) })], {
  error: UNKNOWN_ACTION,
});

// ---------- staff: invite (fields parsed by the domain), role, and the row buttons ----------

const NO_SUCH_STAFF = 'That staff member does not exist.';

export const StaffFormSchema = z.discriminatedUnion(
  'intent',
  [
    // The invitation's fields are the domain's (InviteStaffSchema in common/staff.wire.ts).
    z.object({ intent: z.literal('invite') }),
    z.object({ intent: z.literal('role'), staffId: idField(NO_SUCH_STAFF), role: z.enum(STAFF_ROLES, { error: 'Choose admin or volunteer.' }) }),
    z.object({ intent: z.enum(['disable', 'enable', 'reset-2fa', 'end-sessions']), staffId: idField(NO_SUCH_STAFF) }),
  ],
  { error: UNKNOWN_ACTION },
);

// ---------- two-step sign-in: the code is the domain's (SecondFactorSchema) ----------

export const SecurityFormSchema = z.object({ intent: z.enum(['enable', 'recovery', 'disable'], { error: UNKNOWN_ACTION }) });

// ---------- page editor: save or publish (the page's own schema, in the domain), lists, versions ----------

const LIST_OP = /^(add|remove|up|down):([A-Za-z0-9_.]{1,200})$/;

/** "add:staff", "remove:staff.2", "up:hero.1": a list button, which changes the form without saving it. */
const ListOpSchema = z.string().transform((raw, ctx): ListOp => {
  const match = LIST_OP.exec(raw);
  const op = match?.[1];
  const target = match?.[2] ?? '';
  if (op === 'add') return { op, path: target, index: null };
  const at = /^(.*)\.(\d+)$/.exec(target);
  if ((op === 'remove' || op === 'up' || op === 'down') && at) return { op, path: at[1] ?? '', index: Number(at[2]) };
  ctx.addIssue({ code: 'custom', message: UNKNOWN_ACTION });
  return z.NEVER;
});

/** A list button sends `list` and no intent (the intent buttons are the form's other submit buttons). */
const listButton = (input: unknown) => (isRecord(input) && input.intent === undefined && input.list !== undefined ? { ...input, intent: 'list' } : input);

export const PageEditFormSchema = z.preprocess(
  listButton,
  z.discriminatedUnion(
    'intent',
    [
      z.object({ intent: z.literal('list'), list: ListOpSchema }),
      z.object({ intent: z.enum(['draft', 'publish', 'discard']) }),
      z.object({ intent: z.literal('restore'), version: idField('That version does not exist.') }),
    ],
    { error: UNKNOWN_ACTION },
  ),
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
