import { z } from 'zod';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileSchema,
  RegisterSchema,
  ResetPasswordSchema,
  VerifyEmailSchema,
} from '../../../../common/accounts.wire';
import { ChangePlanSchema, DonationIntentSchema, PlanLinkSchema, SaveDonationSchema } from '../../../../common/donations.wire';
import { TEAM_SIZE_MAX } from '../../../../common/events';
import { SIGNUP_KINDS, type SignupKind } from '../../../../common/signups/kinds';
import { SIGNUP_WIRE } from '../../../../common/signups/wire';
import { SaveSignupSchema } from '../../../../common/signups/wire-fields';
import { ConfirmSchema } from '../simulated-payments';
import * as answers from './answers';
import { errorOf } from './answers';

/**
 * Every /api call as the OpenAPI document describes it (ADR 035). A route mounted without an
 * entry here fails the contract test.
 */

export type Access = 'public' | 'bearer' | 'optional-bearer' | 'stripe';

export interface Answer {
  description: string;
  schema?: z.ZodType;
  /** Only for schemas not exported by ./answers.ts. */
  name?: string;
  pdf?: boolean;
}

export interface Operation {
  method: 'get' | 'post' | 'put';
  path: string;
  id: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  pathParams?: Record<string, { schema: z.ZodType; description: string }>;
  query?: z.ZodObject;
  body?: { name: string; schema: z.ZodType };
  answers: Record<number, Answer>;
  /** Talks to the payment provider: 502/503 when it refuses our key or does not answer. */
  gateway?: boolean;
  /** The 429 answer's fields. */
  limited?: [string, ...string[]];
}

const ok = (description: string, schema: z.ZodType, name?: string): Answer => ({ description, schema, ...(name ? { name } : {}) });
const err = (description: string, ...fields: [string, ...string[]]): Answer => ({ description, schema: errorOf(...fields) });

const id = (what: string) => ({ schema: z.int().positive(), description: `The ${what}’s id.` });
const invalid: Answer = { description: 'The request is not valid: a message for each field that is wrong.', schema: answers.FieldErrors };

// Sign-up payloads (spec §3, §7)

const TEAM_NOTE = `Players 1 to the event's \`signup.playersPerTeam\` (4 in the spec, at most ${TEAM_SIZE_MAX}) are required; later players' fields are ignored.`;

/** For teams, the fields of up to TEAM_SIZE_MAX players, the first required. */
function signupPayload(kind: SignupKind) {
  const object = SIGNUP_WIRE[kind](TEAM_SIZE_MAX).in as z.ZodObject;
  if (SIGNUP_KINDS[kind].party) return object;
  const laterPlayers = Object.entries(object.shape).filter(([key]) => /^player[2-9]/.test(key));
  return object.extend(Object.fromEntries(laterPlayers.map(([key, field]) => [key, field.optional()]))).meta({ description: TEAM_NOTE });
}

/** The event is the sign-up's own (and a team's amount too). */
function signupChange(kind: SignupKind) {
  const payload = signupPayload(kind);
  if (SIGNUP_KINDS[kind].party) {
    return payload.omit({ partyOf: true }).partial({ eventNumber: true }).meta({ description: 'A party sends the amount that stays paid after the change.' });
  }
  return payload.partial({ eventNumber: true, amount: true });
}

const SIGNUP_KIND_LIST = Object.values(SIGNUP_KINDS).map((rules) => rules.kind);

const KIND_NAMES: Record<SignupKind, string> = { golf: 'golf team', gaming: 'gaming team', steakfry: 'steak-fry party' };

function signupCalls(kind: SignupKind): Operation[] {
  const Kind = kind[0]!.toUpperCase() + kind.slice(1);
  return [
    {
      method: 'post',
      path: `/api/stripe/${kind}_signup_intent`,
      id: `create${Kind}SignupIntent`,
      tag: 'Payments',
      summary: `Start paying for a ${KIND_NAMES[kind]}`,
      description:
        'Checks the payload and the price, holds the places for 15 minutes and opens a payment. One open sign-up per account and event (asking again replaces it); three per address.',
      access: 'bearer',
      body: { name: `${Kind}SignupRequest`, schema: signupPayload(kind) },
      answers: {
        201: ok('The payment to confirm with the card form, and the sign-up it pays for.', answers.signupIntentOf(kind), `${Kind}SignupIntent`),
        404: err('No event has this number.', 'eventNumber'),
        409: err('The event is full, closed or past; the price changed meanwhile; or the party to join is gone.', 'eventNumber', 'amount', 'partyOf'),
      },
      gateway: true,
      limited: ['card', 'eventNumber'],
    },
    {
      method: 'post',
      path: `/api/stripe/save_${kind}_signup`,
      id: `save${Kind}Signup`,
      tag: 'Payments',
      summary: `Record a paid ${KIND_NAMES[kind]}`,
      description: 'After the card form succeeded. Idempotent; the confirmation (with an .ics file) is mailed once.',
      access: 'bearer',
      body: { name: 'SaveSignupRequest', schema: SaveSignupSchema },
      answers: {
        200: ok('The paid sign-up.', answers.savedSignupOf(kind), `Saved${Kind}Signup`),
        409: err('The payment came after the places went; it was refunded at once.', 'eventNumber'),
      },
      gateway: true,
      limited: ['token'],
    },
  ];
}

// Every call

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    id: 'getOpenApiDocument',
    tag: 'API',
    summary: 'This document',
    description: 'Generated from the zod schemas the server validates with; checked against the running code by the contract test.',
    access: 'public',
    answers: { 200: ok('The OpenAPI 3.1 document of every /api call.', answers.OpenApiDocument) },
  },

  // Content and events (spec §7)
  {
    method: 'get',
    path: '/api/content/all',
    id: 'getAllContent',
    tag: 'Content',
    summary: 'Every content page',
    access: 'public',
    answers: { 200: ok('Each page with its content.', answers.SiteContent) },
  },
  {
    method: 'get',
    path: '/api/events/upcoming',
    id: 'getUpcomingEvents',
    tag: 'Events',
    summary: 'Active events dated today or later (Ohio time), soonest first',
    access: 'public',
    answers: { 200: ok('The upcoming events.', z.array(answers.Event)) },
  },
  {
    method: 'get',
    path: '/api/events/all',
    id: 'getAllEvents',
    tag: 'Events',
    summary: 'Every published event, newest eventNumber first',
    access: 'public',
    answers: { 200: ok('The events, under `event` (spec §7).', answers.AllEvents) },
  },
  {
    method: 'get',
    path: '/api/events/{number}',
    id: 'getEvent',
    tag: 'Events',
    summary: 'One event',
    access: 'public',
    pathParams: { number: { schema: z.int().nonnegative().max(999_999_999), description: 'The eventNumber.' } },
    answers: {
      200: ok('The event.', answers.Event),
      400: err('Not a whole number.', 'eventNumber', 'path'),
      404: err('No published event has this number.', 'eventNumber'),
    },
  },

  // Accounts (spec §7, ADR 009, ADR 026)
  {
    method: 'post',
    path: '/api/user/register',
    id: 'register',
    tag: 'Accounts',
    summary: 'Register an account',
    access: 'public',
    body: { name: 'RegisterRequest', schema: RegisterSchema },
    description: 'An email that already has an account gets the same answer (its owner is told by mail), so the call never says who has an account here.',
    answers: { 201: ok('Registered, or the email’s owner told; log in next.', answers.Registered) },
    limited: ['auth'],
  },
  {
    method: 'post',
    path: '/api/user/login',
    id: 'login',
    tag: 'Accounts',
    summary: 'Log in',
    description:
      'Wrong credentials answer 400 under `password`. 5 failed tries per account from one network, or 20 from one network, wait 15 minutes (429); past 50 failed tries in an hour an account only opens from a browser that logged in to it before.',
    access: 'public',
    body: { name: 'LoginRequest', schema: LoginSchema },
    answers: { 200: ok('A token naming a new session (30 days at most, 14 idle).', answers.LoggedIn) },
    limited: ['auth'],
  },
  {
    method: 'post',
    path: '/api/user/session',
    id: 'moveStoredToken',
    tag: 'Accounts',
    summary: 'Move a token an earlier version kept in localStorage to a session cookie',
    description: 'Once per token: the browser then forgets it. Tokens issued before a password change are refused.',
    access: 'bearer',
    answers: { 200: ok('This browser now has a session cookie.', answers.MovedToSession) },
    limited: ['auth'],
  },
  {
    method: 'post',
    path: '/api/user/logout',
    id: 'logout',
    tag: 'Accounts',
    summary: 'End the caller’s session',
    description: 'The token or cookie stops working on every instance at once.',
    access: 'bearer',
    answers: { 200: ok('Logged out.', answers.Message) },
  },
  {
    method: 'post',
    path: '/api/user/sign-out-everywhere',
    id: 'signOutEverywhere',
    tag: 'Accounts',
    summary: 'End every session of the caller’s account',
    access: 'bearer',
    answers: { 200: ok('Logged out on every device.', answers.Message) },
  },
  {
    method: 'get',
    path: '/api/user/dashboard',
    id: 'getDashboard',
    tag: 'Accounts',
    summary: 'The caller’s donations and sign-ups',
    access: 'bearer',
    answers: { 200: ok('What the caller paid for, with refunds.', answers.UserDashboard) },
  },
  {
    method: 'get',
    path: '/api/user/signups/{id}',
    id: 'getMySignup',
    tag: 'Sign-ups',
    summary: 'One of the caller’s sign-ups, with what may still be done with it',
    access: 'bearer',
    pathParams: { id: id('sign-up') },
    answers: { 200: ok('The sign-up.', answers.Signup), 400: invalid, 404: err('Not one of the caller’s sign-ups.', 'signup') },
  },
  {
    method: 'put',
    path: '/api/user/signups/{id}',
    id: 'changeMySignup',
    tag: 'Sign-ups',
    summary: 'Change a paid sign-up’s details',
    description: 'The kind’s sign-up payload; until the change deadline. A party’s people removed get their share back while the refund policy allows.',
    access: 'bearer',
    pathParams: { id: id('sign-up') },
    body: { name: 'SignupChangeRequest', schema: z.union(SIGNUP_KIND_LIST.map(signupChange)) },
    answers: {
      200: ok('The changed sign-up.', answers.Signup),
      404: err('Not one of the caller’s sign-ups.', 'signup'),
      409: err('Past the change deadline, cancelled, refunded, changed meanwhile, or full.', 'signup', 'attendees'),
    },
    gateway: true,
  },
  {
    method: 'post',
    path: '/api/user/signups/{id}/cancel',
    id: 'cancelMySignup',
    tag: 'Sign-ups',
    summary: 'Cancel a paid sign-up',
    description: 'Refunded as the event’s policy says; repeating it changes nothing.',
    access: 'bearer',
    pathParams: { id: id('sign-up') },
    answers: {
      200: ok('The cancelled sign-up.', answers.Signup),
      404: err('Not one of the caller’s sign-ups.', 'signup'),
      409: err('Already refunded, the event has taken place, or changed meanwhile.', 'signup'),
    },
    gateway: true,
  },
  {
    method: 'post',
    path: '/api/user/forgot',
    id: 'forgotPassword',
    tag: 'Accounts',
    summary: 'Mail a password-reset link',
    description: 'The same answer whether or not the account exists; the link works once, for one hour.',
    access: 'public',
    body: { name: 'ForgotPasswordRequest', schema: ForgotPasswordSchema },
    answers: { 200: ok('Sent if the account exists.', answers.Message) },
    limited: ['email'],
  },
  {
    method: 'post',
    path: '/api/user/reset',
    id: 'resetPassword',
    tag: 'Accounts',
    summary: 'Choose a new password with a reset link',
    description: 'The link and every older login token stop working.',
    access: 'public',
    body: { name: 'ResetPasswordRequest', schema: ResetPasswordSchema },
    answers: { 200: ok('The password is changed.', answers.Message) },
    limited: ['token'],
  },
  {
    method: 'get',
    path: '/api/user/account',
    id: 'getAccount',
    tag: 'Accounts',
    summary: 'The caller’s profile',
    access: 'bearer',
    answers: { 200: ok('The profile.', answers.Account) },
  },
  {
    method: 'post',
    path: '/api/user/account',
    id: 'updateAccount',
    tag: 'Accounts',
    summary: 'Change the caller’s profile',
    description: 'Registration’s rules and messages. A new email is unverified until its link is used.',
    access: 'bearer',
    body: { name: 'ProfileRequest', schema: ProfileSchema },
    answers: { 200: ok('Saved.', answers.ProfileChanged), 409: err('Another account uses this email or username.', 'email') },
  },
  {
    method: 'post',
    path: '/api/user/verify/send',
    id: 'sendVerification',
    tag: 'Accounts',
    summary: 'Mail a new email-verification link',
    access: 'bearer',
    answers: { 200: ok('Sent.', answers.Message), 409: err('The email is already confirmed.', 'email') },
    limited: ['email'],
  },
  {
    method: 'post',
    path: '/api/user/verify',
    id: 'verifyEmail',
    tag: 'Accounts',
    summary: 'Confirm an email with its link',
    description: 'Gifts made signed out with the email join the account.',
    access: 'public',
    body: { name: 'VerifyEmailRequest', schema: VerifyEmailSchema },
    answers: { 200: ok('Confirmed.', answers.Message) },
    limited: ['token'],
  },
  {
    method: 'post',
    path: '/api/user/password',
    id: 'changePassword',
    tag: 'Accounts',
    summary: 'Change the caller’s password',
    description: 'Every other session of the account ends, so a copied token or cookie stops working; the caller’s goes on.',
    access: 'bearer',
    body: { name: 'ChangePasswordRequest', schema: ChangePasswordSchema },
    answers: { 200: ok('Changed.', answers.Message) },
    limited: ['auth'],
  },
  {
    method: 'post',
    path: '/api/user/delete',
    id: 'deleteAccount',
    tag: 'Accounts',
    summary: 'Erase the caller’s account',
    description: 'ADR 026; its monthly gifts at Stripe are cancelled first.',
    access: 'bearer',
    body: { name: 'DeleteAccountRequest', schema: DeleteAccountSchema },
    answers: { 200: ok('Deleted.', answers.Message) },
    gateway: true,
    limited: ['auth'],
  },
  {
    method: 'get',
    path: '/api/user/export',
    id: 'exportAccount',
    tag: 'Accounts',
    summary: 'Everything the site keeps about the caller (my-data.json)',
    description: 'Sent as an attachment. Never a password hash or a token.',
    access: 'bearer',
    answers: { 200: ok('The account, its payments, donations, sign-ups and monthly gifts.', answers.AccountExport), 404: err('The account no longer exists.', 'auth') },
  },

  // Payments (spec §7)
  {
    method: 'post',
    path: '/api/stripe/donation_intent',
    id: 'createDonationIntent',
    tag: 'Payments',
    summary: 'Start paying for a donation',
    description: 'A Bearer token is optional: it links the gift to the account. 30 payments per address in 15 minutes; five declined cards in a row pause payments for an hour.',
    access: 'optional-bearer',
    body: { name: 'DonationIntentRequest', schema: DonationIntentSchema },
    answers: {
      201: ok('The payment to confirm with the card form.', answers.DonationIntent),
      404: err('No published campaign has this id (ADR 047).', 'campaignId'),
      409: err('The campaign has not started yet or has ended.', 'campaignId'),
    },
    gateway: true,
    limited: ['card'],
  },
  {
    method: 'post',
    path: '/api/stripe/save_donation',
    id: 'saveDonation',
    tag: 'Payments',
    summary: 'Record a paid donation',
    description: 'After the card form succeeded; other fields are ignored. Idempotent; the receipt is mailed once.',
    access: 'public',
    body: { name: 'SaveDonationRequest', schema: SaveDonationSchema },
    answers: { 200: ok('The paid donation.', answers.Donation) },
    gateway: true,
    limited: ['token'],
  },
  ...SIGNUP_KIND_LIST.flatMap(signupCalls),
  {
    method: 'post',
    path: '/api/stripe/webhook',
    id: 'receiveStripeWebhook',
    tag: 'Payments',
    summary: 'Stripe’s signed events',
    description:
      'The raw body as Stripe sent it, signed in `Stripe-Signature` (no XSRF). Handles `payment_intent.succeeded`, `.payment_failed`, `.canceled`, `charge.refunded`, `invoice.paid`, `invoice.payment_failed` and `customer.subscription.deleted`; duplicates are ignored. The simulated gateway sends no webhooks: there every request is refused with 400.',
    access: 'stripe',
    body: {
      name: 'StripeEvent',
      schema: z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) }).meta({ description: 'A Stripe event, exactly the bytes Stripe signed.' }),
    },
    answers: {
      200: ok('Handled, or a duplicate.', answers.WebhookReceived),
      400: err('The signature does not match the body (or there is none).', 'webhook'),
      413: err('Over 1 MB.', 'body'),
      500: { description: 'Could not be handled now; Stripe retries.', schema: z.union([errorOf('webhook'), answers.ServerError]) },
    },
  },
  {
    method: 'post',
    path: '/api/payments/simulated/confirm',
    id: 'confirmSimulatedCard',
    tag: 'Test mode',
    summary: 'Confirm a payment with a test card (simulated gateway only)',
    description:
      'The simulated gateway’s stand-in for Stripe.js. Exists only while the site runs without Stripe keys; with Stripe configured it answers 404 `{ path }`. Cards as Stripe’s test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.',
    access: 'public',
    body: { name: 'CardConfirmationRequest', schema: ConfirmSchema },
    answers: {
      200: ok('The payment succeeded.', answers.CardConfirmed),
      400: err('A field is missing or malformed (or the body is not JSON).', 'card', 'body'),
      402: err('The card was declined: Stripe’s text, to show as it is.', 'card'),
      404: err('No such payment; or the site uses Stripe, where this call does not exist.', 'card', 'path'),
      413: err('Over 4 kB.', 'body'),
    },
    limited: ['card'],
  },

  // Receipts (ADR 025)
  {
    method: 'get',
    path: '/api/user/receipts',
    id: 'listMyReceipts',
    tag: 'Receipts',
    summary: 'The caller’s receipts (newest first) and year-end statements',
    access: 'bearer',
    answers: { 200: ok('Receipts and statements with their signed links.', answers.Receipts) },
  },
  {
    method: 'get',
    path: '/api/user/receipts/{paymentId}',
    id: 'getMyReceipt',
    tag: 'Receipts',
    summary: 'One of the caller’s receipts',
    access: 'bearer',
    pathParams: { paymentId: id('payment') },
    answers: { 200: ok('The receipt with the IRS wording.', answers.Receipt), 400: invalid, 404: err('Not a receipt of the caller’s.', 'receipt') },
  },
  {
    method: 'get',
    path: '/api/receipts/{paymentId}/{signature}/pdf',
    id: 'getReceiptPdf',
    tag: 'Receipts',
    summary: 'A receipt as PDF, by the signed link in its email',
    access: 'public',
    pathParams: { paymentId: id('payment'), signature: { schema: z.string().regex(/^[\w-]{32}$/), description: 'The link’s signature.' } },
    answers: { 200: { description: 'The PDF (an attachment, never cached).', pdf: true }, 400: invalid, 404: err('The link does not open a receipt.', 'receipt') },
    limited: ['pdf'],
  },
  {
    method: 'get',
    path: '/api/statements/{userId}/{year}/{signature}/pdf',
    id: 'getStatementPdf',
    tag: 'Receipts',
    summary: 'A year-end statement as PDF, by its signed link',
    access: 'public',
    pathParams: {
      userId: id('account'),
      year: { schema: z.int().min(1000).max(9999), description: 'The calendar year.' },
      signature: { schema: z.string().regex(/^[\w-]{32}$/), description: 'The link’s signature.' },
    },
    answers: { 200: { description: 'The PDF (an attachment, never cached).', pdf: true }, 400: invalid, 404: err('The link does not open a statement.', 'statement') },
    limited: ['pdf'],
  },

  // Monthly gifts (ADR 027)
  {
    method: 'get',
    path: '/api/giving/plan',
    id: 'getPlanByLink',
    tag: 'Monthly gifts',
    summary: 'A monthly gift, by the signed link in its mail',
    access: 'public',
    query: PlanLinkSchema,
    answers: { 200: ok('The plan.', answers.GivingPlan), 400: invalid, 404: err('The link is not valid or no longer works.', 'plan') },
  },
  {
    method: 'post',
    path: '/api/giving/plan',
    id: 'changePlanByLink',
    tag: 'Monthly gifts',
    summary: 'Change a monthly gift’s amount, by its signed link',
    description: 'From the next charge on.',
    access: 'public',
    body: { name: 'PlanChangeByLinkRequest', schema: z.object({ ...PlanLinkSchema.shape, ...ChangePlanSchema.shape }) },
    answers: {
      200: ok('The changed plan.', answers.GivingPlan),
      404: err('The link is not valid or no longer works.', 'plan'),
      409: err('The plan is stopped.', 'plan'),
    },
    gateway: true,
  },
  {
    method: 'post',
    path: '/api/giving/plan/stop',
    id: 'stopPlanByLink',
    tag: 'Monthly gifts',
    summary: 'Stop a monthly gift, by its signed link',
    description: 'Stopping a stopped plan changes nothing.',
    access: 'public',
    body: { name: 'PlanLinkRequest', schema: PlanLinkSchema },
    answers: { 200: ok('The stopped plan.', answers.GivingPlan), 404: err('The link is not valid or no longer works.', 'plan') },
    gateway: true,
  },
  {
    method: 'get',
    path: '/api/giving/my-plans',
    id: 'listMyPlans',
    tag: 'Monthly gifts',
    summary: 'The caller’s monthly gifts',
    access: 'bearer',
    answers: { 200: ok('The plans.', z.array(answers.GivingPlan)) },
  },
  {
    method: 'post',
    path: '/api/giving/my-plans/{id}',
    id: 'changeMyPlan',
    tag: 'Monthly gifts',
    summary: 'Change one of the caller’s monthly gifts',
    access: 'bearer',
    pathParams: { id: id('plan') },
    body: { name: 'PlanChangeRequest', schema: ChangePlanSchema },
    answers: {
      200: ok('The changed plan.', answers.GivingPlan),
      404: err('Not one of the caller’s plans.', 'plan'),
      409: err('The plan is stopped.', 'plan'),
    },
    gateway: true,
  },
  {
    method: 'post',
    path: '/api/giving/my-plans/{id}/stop',
    id: 'stopMyPlan',
    tag: 'Monthly gifts',
    summary: 'Stop one of the caller’s monthly gifts',
    access: 'bearer',
    pathParams: { id: id('plan') },
    answers: { 200: ok('The stopped plan.', answers.GivingPlan), 404: err('Not one of the caller’s plans.', 'plan') },
    gateway: true,
  },
];
