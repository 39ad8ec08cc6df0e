import { formatCalendarDate, formatDayOf, foundationTimeToUtc, todayInFoundationZone } from '../../../common/dates';
import { receiptNumber, type ReceiptView } from '../../../common/receipts';
import { SIGNUP_KINDS } from '../../../common/signups/kinds';
import { receiptWording, signupFairValueCents, taxTreatment } from '../../../common/tax-receipts';
import type { ReceiptSource } from '../../db/repositories/receipts';
import { footerLines, type MailSiteFacts } from '../../mail/templates/site';
import { campaignWording } from '../../../common/campaigns';

/** In the foundation's zone, as stored timestamps compare. */
export function yearRange(year: number): { from: string; to: string } {
  return {
    from: new Date(foundationTimeToUtc(`${year}-01-01`, '00:00')).toISOString(),
    to: new Date(foundationTimeToUtc(`${year + 1}-01-01`, '00:00')).toISOString(),
  };
}

export function receiptView(source: ReceiptSource, site: MailSiteFacts): ReceiptView {
  const signup = source.signup;
  const sponsorship = source.sponsorship ?? null;
  const fairValueCents = signup
    ? signupFairValueCents(signup.fairValue, { teams: SIGNUP_KINDS[signup.kind].party ? 0 : 1, adults: signup.adults, children: signup.children })
    : (sponsorship?.goodsValueCents ?? 0);
  const payment = { kind: signup || sponsorship ? ('event' as const) : ('donation' as const), amountCents: source.amountCents, refundedCents: source.refundedCents, fairValueCents };
  const tax = taxTreatment(payment);
  const eventOn = signup ? `${signup.event.name} (${formatCalendarDate(signup.event.eventDate)})` : '';
  const footer = footerLines(site);
  const sponsored = sponsorship ? `the ${sponsorship.packageName} sponsorship of ${sponsorship.event.name}` : undefined;
  return {
    paymentId: source.paymentId,
    number: receiptNumber(signup ? { signupId: signup.id } : sponsorship ? { sponsorshipId: sponsorship.id } : { donationId: source.donation?.id ?? source.paymentId }),
    kind: payment.kind,
    description: signup
      ? `${signup.event.eventType} sign-up: ${eventOn}`
      : sponsorship
        ? `${sponsorship.packageName} sponsorship: ${sponsorship.event.name} (${formatCalendarDate(sponsorship.event.eventDate)})`
        : 'Donation',
    paidOn: formatDayOf(source.paidAt),
    paidDate: todayInFoundationZone(new Date(source.paidAt)),
    amountCents: source.amountCents,
    refundedCents: source.refundedCents,
    netCents: tax.netCents,
    fairValueCents: tax.fairValueCents,
    deductibleCents: tax.deductibleCents,
    wording: [
      ...receiptWording(payment, { organization: site.name, received: signup ? `${signup.event.name} on ${formatCalendarDate(signup.event.eventDate)}` : sponsored }),
      ...campaignWording(site.name, source.donation?.campaign ?? null),
    ],
    organization: { name: site.name, ein: site.ein, status: footer.status, address: footer.address, email: site.email },
    payer: signup?.email ?? sponsorship?.email ?? source.donation?.email ?? '',
  };
}

export interface StatementView {
  year: number;
  organization: ReceiptView['organization'];
  donor: { name: string; email: string };
  receipts: ReceiptView[];
  totals: { amountCents: number; refundedCents: number; netCents: number; fairValueCents: number; deductibleCents: number };
}

export function statementView(year: number, donor: StatementView['donor'], receipts: ReceiptView[], site: MailSiteFacts): StatementView {
  const sum = (pick: (r: ReceiptView) => number) => receipts.reduce((total, r) => total + pick(r), 0);
  const footer = footerLines(site);
  return {
    year,
    organization: { name: site.name, ein: site.ein, status: footer.status, address: footer.address, email: site.email },
    donor,
    receipts,
    totals: {
      amountCents: sum((r) => r.amountCents),
      refundedCents: sum((r) => r.refundedCents),
      netCents: sum((r) => r.netCents),
      fairValueCents: sum((r) => r.fairValueCents),
      deductibleCents: sum((r) => r.deductibleCents),
    },
  };
}
