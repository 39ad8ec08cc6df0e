import type { ActionResult, FormFields, StaffActor } from './back-office';
import { formatCents } from './money';

/**
 * What staff set for the Donation Form (ADR 046): the suggested amounts, each with a line of what it
 * does, and whether monthly is the choice the form starts on. Shared by browser and server.
 */

export interface SuggestedAmount {
  cents: number;
  /** One short line, e.g. "a week of groceries for a family"; may be empty. */
  note: string;
}

export interface GivingSettings {
  amounts: SuggestedAmount[];
  monthlyPreselected: boolean;
}

/** What the Donation Form is handed: the settings and what its share links name. */
export interface DonationFormSettings extends GivingSettings {
  share: {
    /** An absolute URL of this site's page to give on. */
    url: string;
    /** The foundation's name. */
    name: string;
  };
}

/** Plain links (no third-party script): Facebook's and X's share pages, and an email. */
export function shareLinks({ url, name }: DonationFormSettings['share']): { label: string; href: string }[] {
  const text = `I just gave to ${name}. Join me:`;
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll('+', '%20');
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}` },
    { label: 'X', href: `https://x.com/intent/post?${q({ text, url })}` },
    { label: 'Email', href: `mailto:?${q({ subject: `Give to ${name} with me`, body: `${text} ${url}` })}` },
  ];
}

/** For page loaders (public read) and the admin's Giving page (save: admin only, audited). */
export interface GivingSettingsPort {
  current(): Promise<GivingSettings>;
  save(actor: StaffActor, fields: FormFields): Promise<ActionResult>;
}

export const SUGGESTED_AMOUNTS_MAX = 6;
export const SUGGESTED_NOTE_MAX = 80;

/** Until staff save their own. */
export const DEFAULT_GIVING_SETTINGS: GivingSettings = {
  amounts: [
    { cents: 2500, note: 'a week of groceries for a family' },
    { cents: 5000, note: 'a tank of gas for trips to treatment' },
    { cents: 10000, note: "a month of a family's utility bills" },
    { cents: 25000, note: 'a month of rent for a family in crisis' },
  ],
  monthlyPreselected: false,
};

/** The Confirm button's words: what pressing it does, with the total charged (card fees included). */
export function giveButtonLabel({ totalCents, monthly }: { totalCents: number | null; monthly: boolean }): string {
  const amount = totalCents === null || totalCents <= 0 ? '' : ` ${formatCents(totalCents)}`;
  return `Give${amount}${monthly ? ' monthly' : ''}`;
}
