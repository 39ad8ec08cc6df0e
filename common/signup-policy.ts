import { addCalendarDays, formatCalendarDate } from './dates';
import type { EventSignupRules } from './events';
import type { PaymentState } from './payments';
import type { SignupFormValues } from './signups/kind';
import type { SignupKind } from './signups/kinds';

/** Shared by the sign-up dialog, the dashboard and the server, so all decide with the same rules. */

export interface PolicyEvent {
  eventDate: string;
  signup: Pick<EventSignupRules, 'closesOn' | 'refundDaysBefore'>;
}

/** Never later than the day before the event. */
export function changeDeadline(event: PolicyEvent): string {
  const dayBefore = addCalendarDays(event.eventDate, -1);
  return event.signup.closesOn && event.signup.closesOn < dayBefore ? event.signup.closesOn : dayBefore;
}

/** Null when the event gives no refunds online. */
export function refundDeadline(event: PolicyEvent): string | null {
  const days = event.signup.refundDaysBefore;
  return days === null ? null : addCalendarDays(event.eventDate, -days);
}

export function refundPolicyText(event: PolicyEvent): string {
  const deadline = refundDeadline(event);
  if (deadline === null) return 'Refund policy: payments for this event are not refunded online. You can still cancel, and your places go to someone else.';
  return `Refund policy: cancel by ${formatCalendarDate(deadline)} for a full refund; no refund after that.`;
}

export interface SignupTerms {
  mayChange: boolean;
  mayCancel: boolean;
  /** Whatever has not been refunded yet, or nothing. */
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

/** GET /api/user/signups/:id. */
export interface MySignup {
  id: number;
  kind: SignupKind;
  status: PaymentState;
  cancelled: boolean;
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
  values: SignupFormValues;
  terms: SignupTerms;
}

/** Priced at the event's prices before and after, so a price changed since paying does not change the share. */
export function partyRefundCents(paidCents: number, beforeCents: number, afterCents: number): number {
  if (afterCents >= beforeCents || beforeCents <= 0) return 0;
  return Math.min(paidCents, Math.round((paidCents * (beforeCents - afterCents)) / beforeCents));
}
