import { playerFields, storedPerson, TEAM_WORDS, type PriceRules, type SignupKindRules } from './kind';

/** Spec §9; each event keeps its own (ADR 022). */
export const GAMING_TEAM_CENTS = 5_000;
export const TEAM_NAME_MAX = 60;

export interface GamingPlayer {
  name: string;
  email: string | null;
  activisionId: string;
  location: string;
}

/** Spec §3 Gaming signup. */
export interface GamingTeam {
  name: string;
  contactNumber: string;
  players: GamingPlayer[];
}

/** North American numbers: 10 digits, optional +1, any punctuation. */
export function isValidPhoneNumber(value: string): boolean {
  const digits = value.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national);
}

export const gaming = {
  kind: 'gaming',
  eventType: 'Gaming Event',
  amountLabel: 'Amount (team fee)',
  peopleLabel: 'Players',
  party: false,
  online: true,
  rulesFlyer: true,
  placeNames: TEAM_WORDS.placeNames,
  admin: {
    ...TEAM_WORDS.admin,
    title: 'Gaming tournament',
    columns: ['activisionId', 'location'],
    exportColumns: ['team', 'contactNumber', 'player', 'name', 'activisionId', 'location', 'status', 'paidAt', 'receiptEmail', 'arrived'],
  },
  defaults: { priceCents: GAMING_TEAM_CENTS, childPriceCents: null, playersPerTeam: 4 },
  priceCents: (_team: unknown, rules: PriceRules): number => rules.priceCents,
  places: (): number => 1,
  teamName: (team: GamingTeam): string => team.name,
  confirmationLines: (team: GamingTeam) => team.players.map((p) => `${p.name} (${p.activisionId}, ${p.location})`),
  toStorage: (team: GamingTeam) => ({
    teamName: team.name,
    teamContactNumber: team.contactNumber,
    // The wire schema wants a literal true.
    teamAgrees: true,
    peopleTable: 'players',
    people: team.players.map((p) => storedPerson({ name: p.name, email: p.email, activisionId: p.activisionId, location: p.location })),
  }),
  fromStorage: (stored) => ({
    name: stored.teamName ?? '',
    contactNumber: stored.teamContactNumber ?? '',
    players: stored.people.map((p) => ({ name: p.name, email: p.email, activisionId: p.activisionId ?? '', location: p.location ?? '' })),
  }),
  formValues: (stored) => ({
    ...playerFields(stored.people, (p) => ({ ActivisionId: p.activisionId ?? '', Location: p.location ?? '' })),
    teamName: stored.teamName ?? '',
    teamContactNumber: stored.teamContactNumber ?? '',
    teamAgrees: stored.teamAgrees,
  }),
} as const satisfies SignupKindRules<'gaming', GamingTeam>;
