/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface EmailChangedInput {
  /** The old address: it is told, so a stolen session cannot quietly take the account. */
  to: string;
  first: string;
  newEmail: string;
  site: MailSiteFacts;
}

export function emailChangedEmail({ to, first, newEmail, site }: EmailChangedInput): MailMessage {
  const subject = 'The email of your account was changed';
  const greeting = first.trim() ? `Hello ${first.trim()},` : 'Hello,';
  const what = `The email of your ${site.name} account was changed from ${to} to ${newEmail}. Receipts and messages now go to the new address.`;
  const notYou = `If you did not make this change, reply to this email or write to ${site.email || 'us'} right away.`;

  const text = [greeting, what, notYou, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{what}</Paragraph>
      <Paragraph>{notYou}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
