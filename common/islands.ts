/** Parts of a script-free page that start as React when opened (ADR 042), keyed by their dialog id. */
export const ISLANDS = {
  'donation-form': 'app/donations/donation-island.tsx',
} as const;

export type IslandId = keyof typeof ISLANDS;

export const DONATION_DIALOG_ID: IslandId = 'donation-form';

export interface IslandFiles {
  modules: string[];
  preload: string[];
}

export type IslandsFiles = Record<IslandId, IslandFiles>;
