import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GamingSignupSchema,
  isValidPhoneNumber,
  signupErrorKey,
  steakfryPriceCents,
  STEAKFRY_ADULT_CENTS,
  STEAKFRY_CHILD_CENTS,
  SteakfrySignupSchema,
} from './signups';

const party = fc.array(fc.record({ child: fc.boolean() }), { minLength: 1, maxLength: 10 });

describe('steakfryPriceCents (property tests)', () => {
  it('is 25.00 per adult plus 15.00 per child', () => {
    fc.assert(
      fc.property(party, (attendees) => {
        const children = attendees.filter((a) => a.child).length;
        expect(steakfryPriceCents(attendees)).toBe((attendees.length - children) * STEAKFRY_ADULT_CENTS + children * STEAKFRY_CHILD_CENTS);
      }),
    );
  });

  it('does not depend on the order of the list', () => {
    fc.assert(
      fc.property(party, fc.nat(), (attendees, shift) => {
        const k = shift % attendees.length;
        const rotatedAndReversed = [...attendees.slice(k), ...attendees.slice(0, k)].reverse();
        expect(steakfryPriceCents(rotatedAndReversed)).toBe(steakfryPriceCents(attendees));
      }),
    );
  });

  it('toggling one attendee to child takes off exactly 10.00; removing an adult 25.00, a child 15.00', () => {
    fc.assert(
      fc.property(party, fc.nat(), (attendees, pick) => {
        const i = pick % attendees.length;
        const toggled = attendees.map((a, j) => (j === i ? { child: !a.child } : a));
        expect(steakfryPriceCents(toggled) - steakfryPriceCents(attendees)).toBe(attendees[i]!.child ? 1000 : -1000);
        const removed = attendees.filter((_, j) => j !== i);
        expect(steakfryPriceCents(attendees) - steakfryPriceCents(removed)).toBe(attendees[i]!.child ? 1500 : 2500);
      }),
    );
  });

  it('stays within 15.00 to 250.00 for the allowed party sizes', () => {
    fc.assert(
      fc.property(party, (attendees) => {
        const price = steakfryPriceCents(attendees);
        expect(price).toBeGreaterThanOrEqual(1500);
        expect(price).toBeLessThanOrEqual(25000);
      }),
    );
  });
});

describe('sign-up payloads', () => {
  it('maps attendee paths to the spec keys', () => {
    expect(signupErrorKey(['attendees', 2, 'name'])).toBe('attendee-2-name');
    expect(signupErrorKey(['attendees'])).toBe('attendees');
    expect(signupErrorKey(['player3Email'])).toBe('player3Email');
  });

  it('accepts North American phone numbers in the usual spellings', () => {
    for (const ok of ['(740) 555-0142', '740-555-0142', '+1 740 555 0142', '7405550142']) expect(isValidPhoneNumber(ok), ok).toBe(true);
    for (const bad of ['555-0142', '(040) 555-0142', '740 155 0142', 'call me', '74055501421']) expect(isValidPhoneNumber(bad), bad).toBe(false);
  });

  it('wants the gaming terms agreed with a real true, not a truthy string', () => {
    const result = GamingSignupSchema.safeParse({ teamAgrees: 'true' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((i) => i.path[0] === 'teamAgrees')).toBe(true);
  });

  it('caps a steak-fry party at 10', () => {
    const attendees = Array.from({ length: 11 }, () => ({ name: 'Guest', allergies: '', child: false }));
    const result = SteakfrySignupSchema.safeParse({ eventNumber: 5, amount: '275.00', receiptEmail: 'a@example.org', attendees });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['attendees']);
  });
});
