import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mailer';
import { NO_GOODS_OR_SERVICES } from '../../../common/tax-receipts';
import { donationReceiptEmail } from './donation-receipt';
import { passwordResetEmail } from './password-reset';
import { refundNoticeEmail } from './refund-notice';
import { SAMPLE_SITE } from './sample-site.test-fixture';
import type { MailSiteFacts } from './site';
import { steakfry as steakfryRules } from '../../../common/signups/steakfry';
import { CALENDAR_CONTENT_TYPE, signupConfirmationEmail, type SignupConfirmationEmailInput } from './signup-confirmation';

const site = SAMPLE_SITE;

const EVIL = '<script>alert("x")</script>';
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';

/** How React writes text and attribute values: the five characters that matter become entities. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escaped = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** What a reader sees of the HTML, roughly: tags become spaces. */
const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** RFC 5545 shape: CRLF lines, continuation lines folded with a space, every line NAME[;params]:value. */
function expectWellFormedCalendar(body: string) {
  expect(body.endsWith('\r\n')).toBe(true);
  const lines = body.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
  for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z-]*(;[^:]+)?:./);
  expect(lines.filter((l) => l.startsWith('BEGIN:'))).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT']);
  expect(lines.filter((l) => l.startsWith('END:'))).toEqual(['END:VEVENT', 'END:VCALENDAR']);
}

function expectFooter(text: string, html: string) {
  for (const fact of ['Sample Foundation', '501(c)(3) nonprofit organization', 'EIN 12-3456789', '1 Main Street, Springfield, NY 10001', 'info@example.org', '(555) 555-0100']) {
    expect(text).toContain(fact);
    expect(html).toContain(escaped(fact));
  }
}

describe('mail HTML', () => {
  it('is a whole document with the subject as its title', () => {
    const mail = passwordResetEmail({ to: 'ann@example.org', first: 'Ann', resetUrl: 'http://localhost:3000/reset/x', expiresInMinutes: 60, site });
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en"><head><meta charSet="utf-8"\/>/);
    expect(mail.html).toContain('<title>Reset your password</title>');
    expect(mail.html).toContain('<div role="article" aria-label="Reset your password"');
    expect(mail.html).toMatch(/<\/html>\n$/);
  });

  it('escapes a hostile name and address in every template', () => {
    const HOSTILE = `<script>alert(1)</script>"&'`;
    const hostileSite: MailSiteFacts = {
      ...site,
      name: `Sample ${HOSTILE} Foundation`,
      address: { ...site.address, street: `1 Main ${HOSTILE} Street` },
    };
    const event: SignupConfirmationEmailInput['event'] = {
      eventNumber: 7,
      eventType: 'Gaming Event',
      name: `Night ${HOSTILE}`,
      location: `Hall ${HOSTILE}`,
      eventDate: '2026-11-22',
      startTime: '18:30',
      description: HOSTILE,
    };
    const mails: Record<string, MailMessage> = {
      passwordReset: passwordResetEmail({ to: 'ann@example.org', first: `Ann ${HOSTILE}`, resetUrl: 'http://localhost:3000/reset/x', expiresInMinutes: 60, site: hostileSite }),
      donationReceipt: donationReceiptEmail({
        to: 'donor@example.org',
        site: hostileSite,
        donation: { id: 1, amountCents: 2000, message: `For ${HOSTILE}\nwith love`, paidAt: new Date('2026-11-01T12:00:00Z') },
      }),
      refundNotice: refundNoticeEmail({ to: 'ann@example.org', site: hostileSite, what: `your sign-up for ${HOSTILE}`, amountCents: 2000, reason: 'event_full' }),
      signupConfirmation: signupConfirmationEmail({
        to: 'ann@example.org',
        site: hostileSite,
        event,
        signup: {
          id: 3,
          amountCents: 40000,
          paidAt: new Date('2026-11-01T12:00:00Z'),
          teamName: `Team ${HOSTILE}`,
          people: { heading: `Players ${HOSTILE}`, lines: [`Ann ${HOSTILE}`] },
        },
      }),
    };
    const safe = escaped(HOSTILE);
    expect(safe).toBe('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&#x27;');
    for (const [template, mail] of Object.entries(mails)) {
      const html = mail.html!;
      expect({ template, name: html.includes(`Sample ${safe} Foundation`), address: html.includes(`1 Main ${safe} Street`) }).toEqual({ template, name: true, address: true });
      expect({ template, raw: html.includes('<script') || html.includes(HOSTILE) || html.includes(`"&'`) }).toEqual({ template, raw: false });
      // The plain-text part is not HTML: it keeps the value as typed.
      expect(mail.text).toContain(`1 Main ${HOSTILE} Street`);
    }
    expect(mails.passwordReset!.html).toContain(`Hello Ann ${safe},`);
    expect(mails.donationReceipt!.html).toContain(`For ${safe}<br/>with love`);
    expect(mails.refundNotice!.html).toContain(`your sign-up for ${safe}`);
    for (const value of [`Night ${safe}`, `Hall ${safe}`, `Team ${safe}`, `Players ${safe}`, `Ann ${safe}`]) expect(mails.signupConfirmation!.html).toContain(value);
  });
});

describe('passwordResetEmail', () => {
  const mail = passwordResetEmail({
    to: 'ann@example.org',
    first: EVIL,
    resetUrl: 'http://localhost:3000/reset/abc_DEF-123',
    expiresInMinutes: 60,
    site,
  });

  it('says who asked, gives the one-time link and when it expires', () => {
    expect(mail.to).toBe('ann@example.org');
    expect(mail.subject).toBe('Reset your password');
    for (const part of [mail.text, mail.html!]) {
      expect(part).toMatch(/asked to reset the password of your Sample Foundation account/);
      expect(part).toContain('http://localhost:3000/reset/abc_DEF-123');
      expect(part).toMatch(/works once and expires in 60 minutes/);
      expect(part).toMatch(/If you did not ask for this, ignore this email/);
    }
    expect(mail.html).toContain('href="http://localhost:3000/reset/abc_DEF-123"');
    expectFooter(mail.text, mail.html!);
  });

  it('escapes the name in HTML', () => {
    expect(mail.text).toContain(`Hello ${EVIL},`);
    expect(mail.html).toContain(`Hello ${ESCAPED},`);
    expect(mail.html).not.toContain('<script>');
  });
});

describe('donationReceiptEmail', () => {
  const donation = { id: 42, amountCents: 100050, message: `In memory of Ray ${EVIL}`, paidAt: new Date('2026-11-23T03:15:00Z') };
  const mail = donationReceiptEmail({ to: 'donor@example.org', site, donation });

  it('holds everything a written acknowledgement needs', () => {
    expect(mail.subject).toBe('Receipt for your donation to Sample Foundation');
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('Sample Foundation');
      expect(part).toContain('12-3456789');
      // Paid in the evening of the 22nd, New York time.
      expect(part).toContain('November 22, 2026');
      expect(part).toContain('$1,000.50');
      // The number the receipt page and PDF print (common/receipts.ts), not the bare id.
      expect(visible(part)).toMatch(/Receipt number:? D-42\b/);
      expect(part).toContain(NO_GOODS_OR_SERVICES);
      expect(part).toMatch(/501\(c\)\(3\).*tax-deductible to the extent allowed by law/);
      expect(part).toMatch(/keep this email as your written acknowledgement/);
    }
    expect(NO_GOODS_OR_SERVICES).toBe('No goods or services were provided in exchange for this contribution.');
    expectFooter(mail.text, mail.html!);
  });

  it('quotes the donor’s message, escaped in HTML', () => {
    expect(mail.text).toContain(`In memory of Ray ${EVIL}`);
    expect(mail.html).toContain(`In memory of Ray ${ESCAPED}`);
    expect(mail.html).not.toContain('<script>');
  });

  it('leaves the message out when there is none', () => {
    const plain = donationReceiptEmail({ to: 'donor@example.org', site, donation: { ...donation, message: '  ', amountCents: 2000 } });
    expect(plain.text).not.toContain('Your message');
    expect(plain.html).not.toContain('Your message');
    expect(plain.text).toContain('$20.00');
  });
});

describe('signupConfirmationEmail', () => {
  const event: SignupConfirmationEmailInput['event'] = {
    eventNumber: 7,
    eventType: 'Benefit Event',
    name: 'Annual Steak Fry',
    location: 'Fire Hall, 9 Oak Road, Springfield',
    eventDate: '2026-11-22',
    startTime: '13:00',
    description: 'Steaks, sides and dessert.',
  };
  const steakfry = signupConfirmationEmail({
    to: 'ann@example.org',
    site,
    event,
    signup: {
      id: 314,
      amountCents: 7500,
      paidAt: new Date('2026-11-01T12:00:00Z'),
      people: {
        heading: 'Your party',
        lines: steakfryRules.confirmationLines({
          attendees: [
            { name: `Ann ${EVIL}`, child: false, allergies: 'peanuts & shellfish' },
            { name: 'Tim', child: true, allergies: null },
          ],
        }),
      },
    },
  });

  it('lists the event, the party, the amount and the confirmation number', () => {
    expect(steakfry.subject).toBe("You're signed up: Benefit Event on November 22, 2026");
    for (const part of [steakfry.text, steakfry.html!]) {
      expect(part).toContain('Annual Steak Fry');
      expect(part).toContain('Sunday, November 22, 2026 at 1:00 PM');
      expect(part).toContain('Fire Hall, 9 Oak Road, Springfield');
      expect(part).toContain('$75.00');
      expect(visible(part)).toMatch(/Confirmation number:? S-314\b/);
      expect(part).toContain('Tim (child)');
      expect(part).toContain('http://localhost:3000/events/7');
    }
    expect(steakfry.text).toContain('allergies: peanuts & shellfish');
    expect(steakfry.html).toContain('allergies: peanuts &amp; shellfish');
    expectFooter(steakfry.text, steakfry.html!);
  });

  it('escapes attendee names and team names in HTML', () => {
    expect(steakfry.html).toContain(`Ann ${ESCAPED}`);
    expect(steakfry.html).not.toContain('<script>');
    const gaming = signupConfirmationEmail({
      to: 'gamer@example.org',
      site,
      event: { ...event, eventType: 'Gaming Event', name: 'Gaming Night' },
      signup: { id: 5, amountCents: 40000, paidAt: new Date(), teamName: EVIL, people: { heading: 'Players', lines: ['P1', `P2 ${EVIL}`] } },
    });
    expect(gaming.text).toContain(`Team name: ${EVIL}`);
    expect(gaming.html).toContain(ESCAPED);
    expect(gaming.html).toContain(`P2 ${ESCAPED}`);
    expect(gaming.html).not.toContain('<script>');
    expect(gaming.text).toMatch(/Players:\n- P1\n- P2/);
    expect(gaming.text).toContain('$400.00');
  });

  it('attaches a calendar file for a timed event in New York time', () => {
    expect(steakfry.attachments).toHaveLength(1);
    const [ics] = steakfry.attachments!;
    expect(ics!.filename).toBe('event-7.ics');
    expect(ics!.contentType).toBe(CALENDAR_CONTENT_TYPE);
    const body = String(ics!.content);
    expectWellFormedCalendar(body);
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain('METHOD:PUBLISH');
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toContain('UID:signup-314@localhost');
    expect(body).toContain('SUMMARY:Benefit Event — Sample Foundation');
    // 1 PM in New York in November (EST, UTC-5), for four hours.
    expect(body).toContain('DTSTART:20261122T180000Z');
    expect(body).toContain('DURATION:PT4H');
    expect(body).toContain('LOCATION:Fire Hall\\, 9 Oak Road\\, Springfield');
    expect(body).toContain('URL:http://localhost:3000/events/7');
    expect(body).toContain('ORGANIZER;CN="Sample Foundation":MAILTO:info@example.org');
    expect(body).toContain('DESCRIPTION:Steaks\\, sides and dessert.');
    expect(body).toMatch(/END:VEVENT\r\nEND:VCALENDAR\r\n$/);
  });

  it('makes an all-day calendar entry when the event has no start time', () => {
    const golf = signupConfirmationEmail({
      to: 'golfer@example.org',
      site: { ...site, email: '' },
      event: { ...event, eventType: 'Golf Event', eventDate: '2026-12-31', startTime: null },
      signup: { id: 9, amountCents: 40000, paidAt: new Date(), people: { heading: 'Players', lines: ['A'] } },
    });
    expect(golf.subject).toBe("You're signed up: Golf Event on December 31, 2026");
    expect(golf.text).toContain('Date: Thursday, December 31, 2026\n');
    const body = String(golf.attachments![0]!.content);
    expectWellFormedCalendar(body);
    expect(body).toContain('DTSTART;VALUE=DATE:20261231');
    // The end of an all-day event is exclusive: the next day, here across a year end.
    expect(body).toContain('DTEND;VALUE=DATE:20270101');
    expect(body).not.toContain('DURATION');
    // Without a contact address there is no valid ORGANIZER to give.
    expect(body).not.toContain('ORGANIZER');
    expect(body).toContain('UID:signup-9@localhost');
  });
});
