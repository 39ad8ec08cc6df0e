/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

/*
 * Registration and "forgot password" answer the same whether or not an email has an account
 * (ADR 043); these mails tell the owner of the address what actually happened.
 */

function notice(to: string, subject: string, lines: string[], button: { href: string; label: string }, site: MailSiteFacts): MailMessage {
  const text = [...lines, `${button.label}: ${button.href}`, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Button href={button.href}>{button.label}</Button>
      <Paragraph>
        If the button does not work, open this link: <MailLink href={button.href}>{button.href}</MailLink>
      </Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}

/** Someone registered with an address that already has an account. */
export function accountExistsEmail({ to, first, site }: { to: string; first: string; site: MailSiteFacts }): MailMessage {
  return notice(
    to,
    'You already have an account',
    [
      first.trim() ? `Hello ${first.trim()},` : 'Hello,',
      `Someone tried to create a ${site.name} account with this email (${to}), but you already have one, so nothing was changed.`,
      'If it was you, log in instead, or choose a new password if you have forgotten it. If it was not you, you can ignore this email.',
    ],
    { href: `${site.url}/forgot`, label: 'Choose a new password' },
    site,
  );
}

/** A password reset was asked for an address no account uses. */
export function noAccountEmail({ to, site }: { to: string; site: MailSiteFacts }): MailMessage {
  return notice(
    to,
    'No account uses this email',
    [
      'Hello,',
      `Someone asked to reset the password of a ${site.name} account with this email (${to}), but no account uses it.`,
      'If you have an account with another email, ask again with that one. If you meant to create an account, you can register now. If it was not you, you can ignore this email.',
    ],
    { href: `${site.url}/register`, label: 'Create an account' },
    site,
  );
}
