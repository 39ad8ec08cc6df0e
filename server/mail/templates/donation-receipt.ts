import { formatCents } from '../../../common/money';
import type { MailMessage } from '../mailer';
import { formatDateInNewYork } from './dates';
import { detailsHtml, detailsText, headingHtml, paragraphHtml } from './html';
import { htmlDocument } from './layout';
import { siteFooterText, type MailSiteFacts } from './site';

export interface DonationReceiptEmailInput {
  to: string;
  site: MailSiteFacts;
  donation: { id: number; amountCents: number; message: string; paidAt: Date };
}

/** The IRS asks for this exact statement in the donor's written acknowledgement (Publication 1771). */
export const NO_GOODS_OR_SERVICES = 'No goods or services were provided in exchange for this contribution.';

/** Doubles as the donor's written acknowledgement for taxes, so it names the gift, the date and the EIN. */
export function donationReceiptEmail({ to, site, donation }: DonationReceiptEmailInput): MailMessage {
  const subject = `Receipt for your donation to ${site.name}`;
  const thanks = `Thank you for your gift to ${site.name}.`;
  const rows: Array<[string, string]> = [
    ['Organization', site.name],
    ...(site.ein ? ([['EIN', site.ein]] as Array<[string, string]>) : []),
    ['Date of gift', formatDateInNewYork(donation.paidAt)],
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
    siteFooterText(site),
  ].join('\n\n');

  const html = htmlDocument({
    title: subject,
    site,
    body: [
      headingHtml('Thank you for your donation'),
      paragraphHtml(thanks),
      detailsHtml(rows),
      ...(message ? [paragraphHtml('Your message:'), `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:4px solid #d1d5db;">${paragraphHtml(message)}</blockquote>`] : []),
      paragraphHtml(NO_GOODS_OR_SERVICES),
      paragraphHtml(deductible),
      paragraphHtml(keep),
    ].join('\n'),
  });

  return { to, subject, text, html };
}
