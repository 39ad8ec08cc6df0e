/** @jsxRuntime automatic @jsxImportSource react */
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface MonthlyGiftDeclinedEmailInput {
  to: string;
  site: MailSiteFacts;
  amountCents: number;
  /** The card's own words ("Your card was declined."). */
  reason: string;
  /** When we try this month again; null when this was the last try and the month is skipped. */
  retryOn: string | null;
  nextChargeOn: string;
  manageLink: string;
}

/** Tells a monthly donor this month's charge was declined, and what happens next (ADR 027). */
export function monthlyGiftDeclinedEmail({ to, site, amountCents, reason, retryOn, nextChargeOn, manageLink }: MonthlyGiftDeclinedEmailInput): MailMessage {
  const subject = `Your monthly gift to ${site.name} could not be charged`;
  const lines = [
    `We tried to charge your card ${formatCents(amountCents)} for your monthly gift to ${site.name}, and the card was declined: ${reason}`,
    retryOn
      ? `Nothing else is needed if the card is fine again: we will try once more on ${formatCalendarDate(retryOn)}.`
      : `We will not try again this month. Your monthly gift stays on, and the next one is due on ${formatCalendarDate(nextChargeOn)}.`,
    'To change the amount or stop your monthly gift, use this link (no sign-in needed):',
  ];
  const text = [...lines, manageLink, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Your monthly gift could not be charged</Heading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Paragraph>
        <MailLink href={manageLink}>Change or stop your monthly gift</MailLink>
      </Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
