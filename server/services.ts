import type { AppServices } from '../common/services';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { createAccounts, type Accounts } from './domain/accounts';
import { createContentService } from './domain/content';
import { createDonations, type Donations } from './domain/donations';
import { createEventsService } from './domain/events';
import { createPaymentEvents, donationRecords, type PaymentEvents } from './domain/payments';
import { createSignups, signupRecords, type Signups } from './domain/signups';
import { siteFactsFrom } from './domain/site-facts';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { createGateway, type PaymentGateway } from './payments/gateway';

/** Everything the HTTP layer uses; page loaders see only the AppServices part. */
export interface ServerServices extends AppServices {
  accounts: Accounts;
  donations: Donations;
  signups: Signups;
  gateway: PaymentGateway;
  paymentEvents: PaymentEvents;
}

export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  logger: Logger;
  /** The site's address for links in mail sent outside a request (known once the server listens). */
  origin: () => string;
}

/** The one place the domain services are built; HTTP routes and page loaders share them. */
export function createServices({ db, config, mailer, logger, origin }: ServiceDeps): ServerServices {
  const content = createContentService(db);
  const siteFacts = siteFactsFrom(content);
  const gateway = createGateway(config.payments, { db, logger });
  const donations = createDonations({ db, gateway, mailer, logger, siteFacts, origin });
  const signups = createSignups({ db, dialect: config.database.kind, gateway, mailer, logger, siteFacts, origin });
  const paymentEvents = createPaymentEvents({
    gateway,
    logger,
    kinds: [donationRecords(db, donations.intentSucceeded), signupRecords(db, signups)],
  });
  gateway.onPaymentSucceeded(paymentEvents.intentSucceeded);
  return {
    content,
    events: createEventsService(db),
    accounts: createAccounts({ db, jwtSecret: config.jwtSecret, mailer, logger, siteFacts }),
    donations,
    signups,
    gateway,
    paymentEvents,
  };
}
