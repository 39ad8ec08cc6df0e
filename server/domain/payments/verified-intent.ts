import { IntentNotFoundError, type GatewayIntent, type PaymentGateway } from '../../payments/gateway';
import { ValidationError } from '../errors';

const NOT_FOUND = 'This payment could not be found. Please start again.';

export async function verifiedIntent(gateway: PaymentGateway, clientSecret: string): Promise<GatewayIntent> {
  if (!/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_]+$/.test(clientSecret)) {
    throw new ValidationError({ token: 'The payment is missing. Please start again.' });
  }
  let intent: GatewayIntent;
  try {
    intent = await gateway.retrieveIntent(clientSecret);
  } catch (error) {
    if (error instanceof IntentNotFoundError) throw new ValidationError({ token: NOT_FOUND });
    throw error;
  }
  // Only the holder of the secret may save the payment, not someone who knows an intent id.
  if (intent.clientSecret !== clientSecret) throw new ValidationError({ token: NOT_FOUND });
  return intent;
}
