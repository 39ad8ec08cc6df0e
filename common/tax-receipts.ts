import { formatCents } from './money';

/** ADR 025: IRS Publication 1771, IRC §6115 (quid pro quo) and §170(f)(8) (written acknowledgement). */

/** §6115. */
export const QUID_PRO_QUO_OVER_CENTS = 7_500;
/** §170(f)(8). */
export const WRITTEN_ACKNOWLEDGEMENT_FROM_CENTS = 25_000;

/** Publication 1771. */
export const NO_GOODS_OR_SERVICES = 'No goods or services were provided in exchange for this contribution.';

export interface TaxPayment {
  kind: 'donation' | 'event';
  amountCents: number;
  /** The receipt is for what was kept. */
  refundedCents: number;
  fairValueCents: number;
}

export interface TaxTreatment {
  netCents: number;
  /** 0 when the whole payment was refunded. */
  fairValueCents: number;
  /** Never below 0. */
  deductibleCents: number;
  quidProQuo: boolean;
  writtenAcknowledgement: boolean;
}

export function taxTreatment(payment: TaxPayment): TaxTreatment {
  const netCents = Math.max(0, payment.amountCents - payment.refundedCents);
  const fairValueCents = payment.kind === 'donation' || netCents === 0 ? 0 : Math.max(0, payment.fairValueCents);
  const deductibleCents = Math.max(0, netCents - fairValueCents);
  return {
    netCents,
    fairValueCents,
    deductibleCents,
    quidProQuo: fairValueCents > 0 && netCents > QUID_PRO_QUO_OVER_CENTS,
    // For a payment partly a purchase, the $250 applies to the contribution part (Publication 1771).
    writtenAcknowledgement: deductibleCents >= WRITTEN_ACKNOWLEDGEMENT_FROM_CENTS,
  };
}

/** `received` names what an event gives ("dinner, shirt, green fee"); `organization` is the legal name. */
export function receiptWording(payment: TaxPayment, { organization, received }: { organization: string; received?: string }): string[] {
  const tax = taxTreatment(payment);
  const lines: string[] = [];
  if (tax.netCents === 0) {
    lines.push('This payment was refunded in full, so no part of it is a contribution.');
    return lines;
  }
  if (tax.fairValueCents === 0) {
    lines.push(NO_GOODS_OR_SERVICES);
    lines.push(`The full ${formatCents(tax.netCents)} is tax-deductible to the extent allowed by law.`);
  } else if (tax.quidProQuo) {
    lines.push(
      `In exchange for this payment you received goods or services${received ? ` (${received})` : ''} with an estimated fair-market value of ${formatCents(tax.fairValueCents)}.`,
      `The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the amount you paid (${formatCents(tax.netCents)}) over the value of the goods or services provided by ${organization}: ${formatCents(tax.deductibleCents)}.`,
    );
  } else {
    lines.push(
      `You received goods or services${received ? ` (${received})` : ''} worth an estimated ${formatCents(tax.fairValueCents)} for this payment; the deductible part is ${formatCents(tax.deductibleCents)}.`,
    );
  }
  if (tax.writtenAcknowledgement) {
    lines.push(
      `This receipt is ${organization}'s contemporaneous written acknowledgement of your contribution of ${formatCents(tax.deductibleCents)}, which the IRS requires for a contribution of ${formatCents(WRITTEN_ACKNOWLEDGEMENT_FROM_CENTS)} or more. Please keep it with your tax records.`,
    );
  }
  return lines;
}

export function signupFairValueCents(
  rules: { fairValueCents: number; childFairValueCents: number },
  party: { teams: number; adults: number; children: number },
): number {
  return party.teams * rules.fairValueCents + party.adults * rules.fairValueCents + party.children * rules.childFairValueCents;
}
