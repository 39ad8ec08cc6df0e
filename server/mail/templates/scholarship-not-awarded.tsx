/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface ScholarshipNotAwardedEmailInput {
  to: string;
  firstName: string;
  year: number;
  site: MailSiteFacts;
}

/** To everyone who applied and was not chosen: thanks, kindly. */
export function scholarshipNotAwardedEmail({ to, firstName, year, site }: ScholarshipNotAwardedEmailInput): MailMessage {
  const subject = `Thank you for applying for the ${site.name} ${year} scholarship`;
  const greeting = firstName.trim() ? `Dear ${firstName.trim()},` : 'Hello,';
  const lines = [
    `Thank you for applying for our ${year} scholarship. The committee read every application with care, and this year it has chosen other applicants.`,
    'We know how much work went into your essays and documents, and we wish you every success in college and beyond.',
    'The scholarship opens again every spring; you are welcome to apply again if you are still eligible.',
  ];
  const text = [greeting, ...lines, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    </MailLayout>,
  );
  return { to, subject, text, html };
}
