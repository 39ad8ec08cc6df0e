import type { GatewayIntent, PaymentGateway } from '../payments/gateway';
import { ValidationError } from './errors';

/** The intent behind a client secret, or a field error when the gateway does not know it. */
export async function verifiedIntent(gateway: PaymentGateway, clientSecret: string): Promise<GatewayIntent> {
  if (!/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_]+$/.test(clientSecret)) {
    throw new ValidationError({ token: 'The payment is missing. Please start again.' });
  }
  try {
    const intent = await gateway.retrieveIntent(clientSecret);
    // Only the holder of the secret may save the payment, not someone who guessed an intent id.
    if (intent.clientSecret !== clientSecret) throw new Error('client secret mismatch');
    return intent;
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (isMissingIntent(error)) throw new ValidationError({ token: 'This payment could not be found. Please start again.' });
    throw error;
  }
}

function isMissingIntent(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number; message?: string };
  return e?.code === 'resource_missing' || e?.statusCode === 404 || /not found|no such|mismatch/i.test(e?.message ?? '');
}
