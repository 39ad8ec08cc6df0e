import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect, DialectMigration } from './helpers';
import * as initialSchema from './20261122T020000-initial-schema';
import * as accounts from './20261122T090000-accounts';
import * as paymentWebhooks from './20261122T100000-payment-webhooks';
import * as paymentCore from './20261123T100000-payment-core';
import * as backOffice from './20261124T090000-back-office';
import * as contentEditing from './20261125T090000-content-editing';
import * as signupChanges from './20261126T090000-signup-changes';
import * as receipts from './20261126T100000-receipts';
import * as accountControl from './20261126T110000-account-control';
import * as giving from './20261126T120000-giving';
import * as monthlyGifts from './20261126T130000-monthly-gifts';
import * as stripeSubscriptions from './20261126T140000-stripe-subscriptions';
import * as fairValueSnapshot from './20261126T150000-fair-value-snapshot';
import * as partyAdditions from './20261126T160000-party-additions';
import * as supporterSessions from './20261127T150000-supporter-sessions';
import * as staffSignInLimits from './20261127T160000-staff-sign-in-limits';
import * as auditLogNoReplace from './20261127T170000-audit-log-no-replace';
import * as mediaDrafts from './20261127T171000-media-drafts';
import * as pdfCache from './20261127T172000-pdf-cache';
import * as givingSettings from './20261128T100000-giving-settings';
import * as campaigns from './20261128T110000-campaigns';
import * as scholarship from './20261129T100000-scholarship';
import * as sponsorships from './20261130T100000-sponsorships';
import * as waitingLists from './20261130T110000-waiting-lists';
import * as sponsorPlaces from './20261201T100000-sponsor-places';

/** Oldest first; names are timestamps. Add files below and never edit one that has shipped. */
const migrations: Record<string, DialectMigration> = {
  '20261122T020000-initial-schema': initialSchema,
  '20261122T090000-accounts': accounts,
  '20261122T100000-payment-webhooks': paymentWebhooks,
  '20261123T100000-payment-core': paymentCore,
  '20261124T090000-back-office': backOffice,
  '20261125T090000-content-editing': contentEditing,
  '20261126T090000-signup-changes': signupChanges,
  '20261126T100000-receipts': receipts,
  '20261126T110000-account-control': accountControl,
  '20261126T120000-giving': giving,
  '20261126T130000-monthly-gifts': monthlyGifts,
  '20261126T140000-stripe-subscriptions': stripeSubscriptions,
  '20261126T150000-fair-value-snapshot': fairValueSnapshot,
  '20261126T160000-party-additions': partyAdditions,
  '20261127T150000-supporter-sessions': supporterSessions,
  '20261127T160000-staff-sign-in-limits': staffSignInLimits,
  '20261127T170000-audit-log-no-replace': auditLogNoReplace,
  '20261127T171000-media-drafts': mediaDrafts,
  '20261127T172000-pdf-cache': pdfCache,
  '20261128T100000-giving-settings': givingSettings,
  '20261128T110000-campaigns': campaigns,
  '20261129T100000-scholarship': scholarship,
  '20261130T100000-sponsorships': sponsorships,
  '20261130T110000-waiting-lists': waitingLists,
  '20261201T100000-sponsor-places': sponsorPlaces,
};

/** Readiness checks the database has them all. */
export const knownMigrations = (): string[] => Object.keys(migrations);

export class DialectMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const context = { dialect: this.dialect };
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [
        name,
        { up: (db) => m.up(db, context), down: m.down ? (db) => m.down!(db, context) : undefined },
      ]),
    );
  }
}
