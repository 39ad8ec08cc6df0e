/** @jsxRuntime automatic @jsxImportSource react */
import { formatRoundMoment } from '../../../common/scholarship-rounds';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface WaitlistOfferEmailInput {
  to: string;
  site: MailSiteFacts;
  event: { eventNumber: number; name: string; eventType: string };
  /** "1 team", "4 people". */
  request: string;
  expiresAt: string;
}

/** ADR 053: a place freed up; it is held for them until the offer's end. */
export function waitlistOfferEmail({ to, site, event, request, expiresAt }: WaitlistOfferEmailInput): MailMessage {
  const subject = `A place is yours: ${event.name}`;
  // Through the login page: signed in, it sends them straight on; signed out, they log in and land on the open sign-up.
  const link = `${site.url}/login?from=/events/${event.eventNumber}?offer=1`;
  const until = formatRoundMoment(expiresAt);
  const lines = [
    `Good news: a place has opened up at the ${event.name}, and you were next on its waiting list.`,
    `We are holding ${request} for you until ${until}. Sign up and pay before then to keep it; after that the place goes to the next person in line.`,
  ];
  const text = [...lines, `Sign up now: ${link}`, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>{subject}</Heading>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Button href={link}>Sign up now</Button>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
