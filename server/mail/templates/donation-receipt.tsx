/** @jsxRuntime automatic @jsxImportSource react */
import { formatDayOf } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { receiptNumber } from '../../../common/receipts';
import { NO_GOODS_OR_SERVICES } from '../../../common/tax-receipts';
import { campaignWording } from '../../../common/campaigns';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Details, Heading, MailLink, Paragraph, Quote } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

export interface DonationReceiptEmailInput {
  to: string;
  site: MailSiteFacts;
  donation: {
    id: number;
    amountCents: number;
    message: string;
    paidAt: Date;
    /** The part of the amount the donor added to cover card fees (ADR 027); 0 when none. */
    feeCents?: number;
    /** "In memory of" / "In honor of" a name, and who was told of it. */
    tribute?: { words: string; name: string; notified: string | null } | null;
    anonymous?: boolean;
    /** A monthly gift (ADR 027): the signed link where the donor changes or stops it, no sign-in needed. */
    monthly?: { manageLink: string } | null;
    /** A campaign gift (ADR 047): said after the IRS wording. */
    campaign?: { name: string; namesFamily: boolean } | null;
  };
  /** The signed link to the receipt page and its PDF (ADR 025). */
  receiptUrl?: string;
}


/** Doubles as the donor's written acknowledgement for taxes, so it names the gift, the date and the EIN. */
export function donationReceiptEmail({ to, site, donation, receiptUrl }: DonationReceiptEmailInput): MailMessage {
  const subject = `Receipt for your donation to ${site.name}`;
  const thanks = `Thank you for your gift to ${site.name}.`;
  const rows: DetailRow[] = [
    ['Organization', site.name],
    ...(site.ein ? ([['EIN', site.ein]] satisfies DetailRow[]) : []),
    ['Date of gift', formatDayOf(donation.paidAt)],
    ['Amount', formatCents(donation.amountCents)],
    ...(donation.feeCents ? ([['Of which, to cover card fees', formatCents(donation.feeCents)]] satisfies DetailRow[]) : []),
    ...(donation.tribute ? ([[donation.tribute.words, donation.tribute.name]] satisfies DetailRow[]) : []),
    ['Receipt number', receiptNumber({ donationId: donation.id })],
  ];
  const giving = [
    ...(donation.anonymous ? ['You gave anonymously: your name is kept from any public list of donors.'] : []),
    ...(donation.tribute?.notified
      ? [`We are letting ${donation.tribute.notified} know of your gift ${donation.tribute.words.toLowerCase()} ${donation.tribute.name}${donation.anonymous ? ', from an anonymous donor' : ''}.`]
      : []),
  ];
  const monthly = donation.monthly
    ? `This is one of your monthly gifts. To change the amount or stop them, use this link (no sign-in needed): ${donation.monthly.manageLink}`
    : null;
  const message = donation.message.trim();
  const deductible = `${site.name} is a 501(c)(3) tax-exempt organization; your gift is tax-deductible to the extent allowed by law.`;
  const campaign = campaignWording(site.name, donation.campaign ?? null);
  const keep = 'Please keep this email as your written acknowledgement of the gift for your tax records.';

  const text = [
    thanks,
    detailsText(rows),
    ...giving,
    ...(monthly ? [monthly] : []),
    ...(message ? [`Your message:\n${message}`] : []),
    NO_GOODS_OR_SERVICES,
    deductible,
    ...campaign,
    keep,
    ...(receiptUrl ? [`Your receipt as a page and a PDF: ${receiptUrl}`] : []),
    siteFooterText(site),
  ].join('\n\n');

  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Thank you for your donation</Heading>
      <Paragraph>{thanks}</Paragraph>
      <Details rows={rows} />
      {giving.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {donation.monthly ? (
        <Paragraph>
          This is one of your monthly gifts. <MailLink href={donation.monthly.manageLink}>Change the amount or stop your monthly gift</MailLink> (no sign-in
          needed).
        </Paragraph>
      ) : null}
      {message ? (
        <>
          <Paragraph>Your message:</Paragraph>
          <Quote>
            <Paragraph>{message}</Paragraph>
          </Quote>
        </>
      ) : null}
      <Paragraph>{NO_GOODS_OR_SERVICES}</Paragraph>
      <Paragraph>{deductible}</Paragraph>
      {campaign.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>{keep}</Paragraph>
      {receiptUrl ? (
        <Paragraph>
          Your receipt as a page and a PDF: <MailLink href={receiptUrl}>{receiptUrl}</MailLink>
        </Paragraph>
      ) : null}
    </MailLayout>,
  );

  return { to, subject, text, html };
}
