import { describe, expect, it } from 'vitest';
import { SIGNUP_FORMS } from './signup-forms';
import { prefilledValues } from './signup-prefill';

const you = { name: 'Casey Captain', email: 'casey@example.org' };

describe('prefilledValues', () => {
  it('puts the supporter in as Player 1 of a golf or gaming team, name and email', () => {
    for (const kind of ['golf', 'gaming'] as const) {
      const values = prefilledValues(kind, SIGNUP_FORMS[kind].initialValues('', 4), you);
      expect(values).toMatchObject({ player1Name: 'Casey Captain', player1Email: 'casey@example.org', player2Name: '' });
    }
  });

  it('puts the supporter in as the first attendee of a steak fry party', () => {
    const values = prefilledValues('steakfry', SIGNUP_FORMS.steakfry.initialValues('', 4), you);
    expect(values.attendees).toEqual([{ name: 'Casey Captain', allergies: '', child: false }]);
  });

  it('starts a steak fry party with as many people as a waiting-list offer holds places for', () => {
    const values = prefilledValues('steakfry', SIGNUP_FORMS.steakfry.initialValues('', 4), { ...you, partySize: 3 });
    expect(values.attendees).toEqual([
      { name: 'Casey Captain', allergies: '', child: false },
      { name: '', allergies: '', child: false },
      { name: '', allergies: '', child: false },
    ]);
  });

  it('leaves a team as it is for an offer of one team', () => {
    const values = prefilledValues('golf', SIGNUP_FORMS.golf.initialValues('', 4), { ...you, partySize: 1 });
    expect(values).toEqual(prefilledValues('golf', SIGNUP_FORMS.golf.initialValues('', 4), you));
  });
});
