import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * A keyed hash of the visitor's address (IPv6 by its /56, as the rate limits count it), stored
 * with each payment for per-address caps and card-testing streaks without keeping the address.
 */
export function clientKeyOf(secret: string): (req: Request) => string | null {
  return (req) => (req.ip ? createHmac('sha256', secret).update(ipKeyGenerator(req.ip)).digest('base64url').slice(0, 32) : null);
}
