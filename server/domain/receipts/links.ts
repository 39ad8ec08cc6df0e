import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * ADR 025: an HMAC of what the link names, so it cannot be changed to another payment or year.
 * No expiry (receipts are kept for years); rotating JWT_SECRET revokes them all.
 */
export function receiptLinks(secret: string) {
  const key = createHmac('sha256', secret).update('receipt-links-v1').digest();
  const sign = (subject: string) => createHmac('sha256', key).update(subject).digest('base64url').slice(0, 32);
  const matches = (subject: string, signature: string) => {
    const expected = Buffer.from(sign(subject));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    receiptPath: (paymentId: number) => `/receipts/${paymentId}/${sign(`receipt:${paymentId}`)}`,
    receiptPdfPath: (paymentId: number) => `/api/receipts/${paymentId}/${sign(`receipt:${paymentId}`)}/pdf`,
    statementPdfPath: (userId: number, year: number) => `/api/statements/${userId}/${year}/${sign(`statement:${userId}:${year}`)}/pdf`,
    isReceipt: (paymentId: number, signature: string) => matches(`receipt:${paymentId}`, signature),
    isStatement: (userId: number, year: number, signature: string) => matches(`statement:${userId}:${year}`, signature),
  };
}

export type ReceiptLinks = ReturnType<typeof receiptLinks>;
