import { z } from 'zod';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from '../../../common/text';
import type { FormFields } from '../../../common/back-office';
import { guestField, type GuestShape, type NamedGuest } from '../../../common/sponsorships';

/** ADR 054: the names a sponsor gives for the places their package includes. Pure. */

const TAG = /<\/?[a-z!][^>]*>/i;

/** Any name may wait for later (empty); what is given must be plain text. */
const name = z
  .string()
  .trim()
  .max(80, 'Please keep a name under 80 characters.')
  .refine((value) => !hasControlCharacters(value), NO_CONTROL_CHARACTERS)
  .refine((value) => !TAG.test(value), 'Please write plain text, without HTML tags.');

export type GuestsParse = { ok: true; guests: NamedGuest[] } | { ok: false; errors: Record<string, string> };

export function parseGuests(shape: GuestShape, fields: FormFields): GuestsParse {
  const errors: Record<string, string> = {};
  const guests: NamedGuest[] = [];
  const seenTeams = new Set<string>();
  for (let team = 1; team <= shape.teams; team += 1) {
    let teamName: string | null = null;
    if (!shape.party) {
      const key = guestField(team, 'name');
      const read = name.safeParse(fields[key] ?? '');
      if (!read.success) errors[key] = read.error.issues[0]!.message;
      else if (read.data !== '') {
        if (seenTeams.has(read.data.toLowerCase())) errors[key] = 'Each team needs its own name.';
        seenTeams.add(read.data.toLowerCase());
        teamName = read.data;
      }
    }
    for (let position = 1; position <= shape.perTeam; position += 1) {
      const key = guestField(team, position);
      const read = name.safeParse(fields[key] ?? '');
      if (!read.success) errors[key] = read.error.issues[0]!.message;
      // Every seat is kept, named or not yet, so a team's name stays with it.
      else guests.push({ team, teamName, position, name: read.data });
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, guests };
}
