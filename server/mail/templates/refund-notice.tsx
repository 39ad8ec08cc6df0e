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
  /** What was paid and what stays paid after this refund: a partial refund says both, in words that fit a gift or a sign-up. */
  paid?: { kind: 'gift' | 'signup'; amountCents: number; leftCents: number };
  /** Why, where the sign-ups' words do not fit (a sponsorship package is not a place). */
  why?: Partial<Record<RefundReason, string>>;
}

const WHY: Record<RefundReason, string> = {
  event_full: 'The event filled up before your payment reached us, so we could not keep your place.',
  event_closed: 'Sign-up for the event had closed before your payment reached us.',
  party_cancelled: 'The party you were adding people to had been cancelled before your payment reached us.',
  requested_by_customer: 'You asked us to cancel it.',
  staff: 'The foundation has refunded it.',
  outside_site: 'The foundation has refunded it.',
};

/** Part of the money goes back and the rest stays: nothing was cancelled. */
const WHY_PART: Record<RefundReason, string> = {
  ...WHY,
  requested_by_customer: 'You asked us for this refund.',
  staff: 'The foundation has made this refund.',
  outside_site: 'The foundation has made this refund.',
};

const SORRY = 'We are sorry for the trouble. If you have any questions, just reply or call us.';

function partialWords(amount: string, paid: NonNullable<RefundNoticeEmailInput['paid']>, what: string) {
  const total = formatCents(paid.amountCents);
  const left = formatCents(paid.leftCents);
  return paid.kind === 'gift'
    ? {
        heading: 'Part of your gift is refunded',
        summary: `${amount} of your ${total} gift is refunded; your gift now stands at ${left}.`,
        leftLabel: 'Your gift now',
      }
    : {
        heading: 'Part of your payment is refunded',
        summary: `${amount} of the ${total} you paid for ${what} is refunded; you have now paid ${left} for it.`,
        leftLabel: 'You have now paid',
      };
}

/** Tells a payer their money is on its way back and why; sent in the same transaction that decided it. */
export function refundNoticeEmail({ to, site, what, amountCents, reason, paid, why }: RefundNoticeEmailInput): MailMessage {
  const amount = formatCents(amountCents);
  const part = paid && paid.leftCents > 0 ? partialWords(amount, paid, what) : null;
  const subject = part ? `${amount} of your payment to ${site.name} is refunded` : `Your payment of ${amount} to ${site.name} has been refunded`;
  const lines = [
    part ? part.summary : `We have refunded ${amount} for ${what}.`,
    why?.[reason] ?? (part ? WHY_PART[reason] : WHY[reason]),
    'The money goes back to the card you paid with; banks usually show it within 5 to 10 business days. Nothing else is needed from you.',
  ];
  const rows: DetailRow[] = [['Refunded', amount], ...(part && paid ? ([[part.leftLabel, formatCents(paid.leftCents)]] satisfies DetailRow[]) : []), ['For', what]];
  const text = [...lines, detailsText(rows), SORRY, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{part ? part.heading : 'Your payment has been refunded'}</Heading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Details rows={rows} />
      <Paragraph>{SORRY}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
