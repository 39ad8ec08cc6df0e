import { describe, expect, it } from 'vitest';
import { NO_GOODS_OR_SERVICES, receiptWording, signupFairValueCents, taxTreatment } from './tax-receipts';

const org = { organization: 'Test Valley Foundation' };

describe('taxTreatment', () => {
  it('makes a gift deductible in full, whatever value is passed', () => {
    expect(taxTreatment({ kind: 'donation', amountCents: 10_000, refundedCents: 0, fairValueCents: 5_000 })).toEqual({
      netCents: 10_000,
      fairValueCents: 0,
      deductibleCents: 10_000,
      quidProQuo: false,
      writtenAcknowledgement: false,
    });
  });

  it('deducts the value received from an event payment, never below 0', () => {
    expect(taxTreatment({ kind: 'event', amountCents: 40_000, refundedCents: 0, fairValueCents: 18_000 }).deductibleCents).toBe(22_000);
    expect(taxTreatment({ kind: 'event', amountCents: 2_500, refundedCents: 0, fairValueCents: 3_000 }).deductibleCents).toBe(0);
  });

  it('nets refunds, and a payment refunded in full received nothing and gave nothing', () => {
    expect(taxTreatment({ kind: 'event', amountCents: 40_000, refundedCents: 10_000, fairValueCents: 18_000 })).toMatchObject({ netCents: 30_000, deductibleCents: 12_000 });
    expect(taxTreatment({ kind: 'event', amountCents: 40_000, refundedCents: 40_000, fairValueCents: 18_000 })).toMatchObject({ netCents: 0, fairValueCents: 0, deductibleCents: 0 });
  });

  it('asks for the quid pro quo disclosure only over $75 with something received', () => {
    const at = (amountCents: number, fairValueCents = 1_000) => taxTreatment({ kind: 'event', amountCents, refundedCents: 0, fairValueCents }).quidProQuo;
    expect(at(7_500)).toBe(false);
    expect(at(7_501)).toBe(true);
    expect(at(40_000, 0)).toBe(false);
  });

  it('gives the written acknowledgement from a $250 contribution part', () => {
    const ack = (amountCents: number, fairValueCents = 0) => taxTreatment({ kind: 'event', amountCents, refundedCents: 0, fairValueCents }).writtenAcknowledgement;
    expect(ack(24_999)).toBe(false);
    expect(ack(25_000)).toBe(true);
    // $400 paid for $180 of golf: the contribution is $220, under $250.
    expect(ack(40_000, 18_000)).toBe(false);
    expect(ack(45_000, 18_000)).toBe(true);
    expect(taxTreatment({ kind: 'donation', amountCents: 30_000, refundedCents: 10_000, fairValueCents: 0 }).writtenAcknowledgement).toBe(false);
  });
});

describe('receiptWording', () => {
  it('says a gift bought nothing', () => {
    const lines = receiptWording({ kind: 'donation', amountCents: 5_000, refundedCents: 0, fairValueCents: 0 }, org);
    expect(lines[0]).toBe(NO_GOODS_OR_SERVICES);
    expect(lines.join(' ')).not.toMatch(/acknowledgement/);
  });

  it('states the value and the deductible part of an event payment over $75', () => {
    const text = receiptWording({ kind: 'event', amountCents: 40_000, refundedCents: 0, fairValueCents: 18_000 }, { ...org, received: 'golf outing' }).join(' ');
    expect(text).toContain('(golf outing) with an estimated fair-market value of $180.00');
    expect(text).toContain('excess of the amount you paid ($400.00) over the value of the goods or services provided by Test Valley Foundation: $220.00');
    expect(text).not.toContain(NO_GOODS_OR_SERVICES);
  });

  it('still states the value under $75, without the formal disclosure', () => {
    const text = receiptWording({ kind: 'event', amountCents: 5_000, refundedCents: 0, fairValueCents: 1_500 }, org).join(' ');
    expect(text).toContain('worth an estimated $15.00');
    expect(text).toContain('the deductible part is $35.00');
    expect(text).not.toContain('limited to the excess');
  });

  it('carries the written acknowledgement for $250 or more', () => {
    const text = receiptWording({ kind: 'donation', amountCents: 25_000, refundedCents: 0, fairValueCents: 0 }, org).join(' ');
    expect(text).toContain("Test Valley Foundation's contemporaneous written acknowledgement of your contribution of $250.00");
  });

  it('says a fully refunded payment is no contribution', () => {
    expect(receiptWording({ kind: 'donation', amountCents: 25_000, refundedCents: 25_000, fairValueCents: 0 }, org)).toEqual(['This payment was refunded in full, so no part of it is a contribution.']);
  });
});

describe('signupFairValueCents', () => {
  it('counts a team once, and each adult and child of a party at their own value', () => {
    const rules = { fairValueCents: 1_500, childFairValueCents: 800 };
    expect(signupFairValueCents({ fairValueCents: 18_000, childFairValueCents: 0 }, { teams: 1, adults: 0, children: 0 })).toBe(18_000);
    expect(signupFairValueCents(rules, { teams: 0, adults: 2, children: 3 })).toBe(5_400);
  });
});
