import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber } from './gaming';
import { golf } from './golf';
import { gamingWire } from './gaming.wire';
import { golfWire } from './golf.wire';
import { formValuesOf, rulesOf, rulesOfEventType, signupKindOfEventType, SIGNUP_KINDS, type SignupDetailsByKind, type SignupKind } from './kinds';
import { steakfryPriceCents, STEAKFRY_ADULT_CENTS, STEAKFRY_CHILD_CENTS } from './steakfry';
import { steakfryWire } from './steakfry.wire';
import { SIGNUP_WIRE } from './wire';
import { signupErrorKey } from './wire-fields';

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
    const result = gamingWire.safeParse({ teamAgrees: 'true' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((i) => i.path[0] === 'teamAgrees')).toBe(true);
  });

  it('caps a steak-fry party at 10', () => {
    const attendees = Array.from({ length: 11 }, () => ({ name: 'Guest', allergies: '', child: false }));
    const result = steakfryWire.safeParse({ eventNumber: 5, amount: '275.00', receiptEmail: 'a@example.org', attendees });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['attendees']);
  });
});

const golfPayload = (overrides: Record<string, unknown> = {}) => ({
  eventNumber: 6,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail: 'Captain@Example.org',
  ...Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, ` Player ${n} `],
      [`player${n}Email`, n === 1 ? 'p1@example.org' : ''],
      [`player${n}ShirtSize`, 'XL'],
    ]),
  ),
  ...overrides,
});

describe('the wire formats', () => {
  it('turns the flat golf keys into a typed team once, at the edge', () => {
    const parsed = golfWire.parse(golfPayload({ player3Email: 'Three@Example.org' }));
    expect(parsed).toEqual({
      kind: 'golf',
      eventNumber: 6,
      receiptEmail: 'captain@example.org',
      amountCents: 40000,
      details: {
        players: [
          { name: 'Player 1', email: 'p1@example.org', shirtSize: 'XL' },
          { name: 'Player 2', email: null, shirtSize: 'XL' },
          { name: 'Player 3', email: 'three@example.org', shirtSize: 'XL' },
          { name: 'Player 4', email: null, shirtSize: 'XL' },
        ],
      },
    });
    expect(rulesOf('golf').priceCents(parsed.details, golf.defaults)).toBe(40000);
    expect(rulesOf('golf').priceCents(parsed.details, { priceCents: 45000, childPriceCents: null })).toBe(45000);
  });

  it('refuses control characters (PostgreSQL cannot store NUL) and event numbers past a database integer', () => {
    const nul = golfWire.safeParse(golfPayload({ player2Name: 'a\u0000b' }));
    expect(nul.error!.issues.map((i) => signupErrorKey(i.path))).toEqual(['player2Name']);
    const party = steakfryWire.safeParse({ eventNumber: 5, amount: '25', receiptEmail: 'a@example.org', attendees: [{ name: 'Ann', allergies: 'x\u0007' }] });
    expect(party.error!.issues.map((i) => signupErrorKey(i.path))).toEqual(['attendee-0-allergies']);
    for (const eventNumber of [2 ** 31, 3e9, 0, -1, 1.5, 'six']) {
      const result = golfWire.safeParse(golfPayload({ eventNumber }));
      expect(result.error!.issues.map((i) => signupErrorKey(i.path)), String(eventNumber)).toEqual(['eventNumber']);
    }
    expect(golfWire.safeParse(golfPayload({ eventNumber: 2 ** 31 - 1 })).success).toBe(true);
  });

  it('keeps every kind in one registry, reachable from its event type', () => {
    for (const [kind, rules] of Object.entries(SIGNUP_KINDS)) {
      expect(rules.kind).toBe(kind);
      expect(signupKindOfEventType(rules.eventType)).toBe(kind);
    }
    expect(signupKindOfEventType('Bowling Night')).toBeNull();
  });

  it('stores each kind and reads it back unchanged', () => {
    const golf = golfWire.parse(golfPayload()).details;
    expect(rulesOf('golf').fromStorage(rulesOf('golf').toStorage(golf))).toEqual(golf);
    const team = {
      name: 'Night Owls',
      contactNumber: '(740) 555-0142',
      players: [1, 2, 3, 4].map((n) => ({ name: `P${n}`, email: null, activisionId: `id#${n}`, location: 'Wheeling, WV' })),
    };
    expect(rulesOf('gaming').fromStorage(rulesOf('gaming').toStorage(team))).toEqual(team);
    const party = { attendees: [{ name: 'Ann', allergies: 'peanuts', child: false }, { name: 'Tim', allergies: null, child: true }] };
    expect(rulesOf('steakfry').fromStorage(rulesOf('steakfry').toStorage(party))).toEqual(party);
    expect(rulesOf('steakfry').places(party)).toBe(2);
    expect(rulesOf('steakfry').confirmationLines(party)).toEqual(['Ann (allergies: peanuts)', 'Tim (child)']);
  });
});

describe('the registry', () => {
  const kinds = Object.keys(SIGNUP_KINDS) as SignupKind[];
  const noOne = { teamName: null, teamContactNumber: null, teamAgrees: false, peopleTable: 'players' as const, people: [] };

  it('says of each kind whether it is a party, and everything else about it agrees', () => {
    for (const kind of kinds) {
      const rules = rulesOf(kind);
      expect(rules.peopleLabel, kind).toBe(rules.party ? 'Attendees' : 'Players');
      expect(rules.toStorage(rules.fromStorage(noOne)).peopleTable, kind).toBe(rules.party ? 'attendees' : 'players');
      // A party has a child's price and no team size; a team the other way round.
      expect(rules.defaults.childPriceCents !== null, kind).toBe(rules.party);
      expect(rules.defaults.playersPerTeam === null, kind).toBe(rules.party);
    }
    expect(kinds.filter((kind) => SIGNUP_KINDS[kind].party)).toEqual(['steakfry']);
  });

  it('prices the form as the server does: a team its fee whoever is on it, a party each ticket', () => {
    const prices = { priceCents: 3_000, childPriceCents: 1_000 };
    const attendees = [{ child: false }, { child: true }, { child: false }];
    for (const kind of kinds) expect(SIGNUP_KINDS[kind].priceCents({ attendees }, prices), kind).toBe(SIGNUP_KINDS[kind].party ? 7_000 : 3_000);
  });

  it('gives the back office each kind’s words, and the golf outing’s to an unknown type', () => {
    expect(kinds.map((kind) => SIGNUP_KINDS[kind].admin.title)).toEqual(['Golf outing', 'Gaming tournament', 'Benefit dinner (steak fry)']);
    expect(SIGNUP_KINDS.steakfry.admin).toMatchObject({ priceLabel: 'Price per adult ($)', capacityLabel: 'Seats (capacity)', statPriceLabel: 'Adult price' });
    for (const kind of ['golf', 'gaming'] as const) expect(SIGNUP_KINDS[kind].admin).toMatchObject({ priceLabel: 'Team fee ($)', capacityLabel: 'Teams (capacity)', statPriceLabel: 'Team fee' });
    expect(rulesOfEventType('Benefit Event').kind).toBe('steakfry');
    expect(rulesOfEventType('Bowling Night')).toBe(SIGNUP_KINDS.golf);
    expect(kinds.filter((kind) => SIGNUP_KINDS[kind].rulesFlyer || SIGNUP_KINDS[kind].online)).toEqual(['gaming']);
  });

  it('exports every person of every kind with their name, status, payment and arrival', () => {
    for (const kind of kinds) {
      const columns = SIGNUP_KINDS[kind].admin.exportColumns;
      expect(columns, kind).toEqual(expect.arrayContaining(['name', 'status', 'paidAt', 'arrived', ...SIGNUP_KINDS[kind].admin.columns]));
      expect(new Set(columns).size, kind).toBe(columns.length);
    }
  });

  it('fills a stored sign-up into its form so the wire reads the same sign-up back', () => {
    const team = golfWire.parse(golfPayload()).details;
    const gaming = {
      name: 'Night Owls',
      contactNumber: '(740) 555-0142',
      players: [1, 2, 3, 4].map((n) => ({ name: `P${n}`, email: n === 1 ? 'p1@example.org' : null, activisionId: `id#${n}`, location: 'Wheeling, WV' })),
    };
    const party = { attendees: [{ name: 'Ann', allergies: 'peanuts', child: false }, { name: 'Tim', allergies: null, child: true }] };
    const roundTrip = <K extends SignupKind>(kind: K, details: SignupDetailsByKind[K]) => {
      const values = formValuesOf(kind, rulesOf(kind).toStorage(details), 'a@example.org');
      expect(values.receiptEmail).toBe('a@example.org');
      expect(SIGNUP_WIRE[kind](4).parse({ ...values, eventNumber: 5, amount: '1.00' }).details, kind).toEqual(details);
    };
    roundTrip('golf', team);
    roundTrip('gaming', gaming);
    roundTrip('steakfry', party);
  });
});
