import { randomBytes } from 'node:crypto';
import { hmac, sameSecret } from './staff/secrets';

/**
 * A browser's proof that it signed in to an email before (ADR 043): a nonce and its HMAC under a
 * key of the server's secret, kept in an HttpOnly cookie. No row is stored; `purpose` keeps the
 * supporters' and the staff's proofs apart.
 */
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
