import type { ActionResult, FormFields, StaffActor } from './back-office';

/** ADR 052: sponsorship packages and the sponsors shown on the site, as pages see them. */

export interface OfferedPackage {
  id: number;
  name: string;
  priceCents: number;
  includes: string;
  places: number;
  quantity: number;
  left: number;
}

export interface StaffPackage extends OfferedPackage {
  placesDueOn: string | null;
  goodsValueCents: number;
  published: boolean;
}

/** An approved sponsor as the public pages show it. */
export interface ShownSponsor {
  id: number;
  displayName: string;
  link: string | null;
  packageName: string;
  logo: { src: string; width: number; height: number };
}

export interface StaffSponsorship {
  id: number;
  paymentId: number;
  packageName: string;
  packagePriceCents: number;
  companyName: string;
  contactName: string;
  contactEmail: string;
  phone: string;
  displayName: string;
  link: string | null;
  logoWidth: number;
  logoHeight: number;
  amountCents: number;
  goodsValueCents: number;
  review: 'pending' | 'approved' | 'rejected';
  reviewReason: string | null;
  paidAt: string | null;
  /** ADR 054: the team or party places included, when they are due, when they were last named. */
  places: number;
  placesDueOn: string | null;
  placesNamedAt: string | null;
}

export interface EventHeading {
  eventNumber: number;
  name: string;
  eventDate: string;
}

/** "2 of 5 left", "Sold out". */
export function leftText(p: { left: number; quantity: number }): string {
  return p.left <= 0 ? 'Sold out' : `${p.left} of ${p.quantity} left`;
}

export const logoPath = (id: number) => `/sponsors/logos/${id}.png`;

/** ADR 054: "1 team", "2 teams", "8 guests": what a package's places are at this kind of event. */
export const includedPlaces = (places: number, party: boolean): string => `${places} ${party ? 'guest' : 'team'}${places === 1 ? '' : 's'}`;

/** Where the sponsor names them, signed in; the emailed link first ties the sale to an account. */
export const namingPath = (id: number) => `/dashboard/sponsorships/${id}`;
export const claimPath = (token: string) => `/sponsorships/claim/${token}`;
export const staffLogoPath = (id: number) => `/admin/sponsorships/logos/${id}.png`;

export type PageAnswer<T> = { ok: true; value: T } | { ok: false; status: number; errors: Record<string, string> };

export interface OrderOpened {
  clientSecret: string;
  sponsorshipId: number;
  eventNumber: number;
  packageName: string;
  /** Dollars, as the card step shows and the confirm call sends back in cents. */
  amount: string;
  holdExpiresAt: string;
  /** ADR 054: the places it includes, named later. */
  places: number;
}

export interface SponsorshipsService {
  order(fields: unknown, logo: { bytes: Buffer; declaredType: string; fileName: string } | null, clientAddress: string | null, buyerId?: number | null): Promise<PageAnswer<OrderOpened>>;
  confirm(fields: { token?: unknown; amount?: unknown }): Promise<PageAnswer<{ id: number; status: string; paymentId: number }>>;
  packagesForStaff(eventNumber: number): Promise<{ event: EventHeading; packages: StaffPackage[] } | null>;
  savePackage(actor: StaffActor, eventNumber: number, id: number | null, fields: FormFields): Promise<ActionResult>;
  offered(eventNumber: number): Promise<OfferedPackage[]>;
  listForStaff(eventNumber: number): Promise<{ event: EventHeading; sponsorships: (StaffSponsorship & { named: SponsorPlaces | null })[] } | null>;
  claimable(token: string): Promise<ClaimablePlaces | null>;
  claim(userId: number, token: string): Promise<number>;
  mine(userId: number): Promise<MySponsorship[]>;
  mineById(userId: number, id: number): Promise<MySponsorship>;
  saveNames(userId: number, id: number, fields: FormFields): Promise<void>;
  review(actor: StaffActor, id: number, decision: 'approve' | 'reject', reason: string): Promise<ActionResult>;
  approved(eventNumber?: number): Promise<ShownSponsor[]>;
  sponsorsCsv(actor: StaffActor, eventNumber: number): Promise<string | null>;
  logo(id: number, staff?: boolean): Promise<Buffer | null>;
}

/** ADR 054: a party's guests are one "team" without a name; a team event's teams have their players. */
export interface GuestShape {
  party: boolean;
  teams: number;
  perTeam: number;
}

export const guestShape = (places: number, party: boolean, playersPerTeam: number): GuestShape => (party ? { party, teams: 1, perTeam: places } : { party, teams: places, perTeam: playersPerTeam });

/** One row per seat; an empty name is one not given yet. */
export interface NamedGuest {
  team: number;
  teamName: string | null;
  position: number;
  name: string;
}

export const guestField = (team: number, seat: number | 'name') => (seat === 'name' ? `team-${team}-name` : `team-${team}-person-${seat}`);

/** The dashboard's and the back office's view of one sponsor's places. */
export interface SponsorPlaces {
  what: string;
  dueOn: string;
  shape: GuestShape;
  guests: NamedGuest[];
  named: number;
  seats: number;
}

/** A signed-in sponsor's sale whose package includes places. */
export interface MySponsorship {
  id: number;
  event: EventHeading;
  packageName: string;
  companyName: string;
  places: SponsorPlaces;
  /** Until the end of the due day (Eastern), while the payment stands. */
  open: boolean;
}

/** "Acme Aces: Ann Lee, Bo Ray, (not named yet)…" per team, for the CSV and the sheet. */
export function guestsByTeam(places: SponsorPlaces): { label: string; names: string[] }[] {
  const teams: { label: string; names: string[] }[] = [];
  for (let team = 1; team <= places.shape.teams; team += 1) {
    const seats = places.guests.filter((g) => g.team === team);
    const label = places.shape.party ? 'Guests' : (seats[0]?.teamName ?? `Team ${team} (no name yet)`);
    teams.push({ label, names: seats.map((g) => g.name || 'not named yet') });
  }
  return teams;
}

export const guestsText = (places: SponsorPlaces): string => guestsByTeam(places).map((t) => `${t.label}: ${t.names.join(', ')}`).join('; ');

export interface ClaimablePlaces {
  companyName: string;
  packageName: string;
  eventName: string;
  what: string;
}
