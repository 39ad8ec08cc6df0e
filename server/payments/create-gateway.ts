import type { PaymentsConfig } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { PaymentGateway } from './gateway';
import { createSimulatedGateway } from './simulated';
import { createStripeGateway } from './stripe';

/** Without Stripe keys the site runs with the simulated gateway, no network needed. */
export function createGateway(config: PaymentsConfig, deps: { db: Db; logger: Logger }): PaymentGateway {
  return config.kind === 'stripe' ? createStripeGateway(config) : createSimulatedGateway(deps);
}
