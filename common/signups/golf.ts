import { playerFields, storedPerson, TEAM_WORDS, type PriceRules, type SignupKindRules } from './kind';

/** Spec §9; each event keeps its own (ADR 022). */
export const GOLF_TEAM_CENTS = 40_000;
export const SHIRT_SIZES = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export type ShirtSize = (typeof SHIRT_SIZES)[number];

export interface GolfPlayer {
  name: string;
  email: string | null;
  shirtSize: ShirtSize;
}

/** Spec §3 Golf signup. */
export interface GolfTeam {
  players: GolfPlayer[];
}

const isShirtSize = (value: string | null): value is ShirtSize => (SHIRT_SIZES as readonly (string | null)[]).includes(value);

export const golf = {
  kind: 'golf',
  eventType: 'Golf Event',
  amountLabel: 'Amount (team, mulligans included)',
  peopleLabel: 'Players',
  party: false,
  online: false,
  rulesFlyer: false,
  placeNames: TEAM_WORDS.placeNames,
  admin: {
    ...TEAM_WORDS.admin,
    title: 'Golf outing',
    columns: ['email', 'shirtSize'],
    exportColumns: ['team', 'player', 'name', 'email', 'shirtSize', 'status', 'paidAt', 'receiptEmail', 'arrived'],
  },
  defaults: { priceCents: GOLF_TEAM_CENTS, childPriceCents: null, playersPerTeam: 4 },
  priceCents: (_team: unknown, rules: PriceRules): number => rules.priceCents,
  places: (): number => 1,
  teamName: (): null => null,
  confirmationLines: (team: GolfTeam) => team.players.map((p) => `${p.name} (shirt ${p.shirtSize})`),
  toStorage: (team: GolfTeam) => ({
    teamName: null,
    teamContactNumber: null,
    teamAgrees: false,
    peopleTable: 'players',
    people: team.players.map((p) => storedPerson({ name: p.name, email: p.email, shirtSize: p.shirtSize })),
  }),
  fromStorage: (stored) => ({
    players: stored.people.map((p) => ({ name: p.name, email: p.email, shirtSize: isShirtSize(p.shirtSize) ? p.shirtSize : 'L' })),
  }),
  formValues: (stored) => playerFields(stored.people, (p) => ({ ShirtSize: p.shirtSize ?? '' })),
} as const satisfies SignupKindRules<'golf', GolfTeam>;
