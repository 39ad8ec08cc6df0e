/** @jsxRuntime automatic @jsxImportSource react */
import { formatCalendarDate, formatClockTime } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { receiptNumber } from '../../../common/receipts';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Details, Heading, List, MailLink, Paragraph } from './MailParts';
import { signupCalendar, type SignupConfirmationEmailInput } from './signup-confirmation';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

export interface SignupUpdateEmailInput {
  to: string;
  site: MailSiteFacts;
  change: 'changed' | 'cancelled';
  signup: {
    id: number;
    teamName: string | null;
    people: { heading: string; lines: string[] } | null;
    /** The calendar file's SEQUENCE after this change. */
    calendarSequence: number;
    /** Given back by this change (0 when nothing is). */
    refundCents: number;
    /** The event's refund policy, said when a cancellation gives nothing back. */
    policy: string;
    /** Charged for people added to the party by this change (ADR 024). */
    chargedCents?: number;
  };
  /** The receipt of the charge for added people. */
  receiptUrl?: string;
  event: SignupConfirmationEmailInput['event'];
}

const REFUND_TIMING = 'The money goes back to the card you paid with; banks usually show it within 5 to 10 business days.';

/** Tells the supporter their own change or cancellation went through, with the calendar file to update or remove the entry. */
export function signupUpdateEmail({ to, site, change, signup, event, receiptUrl }: SignupUpdateEmailInput): MailMessage {
  const cancelled = change === 'cancelled';
  const subject = cancelled
    ? `Your sign-up is cancelled: ${event.eventType} on ${formatCalendarDate(event.eventDate)}`
    : `Your sign-up is updated: ${event.eventType} on ${formatCalendarDate(event.eventDate)}`;
  const eventUrl = `${site.url}/events/${event.eventNumber}`;
  const when = formatCalendarDate(event.eventDate, { weekday: true }) + (event.startTime ? ` at ${formatClockTime(event.startTime)}` : '');
  const refund = signup.refundCents > 0 ? `We are refunding ${formatCents(signup.refundCents)}. ${REFUND_TIMING}` : null;
  const lines = cancelled
    ? [`Your sign-up for ${event.name} is cancelled, as you asked, and your places have gone back for others.`, refund ?? `${signup.policy} Nothing is refunded for this cancellation.`]
    : [
        `Your sign-up for ${event.name} is updated, as you asked. Here it is as it stands now.`,
        ...(signup.chargedCents ? [`We have charged ${formatCents(signup.chargedCents)} to your card for the people you added.`] : []),
        ...(refund ? [refund] : []),
      ];
  const rows: DetailRow[] = [
    ['Event', event.name],
    ['Date', when],
    ['Location', event.location],
    ...(signup.teamName ? ([['Team name', signup.teamName]] satisfies DetailRow[]) : []),
    ['Confirmation number', receiptNumber({ signupId: signup.id })],
  ];
  const people = !cancelled && signup.people?.lines.length ? signup.people : null;
  const calendarNote = cancelled
    ? 'The attached calendar file removes the event from your calendar.'
    : 'The attached calendar file updates the event in your calendar.';
  const heading = cancelled ? 'Your sign-up is cancelled' : 'Your sign-up is updated';

  const text = [
    ...lines,
    detailsText(rows),
    ...(people ? [`${people.heading}:\n${people.lines.map((line) => `- ${line}`).join('\n')}`] : []),
    `Event details: ${eventUrl}`,
    ...(receiptUrl ? [`Your receipt for your tax records: ${receiptUrl}`] : []),
    calendarNote,
    siteFooterText(site),
  ].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{heading}</Heading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Details rows={rows} />
      {people ? <List heading={people.heading} items={people.lines} /> : null}
      <Paragraph>
        Event details: <MailLink href={eventUrl}>{eventUrl}</MailLink>
      </Paragraph>
      {receiptUrl ? (
        <Paragraph>
          Your receipt for your tax records: <MailLink href={receiptUrl}>{receiptUrl}</MailLink>
        </Paragraph>
      ) : null}
      <Paragraph>{calendarNote}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html, attachments: [signupCalendar(site, { id: signup.id, sequence: signup.calendarSequence, cancelled }, event)] };
}
