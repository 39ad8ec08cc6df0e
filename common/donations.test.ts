import { describe, expect, it } from 'vitest';
import { DONATION_MAX_CENTS, donationTotal, givingNotes } from './donations';
import { DonationIntentSchema } from './donations.wire';

describe('donationTotal', () => {
  it.each([
    [2000, 60],
    [100, 3],
    [1050, 32], // 31.5 cents rounds half up
    [1016, 30], // 30.48 rounds down
    [1017, 31], // 30.51 rounds up
    [3333, 100], // 99.99
    [DONATION_MAX_CENTS, 75_000],
  ])('adds 3%% of %i cents as %i cents when the donor covers the fees', (gift, fee) => {
    expect(donationTotal(gift, true)).toEqual({ giftCents: gift, feeCents: fee, totalCents: gift + fee });
  });

  it('adds nothing when the donor does not cover the fees', () => {
    expect(donationTotal(2050, false)).toEqual({ giftCents: 2050, feeCents: 0, totalCents: 2050 });
  });

  it('always gives whole cents, never a float, over every gift up to $100', () => {
    for (let gift = 100; gift <= 10_000; gift++) {
      const { feeCents, totalCents } = donationTotal(gift, true);
      expect(Number.isInteger(feeCents)).toBe(true);
      expect(Math.abs(feeCents - (gift * 3) / 100)).toBeLessThanOrEqual(0.5);
      expect(totalCents).toBe(gift + feeCents);
    }
  });
});

describe('DonationIntentSchema', () => {
  const base = { amount: '20', email: 'donor@example.org' };
  const errors = (body: Record<string, unknown>) => {
    const result = DonationIntentSchema.safeParse({ ...base, ...body });
    return result.success ? [] : result.error.issues.map((i) => i.path.join('-')).sort();
  };

  it('charges the total it computes itself and accepts the matching total from the form', () => {
    const parsed = DonationIntentSchema.parse({ ...base, coverFees: true, total: '$20.60' });
    expect(parsed).toMatchObject({ giftCents: 2000, feeCents: 60, totalCents: 2060, tribute: null, anonymous: false });
    expect(errors({ coverFees: true, total: '20.00' })).toEqual(['amount']);
    expect(errors({ coverFees: false, total: '20.60' })).toEqual(['amount']);
  });

  it('wants a tribute name, and for a notification the name and email of the person and the donor’s name unless anonymous', () => {
    expect(errors({ tribute: 'memory' })).toEqual(['tributeName']);
    expect(errors({ tribute: 'honor', tributeName: 'Ada', notify: true })).toEqual(['name', 'notifyEmail', 'notifyName']);
    expect(errors({ tribute: 'honor', tributeName: 'Ada', notify: true, anonymous: true, notifyName: 'Bo', notifyEmail: 'bad' })).toEqual(['notifyEmail']);
    expect(errors({ tribute: 'honor', tributeName: '<script>', notify: false })).toEqual(['tributeName']);
    expect(errors({ tribute: 'sideways' })).toEqual(['tribute']);
    expect(errors({ name: 'x'.repeat(101) })).toEqual(['name']);
    expect(errors({ anonymous: 'yes' })).toEqual(['anonymous']);
    expect(DonationIntentSchema.parse({ ...base, tribute: 'memory', tributeName: ' Ada ', notify: true, name: 'Cy', notifyName: 'Bo', notifyEmail: 'BO@example.org' }).tribute).toEqual({
      kind: 'memory',
      name: 'Ada',
      notify: { name: 'Bo', email: 'bo@example.org', includeAmount: false },
    });
  });

  it('ignores the notification fields when no tribute is chosen', () => {
    expect(DonationIntentSchema.parse({ ...base, notify: true, notifyEmail: 'x' }).tribute).toBeNull();
  });
});

describe('givingNotes', () => {
  it('says only what applies: the fee split, the tribute, anonymity', () => {
    expect(givingNotes({ giftCents: 2000, feeCents: 0, anonymous: false, tribute: null })).toEqual([]);
    expect(givingNotes({ giftCents: 5050, feeCents: 152, anonymous: true, tribute: { kind: 'memory', name: 'Ada Lovelace' } })).toEqual([
      'Gift $50.50 + $1.52 card fees',
      'In memory of Ada Lovelace',
      'Anonymous',
    ]);
    expect(givingNotes({ giftCents: 2000, feeCents: 0, anonymous: false, tribute: { kind: 'honor', name: 'Coach' } })).toEqual(['In honor of Coach']);
  });
});
