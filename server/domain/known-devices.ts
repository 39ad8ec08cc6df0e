import { randomBytes } from 'node:crypto';
import { hmac, sameSecret } from './staff/secrets';

/** ADR 043: a nonce and its HMAC in an HttpOnly cookie; no row stored. `purpose` keeps supporters' and staff's proofs apart. */
export function knownDevices(secret: string, purpose: 'supporter' | 'staff') {
  const key = hmac(secret, `known-device:${purpose}`);
  const macOf = (email: string, nonce: string) => hmac(key, `${email.trim().toLowerCase()}:${nonce}`);
  return {
    issue(email: string): string {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${macOf(email, nonce)}`;
    },
    holds(value: string | null | undefined, email: string): boolean {
      if (!value || value.length > 100) return false;
      const [nonce, mac, extra] = value.split('.');
      return Boolean(nonce && mac && extra === undefined && sameSecret(mac, macOf(email, nonce)));
    },
  };
}
