/** @jsxRuntime automatic @jsxImportSource react */
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { receiptNumber } from '../../../common/receipts';
import { receiptWording } from '../../../common/tax-receipts';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Details, Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

/** ADR 052: the sponsor's receipt says the value of the goods and services received, as a sign-up's does (ADR 025). */
export interface SponsorshipReceiptEmailInput {
  to: string;
  site: MailSiteFacts;
  sponsorship: { id: number; packageName: string; companyName: string; displayName: string; amountCents: number; goodsValueCents: number };
  event: { eventNumber: number; name: string; eventDate: string };
  receiptUrl: string;
  /** ADR 054: the places the package includes, and where to name them. */
  naming?: { what: string; dueOn: string; url: string };
}

export function sponsorshipReceiptEmail({ to, site, sponsorship, event, receiptUrl, naming }: SponsorshipReceiptEmailInput): MailMessage {
  const subject = `Thank you for sponsoring ${event.name}`;
  const rows: DetailRow[] = [
    ['Sponsor', sponsorship.companyName],
    ['Package', sponsorship.packageName],
    ['Event', `${event.name} (${formatCalendarDate(event.eventDate)})`],
    ['Amount paid', formatCents(sponsorship.amountCents)],
    ['Receipt number', receiptNumber({ sponsorshipId: sponsorship.id })],
  ];
  const wording = receiptWording(
    { kind: 'event', amountCents: sponsorship.amountCents, refundedCents: 0, fairValueCents: sponsorship.goodsValueCents },
    { organization: site.name, received: `the ${sponsorship.packageName} sponsorship of ${event.name}` },
  );
  const thanks = `Thank you! ${sponsorship.companyName} is a ${sponsorship.packageName} sponsor of ${event.name}.`;
  const review = `We will check your logo and the name “${sponsorship.displayName}” and show them on our site once approved.`;
  const names = naming ? `Your package includes ${naming.what}. Please tell us who is coming by ${formatCalendarDate(naming.dueOn, { weekday: true })}:` : null;
  const text = [thanks, detailsText(rows), ...wording, review, ...(names && naming ? [`${names} ${naming.url}`] : []), `Your receipt for your tax records: ${receiptUrl}`, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Thank you for sponsoring</Heading>
      <Paragraph>{thanks}</Paragraph>
      <Details rows={rows} />
      {wording.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>{review}</Paragraph>
      {names && naming ? (
        <Paragraph>
          {names} <MailLink href={naming.url}>{naming.url}</MailLink>
        </Paragraph>
      ) : null}
      <Paragraph>
        Your receipt for your tax records: <MailLink href={receiptUrl}>{receiptUrl}</MailLink>
      </Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
