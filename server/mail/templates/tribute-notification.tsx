/** @jsxRuntime automatic @jsxImportSource react */
import { TRIBUTE_WORDS, type TributeKind } from '../../../common/donations';
import { formatCents } from '../../../common/money';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';

export interface TributeNotificationEmailInput {
  to: string;
  site: MailSiteFacts;
  /** Whom the donor asked us to tell. */
  recipientName: string;
  /** The donor's name, or "An anonymous donor". */
  from: string;
  kind: TributeKind;
  tributeName: string;
  /** Only when the donor allowed it (ADR 027); otherwise the amount is never written. */
  amountCents: number | null;
}

/** Tells the person a donor named that a gift was made in someone's memory or honor. */
export function tributeNotificationEmail({ to, site, recipientName, from, kind, tributeName, amountCents }: TributeNotificationEmailInput): MailMessage {
  const dedication = `${TRIBUTE_WORDS[kind].toLowerCase()} ${tributeName}`;
  const subject = `A gift to ${site.name} ${dedication}`;
  const lines = [
    `Dear ${recipientName},`,
    `${from} has made ${amountCents === null ? 'a gift' : `a gift of ${formatCents(amountCents)}`} to ${site.name} ${dedication}, and asked us to let you know.`,
    `The gift helps Ohio Valley families through illness and tragedy. Nothing is needed from you; we only wanted you to know that ${tributeName} is ${kind === 'memory' ? 'remembered' : 'honored'}.`,
  ];
  const text = [...lines, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>A gift {dedication}</Heading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
    </MailLayout>,
  );
  return { to, subject, text, html };
}
