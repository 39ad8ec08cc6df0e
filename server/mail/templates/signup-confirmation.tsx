/** @jsxRuntime automatic @jsxImportSource react */
import { formatCalendarDate, formatClockTime } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { receiptNumber } from '../../../common/receipts';
import type { MailAttachment, MailMessage } from '../mailer';
import { calendarFile } from './calendar';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Details, Heading, List, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

export interface SignupConfirmationEmailInput {
  to: string;
  site: MailSiteFacts;
  signup: {
    id: number;
    amountCents: number;
    paidAt: Date;
    teamName?: string | null;
    /** Who is coming: "Players" or "Your party", one line each (from the sign-up kind). */
    people: { heading: string; lines: string[] } | null;
    /** Raised by each change the supporter makes, so a resent calendar file replaces the entry. */
    calendarSequence?: number;
  };
  event: {
    eventNumber: number;
    eventType: string;
    name: string;
    location: string;
    /** 'YYYY-MM-DD' */
    eventDate: string;
    /** 'HH:MM' 24 h, or null when the event has no start time */
    startTime: string | null;
    description: string;
  };
  /** The signed link to the payment's receipt page and PDF, with its tax-deductible part (ADR 025). */
  receiptUrl?: string;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';
const CALENDAR_CANCEL_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=CANCEL';

export function signupConfirmationEmail(input: SignupConfirmationEmailInput): MailMessage {
  const { to, site, signup, event } = input;
  const subject = `You're signed up: ${event.eventType} on ${formatCalendarDate(event.eventDate)}`;
  const eventUrl = `${site.url}/events/${event.eventNumber}`;
  const icsName = `event-${event.eventNumber}.ics`;
  const when = formatCalendarDate(event.eventDate, { weekday: true }) + (event.startTime ? ` at ${formatClockTime(event.startTime)}` : '');
  const teamName = signup.teamName?.trim();
  const rows: DetailRow[] = [
    ['Event', event.name],
    ['Date', when],
    ['Location', event.location],
    ...(teamName ? ([['Team name', teamName]] satisfies DetailRow[]) : []),
    ['Amount paid', formatCents(signup.amountCents)],
    ['Confirmation number', receiptNumber({ signupId: signup.id })],
  ];
  const people = signup.people?.lines.length ? signup.people : null;
  const thanks = `Thank you! You're signed up for ${event.name}.`;
  const calendarNote = `The attached calendar file (${icsName}) adds the event to your calendar.`;

  const text = [
    thanks,
    detailsText(rows),
    ...(people ? [`${people.heading}:\n${people.lines.map((line) => `- ${line}`).join('\n')}`] : []),
    `Event details: ${eventUrl}`,
    calendarNote,
    ...(input.receiptUrl ? [`Your receipt for your tax records: ${input.receiptUrl}`] : []),
    siteFooterText(site),
  ].join('\n\n');

  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>You're signed up: {event.eventType}</Heading>
      <Paragraph>{thanks}</Paragraph>
      <Details rows={rows} />
      {people ? <List heading={people.heading} items={people.lines} /> : null}
      <Paragraph>
        Event details: <MailLink href={eventUrl}>{eventUrl}</MailLink>
      </Paragraph>
      <Paragraph>{calendarNote}</Paragraph>
      {input.receiptUrl ? (
        <Paragraph>
          Your receipt for your tax records: <MailLink href={input.receiptUrl}>{input.receiptUrl}</MailLink>
        </Paragraph>
      ) : null}
    </MailLayout>,
  );

  return { to, subject, text, html, attachments: [signupCalendar(site, { id: signup.id, sequence: signup.calendarSequence ?? 0 }, event)] };
}

/** The sign-up's calendar file: one UID per sign-up, so an update or a cancellation replaces the entry. */
export function signupCalendar(
  site: MailSiteFacts,
  signup: { id: number; sequence: number; cancelled?: boolean },
  event: SignupConfirmationEmailInput['event'],
): MailAttachment {
  const content = calendarFile({
    uid: `signup-${signup.id}@${new URL(site.url).hostname}`,
    title: `${event.eventType} — ${site.name}`,
    description: event.description,
    location: event.location,
    url: `${site.url}/events/${event.eventNumber}`,
    organizer: { name: site.name, email: site.email },
    date: event.eventDate,
    startTime: event.startTime,
    sequence: signup.sequence,
    cancelled: signup.cancelled ?? false,
  });
  return { filename: `event-${event.eventNumber}.ics`, content, contentType: signup.cancelled ? CALENDAR_CANCEL_CONTENT_TYPE : CALENDAR_CONTENT_TYPE };
}
