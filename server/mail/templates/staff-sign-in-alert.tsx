/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface StaffSignInAlertInput {
  to: string;
  name: string;
  /** passwords: wrong passwords were tried for the account; codes: its second step is now locked. */
  kind: 'passwords' | 'codes';
  /** How many wrong tries were counted, and over how many minutes. */
  attempts: number;
  minutes: number;
  site: MailSiteFacts;
}

const WHAT = {
  passwords: {
    subject: (site: string) => `Someone is trying to sign in to your ${site} staff account`,
    happened: (n: number, m: number) => `${n} wrong passwords were typed for your staff account in the last ${m} minutes. Each address that keeps trying is held back; you can still sign in as usual.`,
    todo: 'If this was you, there is nothing to do. If not, someone may be guessing your password: choose a long one that you use nowhere else, and tell an admin so they can send you a new set-up link.',
  },
  codes: {
    subject: (site: string) => `Your ${site} staff sign-in is locked`,
    happened: (n: number, m: number) => `Your password was accepted, then ${n} wrong sign-in codes were typed for your staff account within ${m} minutes. To keep supporters' details safe, the code step is now locked and nobody can sign in as you.`,
    todo: 'If this was not you, someone knows your password. Ask an admin for a new set-up link: it sets a new password and lifts the lock. If it was you (a phone with the wrong time, an old code), an admin can also lift it by resetting your two-step sign-in.',
  },
};

/** Tells a staff member their account is being guessed at, or that its code step was locked. */
export function staffSignInAlertEmail({ to, name, kind, attempts, minutes, site }: StaffSignInAlertInput): MailMessage {
  const what = WHAT[kind];
  const subject = what.subject(site.name);
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const happened = what.happened(attempts, minutes);
  const text = [greeting, happened, what.todo, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{happened}</Paragraph>
      <Paragraph>{what.todo}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
