/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { formatCents } from '../../../common/money';

export interface ScholarshipAwardEmailInput {
  to: string;
  firstName: string;
  year: number;
  award: { name: string; amountCents: number };
  site: MailSiteFacts;
}

/** To a winner: which award, how much, and what happens next. */
export function scholarshipAwardEmail({ to, firstName, year, award, site }: ScholarshipAwardEmailInput): MailMessage {
  const subject = `You have been awarded the ${site.name} ${year} scholarship`;
  const greeting = firstName.trim() ? `Dear ${firstName.trim()},` : 'Hello,';
  const news = `Congratulations! The scholarship committee has chosen you for the ${award.name} award of ${formatCents(award.amountCents)} in the ${year} round.`;
  const nextSteps = [
    'Next steps:',
    '1. Reply to this email to accept the award.',
    '2. Tell us the college you will attend and send proof of your enrollment; the award is paid to the college for your fees.',
    '3. If you agree, we would like to show your photo, school, field of study and a short quote among our Previous Winners. We will only do so with your consent.',
  ];
  const questions = `Questions? Write to ${site.email || 'us by replying to this email'}.`;
  const text = [greeting, news, nextSteps.join('\n'), questions, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{news}</Paragraph>
      {nextSteps.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>{questions}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
