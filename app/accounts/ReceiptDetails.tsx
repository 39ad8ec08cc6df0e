import { formatCents } from '../../common/money';
import type { ReceiptView } from '../../common/receipts';

/** The same facts and IRS wording as its PDF. */
export function ReceiptDetails({ receipt, pdfUrl }: { receipt: ReceiptView; pdfUrl: string }) {
  const org = receipt.organization;
  const rows: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Date paid', receipt.paidOn],
    ...(receipt.payer ? ([['Received from', receipt.payer]] as [string, string][]) : []),
    ['For', receipt.description],
    ...(org.ein ? ([['Organization EIN', org.ein]] as [string, string][]) : []),
    ['Amount paid', formatCents(receipt.amountCents)],
    ...(receipt.refundedCents > 0
      ? ([
          ['Refunded', formatCents(receipt.refundedCents)],
          ['Amount kept', formatCents(receipt.netCents)],
        ] as [string, string][])
      : []),
    ...(receipt.kind === 'event' ? ([['Value of goods or services received', formatCents(receipt.fairValueCents)]] as [string, string][]) : []),
    ['Tax-deductible part', formatCents(receipt.deductibleCents)],
  ];
  return (
    <article aria-labelledby="receipt-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <header className="border-b border-slate-200 pb-4">
        <h2 id="receipt-heading" className="text-2xl font-bold text-brand-800">
          {org.name}
        </h2>
        {[org.status, org.address, org.email].filter(Boolean).map((line) => (
          <p key={line} className="text-sm text-slate-700">
            {line}
          </p>
        ))}
      </header>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{receipt.kind === 'donation' ? 'Donation receipt' : 'Receipt for an event payment'}</h3>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-[16rem_1fr]">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 space-y-3 text-slate-800">
        {receipt.wording.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <p className="mt-6">
        <a href={pdfUrl} download className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Download the PDF
        </a>
      </p>
    </article>
  );
}
