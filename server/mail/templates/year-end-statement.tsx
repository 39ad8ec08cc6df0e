/** @jsxRuntime automatic @jsxImportSource react */
import { formatCents } from '../../../common/money';
import type { MailMessage } from '../mailer';
import { MailLayout, renderMailHtml } from './MailLayout';
import { Button, Details, Heading, Paragraph } from './MailParts';
import { siteFooterText, type MailSiteFacts } from './site';
import { detailsText, type DetailRow } from './text';

export interface YearEndStatementEmailInput {
  to: string;
  site: MailSiteFacts;
  firstName: string;
  year: number;
  payments: number;
  totals: { netCents: number; deductibleCents: number };
  /** Absolute signed link to the statement PDF (a link, not an attachment: the outbox keeps every body). */
  statementUrl: string;
}

/** January's mail to each supporter who paid the foundation last year: the totals and a link to the PDF. */
export function yearEndStatementEmail({ to, site, firstName, year, payments, totals, statementUrl }: YearEndStatementEmailInput): MailMessage {
  const subject = `Your ${year} giving statement from ${site.name}`;
  const hello = firstName.trim() ? `Dear ${firstName.trim()},` : 'Hello,';
  const thanks = `Thank you for supporting ${site.name} in ${year}. Your giving statement for the year lists every gift and event payment, with refunds taken off and the tax-deductible part of each.`;
  const rows: DetailRow[] = [
    ['Payments', String(payments)],
    ['Total given (after refunds)', formatCents(totals.netCents)],
    ['Tax-deductible', formatCents(totals.deductibleCents)],
    ...(site.ein ? ([['EIN', site.ein]] satisfies DetailRow[]) : []),
  ];
  const link = `Download your statement (PDF): ${statementUrl}`;
  const keep = 'Please keep it with your tax records. The link is yours alone: anyone who has it can open the statement.';

  const text = [hello, thanks, detailsText(rows), link, keep, siteFooterText(site)].join('\n\n');
  const html = renderMailHtml(
    <MailLayout title={subject} site={site}>
      <Heading>Your {year} giving statement</Heading>
      <Paragraph>{hello}</Paragraph>
      <Paragraph>{thanks}</Paragraph>
      <Details rows={rows} />
      <Button href={statementUrl}>Download your statement (PDF)</Button>
      <Paragraph>{keep}</Paragraph>
    </MailLayout>,
  );
  return { to, subject, text, html };
}
