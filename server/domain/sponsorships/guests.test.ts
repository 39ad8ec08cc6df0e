import { describe, expect, it } from 'vitest';
import { guestShape, guestsText } from '../../../common/sponsorships';
import { parseGuests } from './guests';

describe('parseGuests', () => {
  it('keeps every seat of every team, named or not yet, with the team’s name on each', () => {
    const parsed = parseGuests(guestShape(2, false, 2), { 'team-1-name': ' Aces ', 'team-1-person-2': 'Bo Ray', 'team-2-person-1': 'Cy' });
    expect(parsed).toEqual({
      ok: true,
      guests: [
        { team: 1, teamName: 'Aces', position: 1, name: '' },
        { team: 1, teamName: 'Aces', position: 2, name: 'Bo Ray' },
        { team: 2, teamName: null, position: 1, name: 'Cy' },
        { team: 2, teamName: null, position: 2, name: '' },
      ],
    });
  });

  it('a party is one unnamed team of its guests, and ignores team-name fields', () => {
    const parsed = parseGuests(guestShape(3, true, 4), { 'team-1-name': 'ignored', 'team-1-person-1': 'Ann' });
    expect(parsed.ok && parsed.guests.map((g) => [g.teamName, g.name])).toEqual([
      [null, 'Ann'],
      [null, ''],
      [null, ''],
    ]);
  });

  it('refuses tags, long names, control characters and two teams of one name, each beside its field', () => {
    const parsed = parseGuests(guestShape(2, false, 1), { 'team-1-name': 'Eagles', 'team-2-name': 'EAGLES', 'team-1-person-1': '<i>x</i>', 'team-2-person-1': 'y'.repeat(81) });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        'team-2-name': 'Each team needs its own name.',
        'team-1-person-1': 'Please write plain text, without HTML tags.',
        'team-2-person-1': 'Please keep a name under 80 characters.',
      },
    });
    expect(parseGuests(guestShape(1, true, 1), { 'team-1-person-1': 'a\u0000b' })).toMatchObject({ ok: false, errors: { 'team-1-person-1': expect.stringContaining('control characters') } });
  });
});

describe('guestsText', () => {
  it('lists each team with its names, and says which are still to come', () => {
    const guests = [
      { team: 1, teamName: 'Aces', position: 1, name: 'Ann' },
      { team: 1, teamName: 'Aces', position: 2, name: '' },
      { team: 2, teamName: null, position: 1, name: '' },
      { team: 2, teamName: null, position: 2, name: 'Di' },
    ];
    expect(guestsText({ what: '2 teams', dueOn: '2027-05-01', shape: guestShape(2, false, 2), guests, named: 2, seats: 4 })).toBe(
      'Aces: Ann, not named yet; Team 2 (no name yet): not named yet, Di',
    );
  });
});
