/**
 * The islands (ADR 042): parts of a page without scripts that start as React when the visitor
 * opens them, each named by the id of its dialog, with the module that starts it. vite.config.ts
 * makes each module an entry of the browser build; the server names their files to the page.
 */
export const ISLANDS = {
  'donation-form': 'app/donations/donation-island.tsx',
} as const;

export type IslandId = keyof typeof ISLANDS;

/** The Donation Form's dialog: every Donate button names it. */
export const DONATION_DIALOG_ID: IslandId = 'donation-form';

/** What a page imports, in order, to start an island, and the files to fetch alongside (as URLs). */
export interface IslandFiles {
  modules: string[];
  preload: string[];
}

export type IslandsFiles = Record<IslandId, IslandFiles>;
