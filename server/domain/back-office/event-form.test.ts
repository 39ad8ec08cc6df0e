import { describe, expect, it } from 'vitest';
import { parseEventForm } from './event-form';

const golf = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: ' Spring Scramble ',
  description: 'Eighteen holes.',
  location: 'Wheeling, WV',
  eventDate: '2027-05-10',
  startTime: '09:00',
  active: 'on',
  price: '$400',
  playersPerTeam: '4',
  'statText.0': 'Team of four',
  'statPrice.0': 'price',
  'accText.2': 'Lunch',
  'accIcon.2': 'food',
  ...overrides,
});

describe('the event form', () => {
  it('reads a golf outing into cents, rows and rules; a new event takes the type it was posted with', () => {
    const parsed = parseEventForm({ eventType: 'Golf Event', ...golf() }, { eventType: null });
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        eventType: 'Golf Event',
        name: 'Spring Scramble',
        startTime: '09:00',
        active: true,
        signup: { priceCents: 40_000, childPriceCents: null, playersPerTeam: 4, opensOn: null, closesOn: null, refundDaysBefore: null, fairValueCents: 0, childFairValueCents: 0 },
        stats: [{ text: 'Team of four', price: 'price' }],
        accommodations: [{ icon: 'food', text: 'Lunch' }],
        sponsor: null,
      },
    });
  });

  it('an existing event keeps its type: a dinner has child prices and no team size, whatever is posted', () => {
    const parsed = parseEventForm({ ...golf({ childPrice: '15', childFairValue: '10', fairValue: '45' }), eventType: 'Golf Event' }, { eventType: 'Benefit Event' });
    expect(parsed).toMatchObject({ ok: true, data: { eventType: 'Benefit Event', signup: { priceCents: 40_000, childPriceCents: 1500, playersPerTeam: null, fairValueCents: 4500, childFairValueCents: 1000 } } });
  });

  it('names each problem by its field as the form does, the rows included, and shows the checks between fields with them', () => {
    const parsed = parseEventForm(
      golf({ name: '', price: '', 'statText.3': '', 'statPrice.3': 'child', 'accText.1': 'Carts', 'accIcon.1': 'rocket', signupOpensOn: '2027-05-01', signupClosesOn: '2027-04-01', fairValue: '10' }),
      { eventType: 'Golf Event' },
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        name: 'Name is required.',
        price: 'Enter the team fee.',
        'statPrice.3': 'Only a benefit dinner has a child price.',
        'statText.3': 'Write what this price is for, or clear its price.',
        'accIcon.1': 'Choose an icon.',
        signupClosesOn: 'Sign-up cannot close before it opens.',
      },
    });
  });

  it('refuses an unknown type and control characters in any text', () => {
    expect(parseEventForm(golf({ eventType: 'Rodeo', proceeds: 'a\u0000b' }), { eventType: null })).toEqual({
      ok: false,
      errors: { eventType: 'Choose the type of event.', proceeds: 'Where the money goes contains invisible control characters; please retype it.' },
    });
  });
});
