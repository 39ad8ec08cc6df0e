/** @jsxRuntime automatic @jsxImportSource react */
import { formatCents } from '../../../common/money';
import type { RefundReason } from '../../../common/payments';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Details, Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

export interface RefundNoticeEmailInput {
  to: string;
  site: MailSiteFacts;
  /** What was paid for, as a phrase: "your Golf Event sign-up for Spring Outing". */
  what: string;
  amountCents: number;
  reason: RefundReason;
}

const WHY: Record<RefundReason, string> = {
  event_full: 'The event filled up before your payment reached us, so we could not keep your place.',
  event_closed: 'Sign-up for the event had closed before your payment reached us.',
  party_cancelled: 'The party you were adding people to had been cancelled before your payment reached us.',
  requested_by_customer: 'You asked us to cancel it.',
  staff: 'The foundation has refunded it.',
  outside_site: 'The foundation has refunded it.',
};

const SORRY = 'We are sorry for the trouble. If you have any questions, just reply or call us.';

/** Tells a payer their money is on its way back and why; sent in the same transaction that decided it. */
export function refundNoticeEmail({ to, site, what, amountCents, reason }: RefundNoticeEmailInput): MailMessage {
  const amount = formatCents(amountCents);
  const subject = `Your payment of ${amount} to ${site.name} has been refunded`;
  const lines = [
    `We have refunded ${amount} for ${what}.`,
    WHY[reason],
    'The money goes back to the card you paid with; banks usually show it within 5 to 10 business days. Nothing else is needed from you.',
  ];
  const rows: DetailRow[] = [
    ['Refunded', amount],
    ['For', what],
  ];
  const text = [...lines, detailsText(rows), SORRY, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Your payment has been refunded</Heading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Details rows={rows} />
      <Paragraph>{SORRY}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
