import { describe, expect, it } from 'vitest';
import { donationReceiptEmail } from './donation-receipt';
import { SAMPLE_SITE } from './sample-site.test-fixture';
import { yearEndStatementEmail } from './year-end-statement';

const site = SAMPLE_SITE;

describe('receipt links in mail (ADR 025)', () => {
  it('the donation receipt carries the signed link to its receipt page, in both parts', () => {
    const url = 'http://localhost:3000/receipts/7/abcdefghijklmnopqrstuvwxyz012345';
    const mail = donationReceiptEmail({ to: 'donor@example.org', site, donation: { id: 3, amountCents: 5_000, message: '', paidAt: new Date('2026-11-22T15:00:00Z') }, receiptUrl: url });
    expect(mail.text).toContain(`Your receipt as a page and a PDF: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });

  it("January's statement mail gives the year's totals and the link, and escapes the name", () => {
    const url = 'http://localhost:3000/api/statements/4/2026/abcdefghijklmnopqrstuvwxyz012345/pdf';
    const mail = yearEndStatementEmail({
      to: 'ada@example.org',
      site,
      firstName: '<b>Ada</b>',
      year: 2026,
      payments: 3,
      totals: { netCents: 69_000, deductibleCents: 45_700 },
      statementUrl: url,
    });
    expect(mail.subject).toBe('Your 2026 giving statement from Sample Foundation');
    expect(mail.text).toContain('Dear <b>Ada</b>,');
    expect(mail.text).toContain('Payments: 3\nTotal given (after refunds): $690.00\nTax-deductible: $457.00\nEIN: 12-3456789');
    expect(mail.text).toContain(`Download your statement (PDF): ${url}`);
    expect(mail.attachments).toBeUndefined();
    expect(mail.html).toContain('Dear &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail.html).toContain(`href="${url}"`);
  });
});
