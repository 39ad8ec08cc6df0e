import { z } from 'zod';
import type { AccountProfile, Dashboard } from '../../../../common/accounts';
import { contentFiles, pageKeys, type PageKey } from '../../../../common/content';
import { TRIBUTE_KINDS, type GivingPlanView, type IntentAnswer, type SavedDonation, type SavedDonationIntent } from '../../../../common/donations';
import type { ApiEvent } from '../../../../common/events';
import type { SitePage } from '../../../../common/load-context';
import type { ReceiptView, UserReceipts } from '../../../../common/receipts';
import type { MySignup } from '../../../../common/signup-policy';
import { SIGNUP_KINDS } from '../../../../common/signups/kinds';
import type { Accounts } from '../../../domain/accounts';
import type { Signups } from '../../../domain/signups';

/**
 * The /api answers as zod schemas for the OpenAPI document (ADR 035). Each is checked at compile
 * time against the domain's type (`exactly`) and strict, so a field added or dropped fails.
 */

/** The schema's output and T are each assignable to the other. */
const exactly =
  <T>() =>
  <S extends z.ZodType>(schema: S & ([z.output<S>] extends [T] ? ([T] extends [z.output<S>] ? unknown : never) : never)): S =>
    schema;

const kinds = Object.keys(SIGNUP_KINDS) as (keyof typeof SIGNUP_KINDS)[];
const SignupKind = z.enum(kinds);
const PaymentState = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded']);
const Amount = z.string().regex(/^\d+\.\d{2}$/).meta({ description: 'Dollars with two decimals, like "20.00".' });
const Cents = z.int().nonnegative();
const Id = z.int().positive();
const CalendarDate = z.iso.date().meta({ description: 'A calendar day in the foundation’s time zone, "YYYY-MM-DD".' });
const Timestamp = z.iso.datetime().meta({ description: 'An instant, ISO 8601 in UTC.' });
const Token = z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/).meta({ description: 'The login token (JWT, HS256) to send as `Authorization: Bearer`.' });
const ClientSecret = z.string().regex(/^pi_\w+_secret_\w+$/).meta({ description: 'The payment intent’s client secret, for the card form.' });

// Events and content (spec §3)

const EventImage = z.strictObject({ src: z.string().regex(/^\/media\//), width: z.int().positive(), height: z.int().positive(), alt: z.string() });

const EventSignupRules = z.strictObject({
  priceCents: Cents,
  childPriceCents: Cents.nullable(),
  playersPerTeam: z.int().min(1).max(8).nullable(),
  opensOn: CalendarDate.nullable(),
  closesOn: CalendarDate.nullable(),
  refundDaysBefore: z.int().nonnegative().nullable(),
  fairValueCents: Cents,
  childFairValueCents: Cents,
});

export const Event = exactly<ApiEvent>()(
  z.strictObject({
    eventNumber: Id,
    eventType: z.string().meta({ description: '"Golf Event", "Gaming Event" or "Benefit Event"; an unknown type is kept as stored.' }),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    eventDate: CalendarDate,
    startTime: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
    image: EventImage.nullable(),
    active: z.boolean(),
    show_sponsor: z.boolean(),
    sponsor: z.strictObject({ name: z.string(), href: z.string(), logo: EventImage.nullable() }).nullable(),
    stats: z.array(z.strictObject({ price: z.string().nullable(), priceCents: Cents.nullable(), text: z.string() })),
    accomodations: z.array(z.strictObject({ icon: z.string(), text: z.string() })),
    proceeds: z.string(),
    partnership_flyer: z.string().nullable(),
    rules_flyer: z.string().nullable(),
    capacity: z.int().positive().nullable().meta({ description: 'Teams or attendees; null: no limit.' }),
    signup: EventSignupRules,
  }),
);

export const AllEvents = exactly<{ event: ApiEvent[] }>()(z.strictObject({ event: z.array(Event) }));

type PageEntry = { [K in PageKey]: z.ZodObject<{ page: z.ZodLiteral<K>; data: (typeof contentFiles)[K] }, z.core.$strict> }[PageKey];
const pageEntries = pageKeys.map((key) => z.strictObject({ page: z.literal(key), data: contentFiles[key] })) as [PageEntry, ...PageEntry[]];
export const SiteContent = exactly<SitePage[]>()(
  z.array(z.discriminatedUnion('page', pageEntries)).meta({ description: 'Every content page; `home` carries its announcements.' }),
);

// Accounts

export const Registered = z.strictObject({ success: z.literal(true), message: z.string() });
export const Message = z.strictObject({ message: z.string() });
export const LoggedIn = z.strictObject({ token: Token });
export const MovedToSession = z.strictObject({ success: z.literal(true) });
export const ProfileChanged = exactly<Awaited<ReturnType<Accounts['updateProfile']>>>()(
  z.strictObject({ emailChanged: z.boolean().meta({ description: 'The new email waits for its verification link.' }) }),
);
export const Account = exactly<AccountProfile>()(
  z.strictObject({ first: z.string(), last: z.string(), username: z.string(), email: z.string(), emailVerified: z.boolean() }),
);

const paymentState = {
  status: z.enum(['paid', 'partially_refunded', 'refunded']),
  refunded: Amount,
  note: z.string().nullable().meta({ description: '"Refunded: the event filled up", or null while paid in full.' }),
};
const Tribute = z.strictObject({ kind: z.enum(TRIBUTE_KINDS), name: z.string() });

export const UserDashboard = exactly<Dashboard>()(
  z.strictObject({
    donations: z.array(
      z.strictObject({ amount: Amount, message: z.string(), gift: Amount, fee: Amount, anonymous: z.boolean(), tribute: Tribute.nullable(), ...paymentState }),
    ),
    events_and_teams: z.array(
      z.strictObject({
        e: z.strictObject({ eventNumber: Id, eventType: z.string(), eventDate: CalendarDate, name: z.string(), location: z.string(), image: EventImage.nullable() }),
        t: z.strictObject({
          id: Id,
          cancelled: z.boolean(),
          date: Timestamp,
          amount: Amount,
          teamName: z.string().nullable(),
          players: z.array(z.strictObject({ name: z.string() })),
          ...paymentState,
        }),
      }),
    ),
  }),
);

const AttendeeValues = z.strictObject({ name: z.string(), allergies: z.string(), child: z.boolean() });
const SIGNUP_VALUE_KEYS = '^(receiptEmail|attendees|teamName|teamContactNumber|teamAgrees|player[1-8](Name|Email|ShirtSize|ActivisionId|Location))$';

export const Signup = exactly<MySignup>()(
  z.strictObject({
    id: Id,
    kind: SignupKind,
    status: PaymentState,
    cancelled: z.boolean(),
    amount: Amount,
    refunded: Amount,
    event: z.strictObject({
      eventNumber: Id,
      name: z.string(),
      eventType: z.string(),
      eventDate: CalendarDate,
      location: z.string(),
      description: z.string(),
      signup: EventSignupRules,
    }),
    values: z
      .object({ receiptEmail: z.string() })
      .catchall(z.union([z.string(), z.boolean(), z.array(AttendeeValues)]))
      .meta({ description: 'The sign-up as its form’s values (the sign-up payload’s keys).', propertyNames: { pattern: SIGNUP_VALUE_KEYS } }),
    terms: z.strictObject({
      mayChange: z.boolean(),
      mayCancel: z.boolean(),
      refundIfCancelledCents: Cents,
      changeDeadline: CalendarDate,
      policy: z.string(),
    }),
  }),
);

const ExportedPlayer = z.strictObject({ name: z.string(), email: z.string().nullable(), shirtSize: z.string().nullable(), activisionId: z.string().nullable(), location: z.string().nullable() });

export const AccountExport = exactly<Awaited<ReturnType<Accounts['exportData']>>>()(
  z.strictObject({
    exportedAt: Timestamp,
    account: z.strictObject({
      first: z.string(),
      last: z.string(),
      username: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      emailVerifiedAt: Timestamp.nullable(),
      joined: Timestamp,
      passwordChangedAt: Timestamp.nullable(),
    }),
    payments: z.array(
      z.strictObject({
        id: Id,
        purpose: z.enum(['donation', 'signup', 'sponsorship']),
        amount: Amount,
        refunded: Amount,
        currency: z.string(),
        status: PaymentState,
        statusReason: z.string().nullable(),
        createdAt: Timestamp,
        paidAt: Timestamp.nullable(),
      }),
    ),
    donations: z.array(
      z.strictObject({
        paymentId: Id,
        email: z.string(),
        message: z.string(),
        createdAt: Timestamp,
        donorName: z.string(),
        anonymous: z.boolean(),
        gift: Amount,
        coverFees: Amount,
        monthly: z.boolean(),
        tribute: z
          .strictObject({ kind: z.enum(TRIBUTE_KINDS), name: z.string().nullable(), notified: z.strictObject({ name: z.string(), email: z.string().nullable() }).nullable() })
          .nullable(),
      }),
    ),
    signups: z.array(
      z.strictObject({
        paymentId: Id,
        event: z.strictObject({ eventNumber: Id, name: z.string(), date: CalendarDate }),
        kind: SignupKind,
        receiptEmail: z.string(),
        teamName: z.string().nullable(),
        teamContactNumber: z.string().nullable(),
        places: z.int().nonnegative(),
        createdAt: Timestamp,
        players: z.array(ExportedPlayer),
        attendees: z.array(z.strictObject({ name: z.string(), allergies: z.string().nullable(), child: z.boolean() })),
      }),
    ),
    monthlyGifts: z.array(
      z.strictObject({
        email: z.string(),
        donorName: z.string(),
        anonymous: z.boolean(),
        gift: Amount,
        coverFees: z.boolean(),
        status: z.enum(['active', 'stopped']),
        nextChargeOn: CalendarDate.nullable(),
        createdAt: Timestamp,
        stoppedAt: Timestamp.nullable(),
      }),
    ),
    scholarshipApplications: z.array(
      z.strictObject({
        year: z.number().int(),
        status: z.enum(['draft', 'submitted']),
        outcome: z.enum(['awarded', 'not-awarded']).nullable(),
        eligibility: z.record(z.string(), z.string()),
        details: z.record(z.string(), z.string()),
        essays: z.record(z.string(), z.string()),
        recommender: z.strictObject({ name: z.string().nullable(), email: z.string().nullable(), letterReceivedAt: Timestamp.nullable() }),
        documents: z.array(z.strictObject({ document: z.string(), fileName: z.string(), bytes: z.number().int(), uploadedAt: Timestamp })),
        submittedAt: Timestamp.nullable(),
        createdAt: Timestamp,
      }),
    ),
    waitingLists: z.array(
      z.strictObject({
        eventNumber: z.number().int(),
        event: z.string(),
        kind: SignupKind,
        places: z.number().int(),
        status: z.enum(['waiting', 'offered', 'accepted', 'lapsed']),
        joinedAt: Timestamp,
        offerExpiresAt: Timestamp.nullable(),
      }),
    ),
    sponsorships: z.array(
      z.strictObject({
        eventNumber: z.number().int(),
        event: z.string(),
        package: z.string(),
        company: z.string(),
        contact: z.strictObject({ name: z.string(), email: z.string(), phone: z.string() }),
        displayName: z.string(),
        link: z.string().nullable(),
        guests: z.array(z.strictObject({ team: z.number().int(), teamName: z.string().nullable(), name: z.string() })),
        orderedAt: Timestamp,
      }),
    ),
  }),
);

// Payments (spec §7 /api/stripe/*)

export const DonationIntent = exactly<IntentAnswer<SavedDonationIntent>>()(
  z.strictObject({ clientSecret: ClientSecret, savedIntent: z.strictObject({ amount: Amount, email: z.string(), message: z.string() }) }),
);

export const Donation = exactly<SavedDonation>()(
  z.strictObject({ id: Id, amount: Amount, email: z.string(), message: z.string(), status: z.literal('paid'), paidAt: Timestamp, receiptUrl: z.string().regex(/^\/receipts\//).meta({ description: 'The signed receipt page, a path on this site.' }) }),
);

const signupIntent = exactly<Awaited<ReturnType<Signups['createIntent']>>>()(
  z.strictObject({
    clientSecret: ClientSecret,
    savedIntent: z.strictObject({
      kind: SignupKind,
      signupId: Id,
      eventNumber: Id,
      amount: Amount,
      holdMinutes: z.int().positive(),
      holdExpiresAt: Timestamp.nullable(),
    }),
  }),
);
export const signupIntentOf = (kind: keyof typeof SIGNUP_KINDS) =>
  signupIntent.extend({ savedIntent: signupIntent.shape.savedIntent.extend({ kind: z.literal(kind) }) });

const savedSignup = exactly<Awaited<ReturnType<Signups['save']>>>()(
  z.strictObject({ id: Id, kind: SignupKind, eventNumber: Id, amount: Amount, status: PaymentState }),
);
export const savedSignupOf = (kind: keyof typeof SIGNUP_KINDS) => savedSignup.extend({ kind: z.literal(kind) });

export const CardConfirmed = z.strictObject({
  status: z.literal('succeeded'),
  paymentIntent: z.strictObject({ id: z.string().regex(/^pi_/), status: z.literal('succeeded') }),
});

export const WebhookReceived = z.strictObject({
  received: z.literal(true),
  duplicate: z.literal(true).optional().meta({ description: 'This event was handled before; nothing was done again.' }),
});

// Receipts and monthly gifts

export const Receipts = exactly<UserReceipts>()(
  z.strictObject({
    receipts: z.array(
      z.strictObject({
        paymentId: Id,
        number: z.string(),
        description: z.string(),
        paidOn: z.string(),
        amountCents: Cents,
        refundedCents: Cents,
        url: z.string().regex(/^\/receipts\//),
        pdfUrl: z.string().regex(/^\/api\/receipts\//),
      }),
    ),
    statements: z.array(z.strictObject({ year: z.int(), url: z.string().regex(/^\/api\/statements\//) })),
  }),
);

export const Receipt = exactly<ReceiptView & { links: { url: string; pdfUrl: string } }>()(
  z.strictObject({
    paymentId: Id,
    number: z.string().regex(/^[DS]-\d+$/).meta({ description: 'D-12 for donation 12, S-7 for sign-up 7.' }),
    kind: z.enum(['donation', 'event']),
    description: z.string(),
    paidOn: z.string(),
    paidDate: CalendarDate,
    amountCents: Cents,
    refundedCents: Cents,
    netCents: Cents,
    fairValueCents: Cents,
    deductibleCents: Cents,
    wording: z.array(z.string()),
    organization: z.strictObject({ name: z.string(), ein: z.string(), status: z.string(), address: z.string(), email: z.string() }),
    payer: z.string(),
    links: z.strictObject({ url: z.string().regex(/^\/receipts\//), pdfUrl: z.string().regex(/^\/api\/receipts\//) }),
  }),
);

export const GivingPlan = exactly<GivingPlanView>()(
  z.strictObject({
    id: Id,
    amount: Amount.meta({ description: 'The monthly gift, without the card-fee part.' }),
    coverFees: z.boolean(),
    total: Amount.meta({ description: 'What is charged each month.' }),
    status: z.enum(['active', 'stopped']),
    nextChargeOn: CalendarDate.nullable(),
  }),
);

/** Checked in full by the OpenAPI 3.1 schema, not here. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string().regex(/^3\.1\./),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

// Errors: maps from a field name to a message (spec §5)

export const FieldErrors = z
  .record(z.string(), z.string())
  .meta({ description: 'Messages by the name of the field they are about (spec §5); `body` when the body as a whole is wrong.', minProperties: 1 });

export const ServerError = z
  .strictObject({ server: z.string(), requestId: z.string() })
  .meta({ description: 'Our failure, not the request’s: a message a person understands, with the id that is also in the log.' });

export function errorOf(...fields: [string, ...string[]]) {
  const shape = Object.fromEntries(fields.map((f) => [f, fields.length === 1 ? z.string() : z.string().optional()]));
  return fields.length === 1 ? z.strictObject(shape) : z.strictObject(shape).meta({ minProperties: 1 });
}

export const NoSuchCall = errorOf('path').meta({ description: 'No such call: an unknown path under /api, or a method the path does not take. Answered with 404.' });
