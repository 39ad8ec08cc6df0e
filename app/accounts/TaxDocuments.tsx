import { useEffect, useState } from 'react';
import { formatCents } from '../../common/money';
import type { UserReceipts } from '../../common/receipts';
import { apiRequest } from '../lib/api';

/** ADR 025: links are signed by the server, so a plain link works without the login token. */
export function TaxDocuments() {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; data: UserReceipts } | { status: 'failed' }>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<UserReceipts>('/user/receipts', { signal: controller.signal })
      .then((data) => setState({ status: 'ready', data }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="tax-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-busy={state.status === 'loading'}>
      <h2 id="tax-heading" className="text-xl font-bold text-brand-800">
        Receipts and tax statements
      </h2>
      {state.status === 'loading' ? (
        <p className="mt-3 text-slate-700">Loading your receipts…</p>
      ) : state.status === 'failed' ? (
        <p role="alert" className="mt-3 text-red-800">
          We could not load your receipts just now. Please reload the page to try again.
        </p>
      ) : state.data.receipts.length === 0 ? (
        <p className="mt-3 text-slate-700">No receipts yet. Each gift and event payment gets one here.</p>
      ) : (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">Year-end giving statements</h3>
          <ul className="mt-2 flex flex-wrap gap-3">
            {state.data.statements.map((s) => (
              <li key={s.year}>
                <a href={s.url} download className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
                  Download statement {s.year}
                  <span className="sr-only"> (PDF)</span>
                </a>
              </li>
            ))}
          </ul>
          <h3 className="mt-6 font-semibold text-slate-900">Receipts</h3>
          <ul className="mt-2 divide-y divide-slate-200">
            {state.data.receipts.map((r) => (
              <li key={r.paymentId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    {formatCents(r.amountCents)} · {r.description}
                  </p>
                  <p className="text-sm text-slate-700">
                    {r.paidOn} · receipt {r.number}
                    {r.refundedCents > 0 ? ` · ${formatCents(r.refundedCents)} refunded` : ''}
                  </p>
                </div>
                <p className="flex shrink-0 gap-4">
                  <a href={r.url} className="font-semibold text-brand-700 underline hover:text-brand-800">
                    Receipt<span className="sr-only"> {r.number}</span>
                  </a>
                  <a href={r.pdfUrl} download className="font-semibold text-brand-700 underline hover:text-brand-800">
                    PDF<span className="sr-only"> of receipt {r.number}</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
