/** @jsxRuntime automatic @jsxImportSource react */
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Heading, MailLink, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface ScholarshipSubmittedInput {
  to: string;
  firstName: string;
  year: number;
  recommenderName: string;
  applyUrl: string;
  site: MailSiteFacts;
}

/** Issue 34: the applicant's confirmation, sent once on submitting. */
export function scholarshipSubmittedEmail({ to, firstName, year, recommenderName, applyUrl, site }: ScholarshipSubmittedInput): MailMessage {
  const subject = `We received your ${year} scholarship application`;
  const greeting = firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,';
  const received = `Thank you for applying for the ${site.name} ${year} scholarship. Your application is submitted and can no longer be changed.`;
  const letter = `We have asked ${recommenderName} for a letter of recommendation; your dashboard shows when it arrives.`;
  const next = 'The committee reviews every application after the round closes. We will write to you once the winners are chosen.';
  const text = [greeting, received, letter, next, `Your application: ${applyUrl}`, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{received}</Paragraph>
      <Paragraph>{letter}</Paragraph>
      <Paragraph>{next}</Paragraph>
      <Button href={applyUrl}>See my application</Button>
    </MailLayout>,
  );
  return { to, subject, text, html };
}

export interface LetterRequestInput {
  to: string;
  recommenderName: string;
  applicantName: string;
  year: number;
  letterUrl: string;
  /** In the foundation's zone, e.g. "March 8, 2027". */
  expiresOn: string;
  site: MailSiteFacts;
}

/** Issue 34: the recommender's one-time link; no account needed. */
export function letterRequestEmail({ to, recommenderName, applicantName, year, letterUrl, expiresOn, site }: LetterRequestInput): MailMessage {
  const subject = `A letter of recommendation for ${applicantName}`;
  const greeting = recommenderName.trim() ? `Hello ${recommenderName.trim()},` : 'Hello,';
  const asked = `${applicantName} has applied for the ${site.name} ${year} scholarship and named you as their recommender.`;
  const how = 'Please upload your letter as a PDF, JPEG or PNG file through this link. You do not need an account.';
  const once = `The link works once, until ${expiresOn}. Only the scholarship committee reads your letter; ${applicantName} sees only that it arrived.`;
  const ignore = 'If you did not expect this, you can ignore this email.';
  const text = [greeting, asked, how, letterUrl, once, ignore, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{asked}</Paragraph>
      <Paragraph>{how}</Paragraph>
      <Button href={letterUrl}>Upload the letter</Button>
      <Paragraph>
        If the button does not work, open this link: <MailLink href={letterUrl}>{letterUrl}</MailLink>
      </Paragraph>
      <Paragraph>{once}</Paragraph>
      <Paragraph>{ignore}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
