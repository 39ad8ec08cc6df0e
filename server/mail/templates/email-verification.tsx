/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface EmailVerificationInput {
  to: string;
  first: string;
  verifyUrl: string;
  expiresInHours: number;
  site: MailSiteFacts;
}

/** Sent at registration, after an email change and on request: one link that confirms the address. */
export function emailVerificationEmail({ to, first, verifyUrl, expiresInHours, site }: EmailVerificationInput): MailMessage {
  const subject = 'Confirm your email address';
  const greeting = first.trim() ? `Hello ${first.trim()},` : 'Hello,';
  const why = `Please confirm that ${to} is the address of your ${site.name} account. Once it is confirmed, gifts you made with this address while signed out appear on your dashboard too.`;
  const once = `The link works once and expires in ${expiresInHours} hours.`;
  const ignore = 'If you did not create an account or change its email, ignore this email.';

  const text = [greeting, why, `To confirm, open this link:\n${verifyUrl}`, once, ignore, siteFooterText(site)].join('\n\n');

  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{why}</Paragraph>
      <Button href={verifyUrl}>Confirm my email</Button>
      <Paragraph>
        If the button does not work, open this link: <MailLink href={verifyUrl}>{verifyUrl}</MailLink>
      </Paragraph>
      <Paragraph>{once}</Paragraph>
      <Paragraph>{ignore}</Paragraph>
    </MailLayout>,
  );

  return { to, subject, text, html };
}
