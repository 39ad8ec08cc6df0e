/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface PasswordResetEmailInput {
  to: string;
  first: string;
  resetUrl: string;
  expiresInMinutes: number;
  site: MailSiteFacts;
}

export function passwordResetEmail({ to, first, resetUrl, expiresInMinutes, site }: PasswordResetEmailInput): MailMessage {
  const subject = 'Reset your password';
  const greeting = first.trim() ? `Hello ${first.trim()},` : 'Hello,';
  const asked = `Someone asked to reset the password of your ${site.name} account (${to}).`;
  const once = `The link works once and expires in ${expiresInMinutes} minutes.`;
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';

  const text = [
    greeting,
    asked,
    `To choose a new password, open this link:\n${resetUrl}`,
    once,
    ignore,
    siteFooterText(site),
  ].join('\n\n');

  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{asked}</Paragraph>
      <Button href={resetUrl}>Choose a new password</Button>
      <Paragraph>
        If the button does not work, open this link: <MailLink href={resetUrl}>{resetUrl}</MailLink>
      </Paragraph>
      <Paragraph>{once}</Paragraph>
      <Paragraph>{ignore}</Paragraph>
    </MailLayout>,
  );

  return { to, subject, text, html };
}
