import { data } from 'react-router';
import { formatCents } from '../../common/money';
import { ReceiptDetails } from '../accounts/ReceiptDetails';
import { pageMeta } from '../lib/seo/meta';
import { PageHeader } from '../ui/PageHeader';
import type { Route } from './+types/receipt';
import { pageHandle } from '../lib/pages/page-handle';

/** ADR 025. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await context.services.receipts.bySignedLink(params.paymentId, params.signature);
  if (!found) throw data('This link does not open a receipt.', { status: 404 });
  return data(found, { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(matches, data ? `Receipt ${data.receipt.number}` : 'Receipt', data ? `${formatCents(data.receipt.amountCents)} on ${data.receipt.paidOn}.` : undefined),
  { name: 'robots', content: 'noindex' },
  // The address holds the link's signature: links out must not carry it.
  { name: 'referrer', content: 'no-referrer' },
];

export const handle = pageHandle('/receipts/:paymentId/:signature');

export default function Page({ loaderData: { receipt, pdfUrl } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Receipt">
        <p>
          {receipt.number} · {receipt.paidOn}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ReceiptDetails receipt={receipt} pdfUrl={pdfUrl} />
      </div>
    </>
  );
}
