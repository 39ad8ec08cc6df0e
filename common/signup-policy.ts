import { addCalendarDays, formatCalendarDate } from './dates';
import type { EventSignupRules } from './events';
import type { PaymentState } from './payments';
import type { SignupFormValues } from './signups/kind';
import type { SignupKind } from './signups/kinds';

/**
 * What a supporter may do with a paid sign-up, and what a cancellation gives back.
 * Shared by the sign-up dialog (the policy shown before paying), the dashboard (before
 * cancelling) and the server, which decides with the same rules. Dates are the foundation's.
 */

export interface PolicyEvent {
  eventDate: string;
  signup: Pick<EventSignupRules, 'closesOn' | 'refundDaysBefore'>;
}

/** Last day details can be changed: the sign-up's last day, and never later than the day before the event. */
export function changeDeadline(event: PolicyEvent): string {
  const dayBefore = addCalendarDays(event.eventDate, -1);
  return event.signup.closesOn && event.signup.closesOn < dayBefore ? event.signup.closesOn : dayBefore;
}

/** Last day a cancellation is refunded in full, or null when the event gives no refunds online. */
export function refundDeadline(event: PolicyEvent): string | null {
  const days = event.signup.refundDaysBefore;
  return days === null ? null : addCalendarDays(event.eventDate, -days);
}

/** The refund policy in one sentence, as shown before paying and before cancelling. */
export function refundPolicyText(event: PolicyEvent): string {
  const deadline = refundDeadline(event);
  if (deadline === null) return 'Refund policy: payments for this event are not refunded online. You can still cancel, and your places go to someone else.';
  return `Refund policy: cancel by ${formatCalendarDate(deadline)} for a full refund; no refund after that.`;
}

export interface SignupTerms {
  /** Details (names, emails, sizes, team name, allergies) can still be changed. */
  mayChange: boolean;
  mayCancel: boolean;
  /** What a cancellation today would give back: whatever has not been refunded yet, or nothing. */
  refundIfCancelledCents: number;
  changeDeadline: string;
  policy: string;
}

export function signupTerms(
  event: PolicyEvent,
  signup: { amountCents: number; refundedCents: number; status: string; cancelled: boolean },
  today: string,
): SignupTerms {
  const live = !signup.cancelled && (signup.status === 'paid' || signup.status === 'partially_refunded');
  const deadline = refundDeadline(event);
  const mayCancel = live && today < event.eventDate;
  return {
    mayChange: live && today <= changeDeadline(event),
    mayCancel,
    refundIfCancelledCents: mayCancel && deadline !== null && today <= deadline ? signup.amountCents - signup.refundedCents : 0,
    changeDeadline: changeDeadline(event),
    policy: refundPolicyText(event),
  };
}

/** GET /api/user/signups/:id: one of the supporter's sign-ups, with what they may still do with it. */
export interface MySignup {
  id: number;
  kind: SignupKind;
  status: PaymentState;
  cancelled: boolean;
  /** Two-decimal strings, like every amount the API sends. */
  amount: string;
  refunded: string;
  event: {
    eventNumber: number;
    name: string;
    eventType: string;
    eventDate: string;
    location: string;
    description: string;
    signup: EventSignupRules;
  };
  /** The sign-up as its form's values: the edit form starts from these. */
  values: SignupFormValues;
  terms: SignupTerms;
}

/**
 * What removing people from a party gives back: their share of what is still paid, priced at the
 * event's prices before and after (so a price changed since paying does not change the share).
 */
export function partyRefundCents(paidCents: number, beforeCents: number, afterCents: number): number {
  if (afterCents >= beforeCents || beforeCents <= 0) return 0;
  return Math.min(paidCents, Math.round((paidCents * (beforeCents - afterCents)) / beforeCents));
}
