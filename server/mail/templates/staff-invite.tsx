/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { ROLE_WORDS } from '../../../common/staff';
import type { StaffRole } from '../../../common/back-office';

export interface StaffInviteEmailInput {
  to: string;
  name: string;
  role: StaffRole;
  invitedBy: string;
  setUpUrl: string;
  expiresInHours: number;
  site: MailSiteFacts;
}

const WHAT_YOU_CAN_DO = {
  admin: 'As an admin you can see and export every list, refund payments, check people in and invite other staff.',
  volunteer: 'As a volunteer you can see and export the donation and registration lists and check people in at events.',
  reviewer: 'As a scholarship reviewer you see only the scholarship part: the applications given to you, without names, to score.',
};

/** An invitation to the back office; the link sets the password and works once. */
export function staffInviteEmail({ to, name, role, invitedBy, setUpUrl, expiresInHours, site }: StaffInviteEmailInput): MailMessage {
  const subject = `You are invited to the ${site.name} back office`;
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const invited = `${invitedBy} has invited you to help run ${site.name}'s website as ${ROLE_WORDS[role]}.`;
  const once = `The link works once and expires in ${expiresInHours} hours. You will choose your own password and set up an authenticator app on your phone.`;
  const ignore = 'If you did not expect this, ignore this email; nothing happens until the link is used.';
  const text = [greeting, invited, WHAT_YOU_CAN_DO[role], `To set up your account, open this link:\n${setUpUrl}`, once, ignore, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{invited}</Paragraph>
      <Paragraph>{WHAT_YOU_CAN_DO[role]}</Paragraph>
      <Button href={setUpUrl}>Set up my account</Button>
      <Paragraph>
        If the button does not work, open this link: <MailLink href={setUpUrl}>{setUpUrl}</MailLink>
      </Paragraph>
      <Paragraph>{once}</Paragraph>
      <Paragraph>{ignore}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
