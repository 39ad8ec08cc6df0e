import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/overview';
import type { AttentionItem, Overview as OverviewData, RecentPayment } from '../../../common/back-office';
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { formatMoment } from '../../../common/moment';
import { SIGNUP_KINDS } from '../../../common/signups/kinds';
import { AdminPageHeader } from '../../admin/AdminShell';
import { attentionEntry } from '../../admin/overview/attention';
import { CampaignProgress } from '../../admin/overview/CampaignProgress';
import { DataTable, linkClass, Td, Th } from '../../admin/DataTable';
import { requireStaff } from '../../admin/guard.server';
import { StatusBadge } from '../../admin/StatusBadge';

export const meta: Route.MetaFunction = () => [{ title: 'Overview | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return args.context.backOffice.reports.overview();
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Nov 27" of a YYYY-MM-DD date. */
const monthDay = (isoDate: string) => shortDate.format(Date.parse(`${isoDate}T12:00:00Z`));

/** "up 25%", "down 10%", "the same": this year's figure against last year's at the same date. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'the same' : 'none last year';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'the same';
  return percent > 0 ? `up ${percent}%` : `down ${-percent}%`;
}

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-4">
      <dt className="text-sm font-semibold uppercase tracking-wide text-slate-700">{label}</dt>
      <dd className="mt-1">
        <span className="block text-3xl font-bold text-brand-900">{value}</span>
        {children ? <span className="mt-2 block space-y-1 text-sm text-slate-800">{children}</span> : null}
      </dd>
    </div>
  );
}

function Figures({ thisYear, lastYear, monthly }: Pick<OverviewData, 'thisYear' | 'lastYear' | 'monthly'>) {
  const now = thisYear.figures;
  const before = lastYear.figures;
  const lastYearBy = `${lastYear.year} by ${monthDay(lastYear.through)}`;
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="mb-3 text-lg font-bold">
        {`${thisYear.year} so far, against ${lastYearBy}`}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Raised" value={formatCents(now.raised.totalCents)}>
          <span className="block">
            {`${lastYearBy}: ${formatCents(before.raised.totalCents)} (${change(now.raised.totalCents, before.raised.totalCents)})`}
          </span>
          <span className="block">{`Donations ${formatCents(now.raised.donationsCents)}, events ${formatCents(now.raised.totalCents - now.raised.donationsCents)}`}</span>
        </Figure>
        <Figure label="Gifts" value={String(now.gifts)}>
          <span className="block">{`${lastYearBy}: ${before.gifts} (${change(now.gifts, before.gifts)})`}</span>
        </Figure>
        <Figure label="Donors" value={String(now.donors)}>
          <span className="block">{`${now.newDonors} new, ${now.returningDonors} returning`}</span>
          <span className="block">{`${lastYearBy}: ${before.donors} (${change(now.donors, before.donors)})`}</span>
        </Figure>
        <Figure label="Monthly gifts" value={String(monthly.active)}>
          <span className="block">{`${formatCents(monthly.monthlyCents)} a month`}</span>
        </Figure>
      </dl>
    </section>
  );
}

function NeedsAttention({ items }: { items: AttentionItem[] }) {
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="mb-3 text-lg font-bold">
        {items.length === 0 ? 'Needs attention' : `Needs attention (${items.length})`}
      </h2>
      {items.length === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-white px-4 py-4 text-slate-700">Nothing needs attention.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {items.map((item, index) => {
            const entry = attentionEntry(item);
            // Two uploads may share a file name: the position keeps keys apart (the list is read-only).
            return (
              <li key={`${index}:${item.kind}`} className="px-4 py-3">
                <p className="text-xs font-semibold uppercase tracking-wide text-amber-900">{entry.label}</p>
                <p className="break-words">
                  <Link className={linkClass} to={entry.href}>
                    {entry.link}
                  </Link>
                </p>
                <p className="text-sm text-slate-700">{entry.detail}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function LatestPayments({ payments }: { payments: RecentPayment[] }) {
  if (payments.length === 0) return <p className="text-slate-700">No payments yet.</p>;
  const label = (p: RecentPayment) => `${p.what}: ${formatCents(p.amountCents)} from ${p.payer}, ${formatMoment(p.at)}`;
  return (
    <>
      {/* Phones get one card per payment, as on the donations page; wider screens the table. */}
      <ul aria-label="Latest payments" className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white md:hidden">
        {payments.map((p) => (
          <li key={p.paymentId} className="px-4 py-3">
            <div className="flex items-baseline justify-between gap-3">
              <Link className={linkClass} to={`/admin/payments/${p.paymentId}`} aria-label={label(p)}>
                {formatCents(p.amountCents)}
              </Link>
              <StatusBadge status={p.status} />
            </div>
            <p className="break-words text-sm text-slate-900">{`${p.payer} · ${p.what}`}</p>
            <p className="text-sm text-slate-700">{formatMoment(p.at)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable
          caption="Latest payments"
          head={
            <tr>
              <Th>When</Th>
              <Th>For</Th>
              <Th>From</Th>
              <Th className="text-right">Amount</Th>
              <Th>Status</Th>
            </tr>
          }
        >
          {payments.map((p) => (
            <tr key={p.paymentId}>
              <Td className="whitespace-nowrap">{formatMoment(p.at)}</Td>
              <Td>
                <Link className={linkClass} to={`/admin/payments/${p.paymentId}`} aria-label={label(p)}>
                  {p.what}
                </Link>
              </Td>
              <Td className="break-words">{p.payer}</Td>
              <Td className="whitespace-nowrap text-right">{formatCents(p.amountCents)}</Td>
              <Td>
                <StatusBadge status={p.status} />
              </Td>
            </tr>
          ))}
        </DataTable>
      </div>
    </>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { thisYear, lastYear, monthly, attention, campaigns, upcoming, recentPayments } = loaderData;
  return (
    <div className="space-y-8">
      <AdminPageHeader title="Overview" lead="What needs you first, then money kept after refunds, places sold, and the latest payments." />
      <NeedsAttention items={attention} />
      <Figures thisYear={thisYear} lastYear={lastYear} monthly={monthly} />
      <CampaignProgress campaigns={campaigns} />

      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-3 text-lg font-bold">
          Upcoming events
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-slate-700">No upcoming events.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {upcoming.map((event) => (
              <li key={event.eventNumber} className="rounded-lg border border-slate-300 bg-white p-4">
                <p className="font-semibold">{event.name}</p>
                <p className="text-sm text-slate-700">{formatCalendarDate(event.eventDate, { weekday: true })}</p>
                <p className="mt-2 text-sm">
                  <strong>{event.sold}</strong> sold
                  {event.held > 0 ? `, ${event.held} being paid` : ''}
                  {event.left !== null ? (
                    <>
                      , <strong>{event.left}</strong> left of {event.capacity}
                    </>
                  ) : (
                    ', no limit'
                  )}
                  {event.signupKind ? ` (${SIGNUP_KINDS[event.signupKind].admin.placesAre})` : ''}
                </p>
                {event.signupKind ? (
                  <p className="mt-2 flex flex-wrap gap-4 text-sm">
                    <Link className={linkClass} to={`/admin/events/${event.eventNumber}/registrations`}>
                      Registrations
                    </Link>
                    <Link className={linkClass} to={`/admin/events/${event.eventNumber}/check-in`}>
                      Check-in
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="mb-3 text-lg font-bold">
          Latest payments
        </h2>
        <LatestPayments payments={recentPayments} />
      </section>
    </div>
  );
}
