import { describe, expect, it } from 'vitest';
import { donationTotal } from './donations';
import { DEFAULT_GIVING_SETTINGS, giveButtonLabel, shareLinks } from './giving-settings';

describe('the Donation Form’s give button', () => {
  it('names the total charged, card fees included, and says monthly', () => {
    expect(giveButtonLabel({ totalCents: donationTotal(5050, true).totalCents, monthly: false })).toBe('Give $52.02');
    expect(giveButtonLabel({ totalCents: 2000, monthly: true })).toBe('Give $20.00 monthly');
    expect(giveButtonLabel({ totalCents: 1_000_000, monthly: false })).toBe('Give $10,000.00');
  });

  it('without an amount yet still says what it does', () => {
    expect(giveButtonLabel({ totalCents: null, monthly: false })).toBe('Give');
    expect(giveButtonLabel({ totalCents: null, monthly: true })).toBe('Give monthly');
    expect(giveButtonLabel({ totalCents: 0, monthly: false })).toBe('Give');
  });
});

describe('share links', () => {
  const links = shareLinks({ url: 'https://foundation.example/', name: 'Rowan & Hale Foundation' });

  it('are plain links to Facebook, X and an email, the address and name encoded', () => {
    expect(links.map((l) => l.label)).toEqual(['Facebook', 'X', 'Email']);
    expect(links[0]!.href).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ffoundation.example%2F');
    expect(links[1]!.href).toBe('https://x.com/intent/post?text=I%20just%20gave%20to%20Rowan%20%26%20Hale%20Foundation.%20Join%20me%3A&url=https%3A%2F%2Ffoundation.example%2F');
    expect(links[2]!.href.startsWith('mailto:?subject=Give%20to%20Rowan%20%26%20Hale%20Foundation%20with%20me&body=')).toBe(true);
    // A mail app would show a "+" as a plus sign.
    expect(links.every((l) => !l.href.includes('+'))).toBe(true);
  });
});

it('the defaults are the issue’s four amounts, each with a line, giving once', () => {
  expect(DEFAULT_GIVING_SETTINGS.amounts.map((a) => a.cents)).toEqual([2500, 5000, 10000, 25000]);
  expect(DEFAULT_GIVING_SETTINGS.amounts.every((a) => a.note.length > 0)).toBe(true);
  expect(DEFAULT_GIVING_SETTINGS.monthlyPreselected).toBe(false);
});
