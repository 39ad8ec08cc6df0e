import type { PaymentsConfig } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { PaymentGateway } from './gateway';
import { createSimulatedGateway } from './simulated';
import { createStripeGateway } from './stripe';

/** Stripe when its keys are configured, else the simulated gateway (the site runs with no keys and no network). */
export function createGateway(config: PaymentsConfig, deps: { db: Db; logger: Logger }): PaymentGateway {
  return config.kind === 'stripe' ? createStripeGateway(config) : createSimulatedGateway(deps);
}
