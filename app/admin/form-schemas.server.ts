import { z } from 'zod';
import { REFUND_REASONS, type CheckInPersonRef } from '../../common/back-office';
import { UPLOAD_MAX_BYTES } from '../../common/content-admin';
import { parseAmountToCents } from '../../common/money';
import { CHOOSE_ROLE, STAFF_ROLES } from '../../common/staff';
import { hasControlCharacters } from '../../common/text';
import type { ListOp } from './content-editor/schema-form';

/**
 * One schema per back-office form, read by readStaffForm. Forms checked against stored data (events,
 * announcements, pages, sign-in, invitations) are the domain's; their actions parse only the button.
 */

const UNKNOWN_ACTION = 'Unknown action.';

/** Missing when the form did not send it. */
const trimmed = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');

function idField(message: string) {
  return z.string({ error: message }).regex(/^\d{1,9}$/, message).transform(Number).pipe(z.number().positive(message));
}

// Payment

const REQUEST_EXPIRED = 'This form has expired. Reload the page and try again.';
const REFUND_AMOUNT = 'Enter an amount in dollars, like 20.00.';
const REFUND_HOW_MUCH = 'Enter how much to refund, like 20.00, or choose “Refund everything left”.';

/** Empty only with the explicit "everything left" choice, never silently (issue 33). */
const refundAmount = trimmed.transform((text, ctx) => {
  if (text === '') return null;
  const cents = parseAmountToCents(text);
  if (cents === null || cents === 0) {
    ctx.addIssue({ code: 'custom', message: REFUND_AMOUNT });
    return z.NEVER;
  }
  return cents;
});

/** "review" shows the confirm step; "refund" is the confirmed refund. */
const RefundForm = z
  .object({
    intent: z.enum(['review', 'refund']),
    amount: refundAmount,
    everything: z.literal('yes').optional(),
    reason: z.enum(REFUND_REASONS, { error: 'Choose why the money goes back.' }),
    note: z
      .string({ error: 'Say why, for the record.' })
      .trim()
      .min(1, 'Say why, for the record.')
      .max(500, 'Keep the note under 500 characters.')
      .refine((note) => !hasControlCharacters(note), 'Remove the invisible control characters from the note.'),
    /** A form posted twice refunds once. */
    requestKey: z.string({ error: REQUEST_EXPIRED }).regex(/^[\w-]{8,120}$/, REQUEST_EXPIRED),
  })
  .refine((form) => form.amount !== null || form.everything === 'yes', {
    path: ['amount'],
    message: REFUND_HOW_MUCH,
    // Beside the other fields' errors too, unless the amount has its own.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'amount'),
  });

export const PaymentFormSchema = z.discriminatedUnion('intent', [RefundForm, z.object({ intent: z.literal('resend') })], { error: UNKNOWN_ACTION });

// Check-in

const CHOOSE_PERSON = 'Choose a person on the list.';
const PERSON_KEY = /^(player|attendee):(\d{1,9})$/;

export const CheckInFormSchema = z.object({
  intent: z.enum(['arrived', 'undo'], { error: UNKNOWN_ACTION }),
  person: z
    .string({ error: CHOOSE_PERSON })
    .regex(PERSON_KEY, CHOOSE_PERSON)
    .transform((key): CheckInPersonRef => {
      const [list, id] = key.split(':');
      return { list: list === 'player' ? 'player' : 'attendee', id: Number(id) };
    }),
});

// Events list

export const EventsListFormSchema = z.object({
  intent: z.enum(['duplicate', 'publish', 'unpublish'], { error: UNKNOWN_ACTION }),
  eventNumber: idField('Choose an event.'),
});

// Announcements

const CHOOSE_ANNOUNCEMENT = 'Choose an announcement.';

export const AnnouncementsFormSchema = z.discriminatedUnion(
  'intent',
  [
    // Empty: a new one. The other fields are the domain's (AnnouncementFormSchema).
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

// Media library

const CHOOSE_FILE = 'Choose a file to upload.';
const NOT_IN_LIBRARY = 'That file is not in the library.';
const DESCRIBE_IN_ONE_LINE = 'Describe the file in one plain line under 300 characters.';

const plainLine = (max: number) => (alt: string) => alt.length <= max && !hasControlCharacters(alt);

const UploadForm = z.object({
  intent: z.literal('upload'),
  file: z.file({ error: CHOOSE_FILE }).min(1, CHOOSE_FILE).max(UPLOAD_MAX_BYTES, 'The file is larger than 20 MB.'),
  alt: trimmed.pipe(
    z.string().min(1, 'Describe the file for people who cannot see it.').refine(plainLine(300), 'Keep the alt text to one plain line under 300 characters.'),
  ),
});

const AltForm = z.object({
  intent: z.literal('alt'),
  id: idField(NOT_IN_LIBRARY),
  alt: trimmed.pipe(z.string().min(1, DESCRIBE_IN_ONE_LINE).refine(plainLine(300), DESCRIBE_IN_ONE_LINE)),
});

export const MediaFormSchema = z.discriminatedUnion('intent', [UploadForm, AltForm, z.object({ intent: z.literal('approve'), id: idField(NOT_IN_LIBRARY) })], {
  error: UNKNOWN_ACTION,
});

// Staff

const NO_SUCH_STAFF = 'That staff member does not exist.';

export const StaffFormSchema = z.discriminatedUnion(
  'intent',
  [
    // Its fields are the domain's (InviteStaffSchema).
    z.object({ intent: z.literal('invite') }),
    z.object({ intent: z.literal('role'), staffId: idField(NO_SUCH_STAFF), role: z.enum(STAFF_ROLES, { error: CHOOSE_ROLE }) }),
    z.object({ intent: z.enum(['disable', 'enable', 'reset-2fa', 'end-sessions']), staffId: idField(NO_SUCH_STAFF) }),
  ],
  { error: UNKNOWN_ACTION },
);

// Two-step sign-in (the code is the domain's: SecondFactorSchema)

export const SecurityFormSchema = z.object({ intent: z.enum(['enable', 'recovery', 'disable'], { error: UNKNOWN_ACTION }) });

// Page editor (the page's own schema is the domain's)

const LIST_OP = /^(add|remove|up|down):([A-Za-z0-9_.]{1,200})$/;

/** "add:staff", "remove:staff.2", "up:hero.1". */
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

/** A list button sends `list` and no intent. */
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
