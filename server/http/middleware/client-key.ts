import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/** For per-address caps and card-testing streaks without keeping the address (IPv6 by its /56). */
export function clientKeyOf(secret: string): (req: Request) => string | null {
  const ofAddress = clientKeyOfAddress(secret);
  return (req) => ofAddress(req.ip ?? null);
}

/** The same key for an address a page action knows (ADR 052: sponsorships are ordered from a page). */
export function clientKeyOfAddress(secret: string): (address: string | null) => string | null {
  return (address) => (address ? createHmac('sha256', secret).update(ipKeyGenerator(address)).digest('base64url').slice(0, 32) : null);
}
