import { describe, expect, it } from 'vitest';
import { changeDeadline, partyRefundCents, refundDeadline, refundPolicyText, signupTerms } from './signup-policy';

const event = (refundDaysBefore: number | null, closesOn: string | null = null) => ({ eventDate: '2030-06-15', signup: { refundDaysBefore, closesOn } });
const paid = { amountCents: 40_000, refundedCents: 0, status: 'paid', cancelled: false };

describe('signup policy', () => {
  it('changes close on the last sign-up day, never later than the day before the event', () => {
    expect(changeDeadline(event(14))).toBe('2030-06-14');
    expect(changeDeadline(event(14, '2030-06-01'))).toBe('2030-06-01');
    expect(changeDeadline(event(14, '2030-06-15'))).toBe('2030-06-14');
  });

  it('refunds in full until the policy day, counted on the calendar across months', () => {
    expect(refundDeadline(event(14))).toBe('2030-06-01');
    expect(refundDeadline(event(20))).toBe('2030-05-26');
    expect(refundDeadline(event(0))).toBe('2030-06-15');
    expect(refundDeadline(event(null))).toBeNull();
    expect(refundPolicyText(event(14))).toBe('Refund policy: cancel by June 1, 2030 for a full refund; no refund after that.');
    expect(refundPolicyText(event(null))).toMatch(/not refunded online/);
  });

  it('gives what is left to refund inside the window, nothing after, and nothing once cancelled, refunded or past', () => {
    expect(signupTerms(event(14), paid, '2030-06-01')).toMatchObject({ mayCancel: true, mayChange: true, refundIfCancelledCents: 40_000 });
    expect(signupTerms(event(14), { ...paid, refundedCents: 2_500, status: 'partially_refunded' }, '2030-05-01').refundIfCancelledCents).toBe(37_500);
    expect(signupTerms(event(14), paid, '2030-06-02')).toMatchObject({ mayCancel: true, refundIfCancelledCents: 0 });
    expect(signupTerms(event(null), paid, '2030-05-01').refundIfCancelledCents).toBe(0);
    expect(signupTerms(event(14), paid, '2030-06-15')).toMatchObject({ mayCancel: false, mayChange: false, refundIfCancelledCents: 0 });
    expect(signupTerms(event(14), { ...paid, cancelled: true }, '2030-05-01')).toMatchObject({ mayCancel: false, mayChange: false });
    expect(signupTerms(event(14), { ...paid, status: 'refunded' }, '2030-05-01')).toMatchObject({ mayCancel: false, mayChange: false });
  });

  it("gives a removed person's share of what is still paid, whatever the prices are now", () => {
    expect(partyRefundCents(7_500, 7_500, 5_000)).toBe(2_500);
    expect(partyRefundCents(5_000, 6_000, 3_000)).toBe(2_500);
    expect(partyRefundCents(5_000, 5_000, 5_000)).toBe(0);
    expect(partyRefundCents(5_000, 5_000, 6_000)).toBe(0);
    expect(partyRefundCents(1_000, 3_000, 0)).toBe(1_000);
  });
});
