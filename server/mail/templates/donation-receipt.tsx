/** @jsxRuntime automatic @jsxImportSource react */
import { formatDayOf } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { NO_GOODS_OR_SERVICES } from '../../../common/tax-receipts';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Details, Heading, MailLink, Paragraph, Quote } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

export interface DonationReceiptEmailInput {
  to: string;
  site: MailSiteFacts;
  donation: { id: number; amountCents: number; message: string; paidAt: Date };
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
    ['Receipt number', String(donation.id)],
  ];
  const message = donation.message.trim();
  const deductible = `${site.name} is a 501(c)(3) tax-exempt organization; your gift is tax-deductible to the extent allowed by law.`;
  const keep = 'Please keep this email as your written acknowledgement of the gift for your tax records.';

  const text = [
    thanks,
    detailsText(rows),
    ...(message ? [`Your message:\n${message}`] : []),
    NO_GOODS_OR_SERVICES,
    deductible,
    keep,
    ...(receiptUrl ? [`Your receipt as a page and a PDF: ${receiptUrl}`] : []),
    siteFooterText(site),
  ].join('\n\n');

  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Thank you for your donation</Heading>
      <Paragraph>{thanks}</Paragraph>
      <Details rows={rows} />
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
