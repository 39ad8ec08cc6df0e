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
}

export function sponsorshipReceiptEmail({ to, site, sponsorship, event, receiptUrl }: SponsorshipReceiptEmailInput): MailMessage {
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
  const text = [thanks, detailsText(rows), ...wording, review, `Your receipt for your tax records: ${receiptUrl}`, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Thank you for sponsoring</Heading>
      <Paragraph>{thanks}</Paragraph>
      <Details rows={rows} />
      {wording.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>{review}</Paragraph>
      <Paragraph>
        Your receipt for your tax records: <MailLink href={receiptUrl}>{receiptUrl}</MailLink>
      </Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
