import { describe, expect, it } from 'vitest';
import { parseReceiptNumber, receiptNumber } from './receipts';

describe('receipt numbers', () => {
  it('are D- for a donation and S- for a sign-up, and read back as typed', () => {
    expect(receiptNumber({ donationId: 12 })).toBe('D-12');
    expect(receiptNumber({ signupId: 7 })).toBe('S-7');
    expect(parseReceiptNumber('D-12')).toEqual({ donationId: 12 });
    expect(parseReceiptNumber(' d12 ')).toEqual({ donationId: 12 });
    expect(parseReceiptNumber('s 7')).toEqual({ signupId: 7 });
    for (const text of ['12', 'D-', 'X-12', 'D-12a', 'D--12', 'D-1234567890']) expect(parseReceiptNumber(text)).toBeNull();
  });
});
