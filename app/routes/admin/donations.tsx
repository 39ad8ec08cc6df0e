import { Form, Link } from 'react-router';
import type { Route } from './+types/donations';
import { givingNotes, type GivingDetails } from '../../../common/donations';
import { formatCents } from '../../../common/money';
import { formatMoment } from '../../../common/moment';
import { receiptNumber } from '../../../common/receipts';
import { AdminPageHeader } from '../../admin/AdminShell';
import { DataTable, linkClass, Td, Th } from '../../admin/DataTable';
import { filterQuery, parseDonationFilter } from '../../admin/donation-filter';
import { Button, Notice } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { requireStaff } from '../../admin/guard.server';
import { Pager } from '../../admin/Pager';
import { StatusBadge } from '../../admin/StatusBadge';

export const meta: Route.MetaFunction = () => [{ title: 'Donations | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { filter, form, errors } = parseDonationFilter(new URL(args.request.url).searchParams);
  const list = await args.context.backOffice.reports.donations(filter);
  return { list, form, errors };
}

/** "Gift $20.00 + $0.60 card fees", "In memory of Ada", "Anonymous": what applies, one a line; nothing otherwise. */
function GivingNotes({ giving }: { giving: GivingDetails }) {
  const notes = givingNotes(giving);
  if (notes.length === 0) return null;
  return (
    <ul className="text-sm text-slate-800">
      {notes.map((note) => (
        <li key={note} className="break-words">
          {note}
        </li>
      ))}
    </ul>
  );
}

const SELECT = 'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-2 text-base';

export default function Donations({ loaderData }: Route.ComponentProps) {
  const { list, form, errors } = loaderData;
  const shown = list.items.length;
  return (
    <div>
      <AdminPageHeader
        title="Donations"
        lead={`${list.total} donation${list.total === 1 ? ' matches' : 's match'}, ${formatCents(list.totalCents)} in all.`}
        actions={
          <a
            href={`/admin/donations.csv${filterQuery(form)}`}
            download
            className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Download CSV
          </a>
        }
      />
      <Form
        method="get"
        className="mb-6 grid gap-4 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Filter donations"
      >
        <TextField name="q" label="Search name, email, message or receipt number" type="search" defaultValue={form.q} className="sm:col-span-2" />
        <TextField name="from" label="From date" type="date" defaultValue={form.from} error={errors.from} />
        <TextField name="to" label="To date" type="date" defaultValue={form.to} error={errors.to} />
        <TextField name="min" label="Smallest amount ($)" inputMode="decimal" defaultValue={form.min} error={errors.min} />
        <TextField name="max" label="Largest amount ($)" inputMode="decimal" defaultValue={form.max} error={errors.max} />
        <div>
          <label htmlFor="filter-status" className="mb-1 block text-sm font-semibold text-slate-800">
            Status
          </label>
          {errors.status ? <p className="mb-2 text-sm font-medium text-red-800">{errors.status}</p> : null}
          <select id="filter-status" name="status" defaultValue={form.status} className={SELECT}>
            <option value="">Went through (paid or refunded)</option>
            <option value="paid">Paid</option>
            <option value="partially_refunded">Partly refunded</option>
            <option value="refunded">Refunded</option>
            <option value="pending">Pending</option>
            <option value="failed">Failed</option>
            <option value="expired">Expired</option>
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="filter-sort" className="mb-1 block text-sm font-semibold text-slate-800">
              Sort by
            </label>
            <select id="filter-sort" name="sort" defaultValue={form.sort} className={SELECT}>
              <option value="date">Date</option>
              <option value="amount">Amount</option>
              <option value="name">Name</option>
              <option value="email">Email</option>
            </select>
          </div>
          <div>
            <label htmlFor="filter-dir" className="mb-1 block text-sm font-semibold text-slate-800">
              Order
            </label>
            <select id="filter-dir" name="dir" defaultValue={form.dir} className={SELECT}>
              <option value="desc">Newest / largest first</option>
              <option value="asc">Oldest / smallest first</option>
            </select>
          </div>
        </div>
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
          <Button>Show donations</Button>
          <Link to="/admin/donations" className={linkClass}>
            Clear filters
          </Link>
        </div>
      </Form>
      {Object.keys(errors).length > 0 ? <Notice tone="error">Some filters were left out: see the messages above.</Notice> : null}
      {shown === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-white px-4 py-6 text-center text-slate-700">No donations match.</p>
      ) : (
        <>
          {/* Phones get one card per donation; wider screens the table. */}
          <ul aria-label={`Donations, page ${list.page}`} className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white md:hidden">
            {list.items.map((d) => (
              <li key={d.paymentId} className="px-4 py-3">
                <div className="flex items-baseline justify-between gap-3">
                  <Link
                    className={linkClass}
                    to={`/admin/payments/${d.paymentId}`}
                    aria-label={`Donation of ${formatCents(d.amountCents)} from ${d.email}, ${formatMoment(d.at)}`}
                  >
                    {formatCents(d.amountCents)}
                  </Link>
                  <StatusBadge status={d.status} />
                </div>
                <p className="break-all text-sm text-slate-900">{d.name ? `${d.name} · ${d.email}` : d.email}</p>
                <p className="text-sm text-slate-700">
                  {formatMoment(d.at)} · receipt {receiptNumber({ donationId: d.donationId })}
                </p>
                <GivingNotes giving={d.giving} />
                {d.message ? <p className="mt-1 text-sm text-slate-800">{d.message}</p> : null}
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <DataTable
              caption={`Donations, page ${list.page}`}
              head={
                <tr>
                  <Th>Date</Th>
                  <Th>Name</Th>
                  <Th>Email</Th>
                  <Th className="text-right">Amount</Th>
                  <Th>Receipt</Th>
                  <Th>Status</Th>
                  <Th>Gift details</Th>
                  <Th>Message</Th>
                </tr>
              }
            >
              {list.items.map((d) => (
                <tr key={d.paymentId}>
                  <Td className="whitespace-nowrap">
                    <Link
                      className={linkClass}
                      to={`/admin/payments/${d.paymentId}`}
                      aria-label={`Donation of ${formatCents(d.amountCents)} from ${d.email}, ${formatMoment(d.at)}`}
                    >
                      {formatMoment(d.at)}
                    </Link>
                  </Td>
                  <Td>{d.name ?? <span className="text-slate-700">—</span>}</Td>
                  <Td className="break-all">{d.email}</Td>
                  <Td className="whitespace-nowrap text-right">
                    {formatCents(d.amountCents)}
                    {d.refundedCents > 0 ? <span className="block text-xs text-slate-700">−{formatCents(d.refundedCents)} refunded</span> : null}
                  </Td>
                  <Td className="whitespace-nowrap">{receiptNumber({ donationId: d.donationId })}</Td>
                  <Td>
                    <StatusBadge status={d.status} />
                  </Td>
                  <Td className="min-w-40">
                    <GivingNotes giving={d.giving} />
                  </Td>
                  <Td className="max-w-xs truncate">{d.message}</Td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} href={(p) => `/admin/donations${filterQuery(form, p)}`} label="Donation pages" />
    </div>
  );
}
