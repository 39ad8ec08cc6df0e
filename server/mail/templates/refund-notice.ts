import { formatCents } from '../../../common/money';
import type { RefundReason } from '../../../common/payments';
import type { MailMessage } from '../mailer';
import { detailsHtml, detailsText, headingHtml, paragraphHtml } from './html';
import { htmlDocument } from './layout';
import { siteFooterText, type MailSiteFacts } from './site';

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
  requested_by_customer: 'You asked us to cancel it.',
  staff: 'The foundation has refunded it.',
  outside_site: 'The foundation has refunded it.',
};

/** Tells a payer their money is on its way back and why; sent in the same transaction that decided it. */
export function refundNoticeEmail({ to, site, what, amountCents, reason }: RefundNoticeEmailInput): MailMessage {
  const amount = formatCents(amountCents);
  const subject = `Your payment of ${amount} to ${site.name} has been refunded`;
  const lines = [
    `We have refunded ${amount} for ${what}.`,
    WHY[reason],
    'The money goes back to the card you paid with; banks usually show it within 5 to 10 business days. Nothing else is needed from you.',
  ];
  const rows: Array<[string, string]> = [
    ['Refunded', amount],
    ['For', what],
  ];
  const text = [...lines, detailsText(rows), 'We are sorry for the trouble. If you have any questions, just reply or call us.', siteFooterText(site)].join('\n\n');
  const html = htmlDocument({
    title: subject,
    site,
    body: [headingHtml('Your payment has been refunded'), ...lines.map(paragraphHtml), detailsHtml(rows), paragraphHtml('We are sorry for the trouble. If you have any questions, just reply or call us.')].join('\n'),
  });
  return { to, subject, text, html };
}
