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
}

export interface SponsorshipsService {
  order(fields: unknown, logo: { bytes: Buffer; declaredType: string; fileName: string } | null, clientAddress: string | null): Promise<PageAnswer<OrderOpened>>;
  confirm(fields: { token?: unknown; amount?: unknown }): Promise<PageAnswer<{ id: number; status: string; paymentId: number }>>;
  packagesForStaff(eventNumber: number): Promise<{ event: EventHeading; packages: StaffPackage[] } | null>;
  savePackage(actor: StaffActor, eventNumber: number, id: number | null, fields: FormFields): Promise<ActionResult>;
  offered(eventNumber: number): Promise<OfferedPackage[]>;
  listForStaff(eventNumber: number): Promise<{ event: EventHeading; sponsorships: StaffSponsorship[] } | null>;
  review(actor: StaffActor, id: number, decision: 'approve' | 'reject', reason: string): Promise<ActionResult>;
  approved(eventNumber?: number): Promise<ShownSponsor[]>;
  sponsorsCsv(actor: StaffActor, eventNumber: number): Promise<string | null>;
  logo(id: number, staff?: boolean): Promise<Buffer | null>;
}
