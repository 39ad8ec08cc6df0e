import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/** For per-address caps and card-testing streaks without keeping the address (IPv6 by its /56). */
export function clientKeyOf(secret: string): (req: Request) => string | null {
  return (req) => (req.ip ? createHmac('sha256', secret).update(ipKeyGenerator(req.ip)).digest('base64url').slice(0, 32) : null);
}
