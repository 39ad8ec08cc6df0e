import type { AppServices } from '../common/load-context';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { createAccounts, type Accounts } from './domain/accounts';
import { createSignInAttempts } from './domain/sign-in-attempts';
import { createSupporterSessions, type SupporterSessions } from './domain/supporter-sessions';
import { createContentService } from './domain/content';
import { createCardTestingGuard, createCounters, type Counters } from './domain/counters';
import { createDonations, donationPurpose, type Donations } from './domain/donations';
import { createGivingPlans, type GivingPlans } from './domain/giving-plans';
import { createGivingSettings } from './domain/giving-settings';
import { createEventsService } from './domain/events';
import { createMailDelivery, type MailDelivery } from './domain/mail-queue';
import { createPaymentCore, type PaymentCore } from './domain/payments/core';
import { createGatewayEvents, type GatewayEvents } from './domain/payments/gateway-events';
import { createPaymentSweep, type PaymentSweep } from './domain/payments/sweep';
import { createSignupChanges, type SignupChanges } from './domain/signup-changes';
import { createSignups, signupPurpose, type Signups } from './domain/signups';
import { createSponsorships, sponsorshipPurpose, type Sponsorships } from './domain/sponsorships/sponsorships';
import { clientKeyOfAddress } from './http/middleware/client-key';
import { createWaitlists, type Waitlists } from './domain/waitlist';
import { siteFactsFrom } from './domain/site-facts';
import { receiptLinks } from './domain/receipts/links';
import { createReceipts, type Receipts } from './domain/receipts/receipts';
import { createBackOfficeActions } from './domain/back-office/actions';
import { createContentEditing } from './domain/back-office/content-editing';
import { createCampaigns } from './domain/campaigns/campaigns';
import { createScholarshipRounds, type ScholarshipRounds } from './domain/scholarship/rounds';
import { createScholarshipApplications } from './domain/scholarship/applications';
import { createScholarshipReviews } from './domain/scholarship/reviews';
import { createMediaFiles, databaseMediaStore, type MediaFiles, type MediaStore } from './domain/media/media-store';
import { s3MediaStore } from './domain/media/s3-media-store';
import { createBackOfficeExports } from './domain/back-office/exports';
import { createBackOfficeReports } from './domain/back-office/reports';
import { createStaffAuth, type StaffAuth } from './domain/staff/staff-auth';
import { createStaffManagement, type StaffManagement } from './domain/staff/staff-management';
import type { BackOfficeActions, BackOfficeExports, BackOfficeReports } from '../common/back-office';
import type { BackOfficeContent } from '../common/content-admin';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { createGateway } from './payments/create-gateway';
import type { PaymentGateway } from './payments/gateway';

/** Page loaders see only the AppServices part. */
export interface ServerServices extends AppServices {
  accounts: Accounts;
  supporterSessions: SupporterSessions;
  donations: Donations;
  givingPlans: GivingPlans;
  signups: Signups;
  signupChanges: SignupChanges;
  gateway: PaymentGateway;
  payments: PaymentCore;
  gatewayEvents: GatewayEvents;
  sweep: PaymentSweep;
  mail: MailDelivery;
  counters: Counters;
  staffAuth: StaffAuth;
  staffManagement: StaffManagement;
  backOffice: { reports: BackOfficeReports; exports: BackOfficeExports; actions: BackOfficeActions; content: BackOfficeContent };
  mediaStore: MediaStore;
  mediaFiles: MediaFiles;
  receipts: Receipts;
  scholarshipRounds: ScholarshipRounds;
  sponsorships: Sponsorships;
  /** ADR 053. */
  waitlists: Waitlists;
}

export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  logger: Logger;
  /** PUBLIC_URL, else where the server listens. */
  origin: () => string;
  clock?: () => Date;
  onMailAttempt?: (result: 'sent' | 'failed') => void;
}

/** The one place the domain services are built. */
export function createServices({ db, config, mailer, logger, origin, clock = () => new Date(), onMailAttempt }: ServiceDeps): ServerServices {
  const dialect = config.database.kind;
  const content = createContentService(db, clock);
  const siteFacts = siteFactsFrom(content);
  const gateway = createGateway(config.payments, { db, logger });
  const counters = createCounters(db, clock);
  const mail = createMailDelivery({ db, mailer, logger, clock, messageIdHost: () => new URL(origin()).hostname, onAttempt: onMailAttempt });
  const payments = createPaymentCore({
    db,
    dialect,
    gateway,
    logger,
    mail,
    siteFacts: () => siteFacts(origin()),
    guard: createCardTestingGuard(counters),
    clock,
  });
  const links = receiptLinks(config.jwtSecret);
  // Signed: no sign-in needed.
  const receiptUrl = (site: { url: string }, paymentId: number) => `${site.url}${links.receiptPath(paymentId)}`;
  payments.register(donationPurpose({ receiptUrl, logger, planSecret: config.jwtSecret }));
  payments.register(signupPurpose({ dialect, clock, receiptUrl }));
  payments.register(sponsorshipPurpose({ dialect, clock, receiptUrl }));
  gateway.onPaymentSucceeded(async (intent) => {
    await payments.settle(intent);
  });
  const site = () => siteFacts(origin());
  const bucket = config.media.kind === 's3' ? s3MediaStore(config.media) : null;
  const mediaStore = bucket ?? databaseMediaStore();
  const supporterSessions = createSupporterSessions({ db, jwtSecret: config.jwtSecret, clock });
  const waitlists = createWaitlists({ db, dialect, logger, siteFacts: site, mail, clock });
  const givingPlans = createGivingPlans({ db, core: payments, gateway, mail, logger, siteFacts: site, secret: config.jwtSecret, clock });
  return {
    mediaStore,
    mediaFiles: createMediaFiles(db, bucket),
    receipts: createReceipts({ db, links, site, mail, logger, clock }),
    content,
    giving: createGivingSettings({ db, clock }),
    campaigns: createCampaigns({ db, content, clock }),
    scholarshipRounds: createScholarshipRounds({ db, clock }),
    scholarshipApplications: createScholarshipApplications({ db, mail, site, counters, clock }),
    scholarshipReviews: createScholarshipReviews({ db, dialect, siteFacts: site, mail, clock }),
    events: createEventsService(db, clock),
    accounts: createAccounts({
      db,
      jwtSecret: config.jwtSecret,
      sessions: supporterSessions,
      attempts: createSignInAttempts(counters, config.jwtSecret, clock),
      mail,
      logger,
      siteFacts,
      beforeDelete: (userId) => givingPlans.endSubscriptionsOfUser(userId),
    }),
    supporterSessions,
    donations: createDonations({ db, core: payments, monthlyBy: gateway.kind === 'stripe' ? 'subscription' : 'schedule', receiptPath: links.receiptPath }),
    givingPlans,
    signups: createSignups({ db, dialect, core: payments, logger, clock }),
    sponsorships: createSponsorships({ db, dialect, core: payments, clientKeyOf: clientKeyOfAddress(config.jwtSecret), clock }),
    signupChanges: createSignupChanges({ db, dialect, core: payments, mail, logger, siteFacts: site, clock, placesFreed: waitlists.afterPlacesFreed }),
    waitlists,
    gateway,
    payments,
    gatewayEvents: createGatewayEvents({ db, core: payments, subscriptions: givingPlans, logger }),
    sweep: createPaymentSweep({ db, gateway, core: payments, logger, clock }),
    mail,
    counters,
    staffAuth: createStaffAuth({ db, counters, logger, mail, siteFacts: site, issuer: async () => (await site()).name, clock }),
    staffManagement: createStaffManagement({ db, dialect, counters, mail, logger, siteFacts: site, clock }),
    backOffice: {
      reports: createBackOfficeReports({ db, clock }),
      exports: createBackOfficeExports({ db, clock }),
      actions: createBackOfficeActions({ db, core: payments, clock, logger, placesFreed: waitlists.afterPlacesFreed }),
      content: createContentEditing({ db, store: mediaStore, logger, clock, contentDir: config.contentDir }),
    },
  };
}
