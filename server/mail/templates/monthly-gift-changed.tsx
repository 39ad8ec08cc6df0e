/** @jsxRuntime automatic @jsxImportSource react */
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface MonthlyGiftChangedEmailInput {
  to: string;
  site: MailSiteFacts;
  change: 'changed' | 'stopped';
  /** What each month now charges (the gift and any card-fee part). */
  totalCents: number;
  nextChargeOn: string;
  manageLink: string;
}

/** Confirms a change to a monthly gift, so a change the donor did not make is noticed at once. */
export function monthlyGiftChangedEmail({ to, site, change, totalCents, nextChargeOn, manageLink }: MonthlyGiftChangedEmailInput): MailMessage {
  const stopped = change === 'stopped';
  const subject = stopped ? `Your monthly gift to ${site.name} is stopped` : `Your monthly gift to ${site.name} is changed`;
  const lines = stopped
    ? [`Your monthly gift to ${site.name} is stopped, as you asked. Nothing more will be charged. Thank you for every month you gave.`]
    : [
        `Your monthly gift to ${site.name} is now ${formatCents(totalCents)} a month, as you asked.`,
        `The next one is charged on ${formatCalendarDate(nextChargeOn)}.`,
        'To change it again or stop it, use this link (no sign-in needed):',
      ];
  const unexpected = 'If you did not make this change, please reply to this email or call us.';
  const text = [...lines, ...(stopped ? [] : [manageLink]), unexpected, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{stopped ? 'Your monthly gift is stopped' : 'Your monthly gift is changed'}</Heading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      {stopped ? null : (
        <Paragraph>
          <MailLink href={manageLink}>Change or stop your monthly gift</MailLink>
        </Paragraph>
      )}
      <Paragraph>{unexpected}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
