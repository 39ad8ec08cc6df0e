import type { MailMessage } from '../mailer';
import { buttonHtml, headingHtml, linkHtml, paragraphHtml } from './html';
import { htmlDocument } from './layout';
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

  const html = htmlDocument({
    title: subject,
    site,
    body: [
      headingHtml(subject),
      paragraphHtml(greeting),
      paragraphHtml(asked),
      buttonHtml(resetUrl, 'Choose a new password'),
      `<p style="margin:0 0 16px;">If the button does not work, open this link: ${linkHtml(resetUrl, resetUrl)}</p>`,
      paragraphHtml(once),
      paragraphHtml(ignore),
    ].join('\n'),
  });

  return { to, subject, text, html };
}
