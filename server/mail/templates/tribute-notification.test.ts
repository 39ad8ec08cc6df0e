import { describe, expect, it } from 'vitest';
import { donationReceiptEmail } from './donation-receipt';
import { SAMPLE_SITE } from './sample-site.test-fixture';
import { tributeNotificationEmail } from './tribute-notification';

const site = SAMPLE_SITE;

describe('tributeNotificationEmail', () => {
  const base = { to: 'bo@example.org', site, recipientName: 'Bo', from: 'Cy & Di', kind: 'memory' as const, tributeName: 'Ada "Nana" O’Neil' };

  it('names the giver and the person remembered, never an amount unless given one', () => {
    const mail = tributeNotificationEmail({ ...base, amountCents: null });
    expect(mail.subject).toBe('A gift to Sample Foundation in memory of Ada "Nana" O’Neil');
    expect(mail.text).toContain('Cy & Di has made a gift to Sample Foundation in memory of Ada "Nana" O’Neil, and asked us to let you know.');
    expect(mail.text).toContain('is remembered.');
    expect(mail.text + mail.html!).not.toMatch(/\$\d/);
    expect(mail.html).toContain('Cy &amp; Di');
    expect(mail.text).toContain('EIN 12-3456789');
  });

  it('says how much when the donor allowed it, and "honored" for a gift in honor', () => {
    const mail = tributeNotificationEmail({ ...base, kind: 'honor', amountCents: 2575 });
    expect(mail.subject).toContain('in honor of');
    expect(mail.text).toContain('has made a gift of $25.75 to');
    expect(mail.text).toContain('is honored.');
  });
});

describe('donationReceiptEmail with giving options', () => {
  it('shows the fee part, the tribute and whom we tell, and says an anonymous gift stays off public lists', () => {
    const mail = donationReceiptEmail({
      to: 'cy@example.org',
      site,
      donation: { id: 7, amountCents: 2060, message: '', paidAt: new Date('2026-11-25T12:00:00Z'), feeCents: 60, tribute: { words: 'In honor of', name: 'Coach', notified: 'Bo' }, anonymous: true },
    });
    expect(mail.text).toContain('Amount: $20.60');
    expect(mail.text).toContain('Of which, to cover card fees: $0.60');
    expect(mail.text).toContain('In honor of: Coach');
    expect(mail.text).toContain('We are letting Bo know of your gift in honor of Coach, from an anonymous donor.');
    expect(mail.text).toContain('You gave anonymously');
  });

  it('reads as before for a plain gift', () => {
    const mail = donationReceiptEmail({ to: 'cy@example.org', site, donation: { id: 7, amountCents: 2000, message: '', paidAt: new Date('2026-11-25T12:00:00Z') } });
    expect(mail.text).not.toContain('card fees');
    expect(mail.text).not.toContain('anonymous');
  });
});
