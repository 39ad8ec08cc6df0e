import { Link } from 'react-router';
import type { Route } from './+types/overview';
import type { RaisedInPeriod } from '../../../common/back-office';
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { formatMoment } from '../../../common/moment';
import { SIGNUP_KINDS } from '../../../common/signups/kinds';
import { AdminPageHeader } from '../../admin/AdminShell';
import { DataTable, linkClass, Td, Th } from '../../admin/DataTable';
import { requireStaff } from '../../admin/guard.server';
import { StatusBadge } from '../../admin/StatusBadge';

export const meta: Route.MetaFunction = () => [{ title: 'Overview | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return args.context.backOffice.reports.overview();
}

function Raised({ title, raised }: { title: string; raised: RaisedInPeriod }) {
  return (
    <section aria-labelledby={`raised-${title}`} className="rounded-lg border border-slate-300 bg-white p-5">
      <h2 id={`raised-${title}`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {`Raised in ${title}`}
      </h2>
      <p className="mt-1 text-3xl font-bold text-brand-900">{formatCents(raised.totalCents)}</p>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Donations</dt>
          <dd className="font-semibold">{formatCents(raised.donationsCents)}</dd>
        </div>
        {raised.events.map((event) => (
          <div key={event.eventNumber} className="flex justify-between gap-4">
            <dt>{event.name}</dt>
            <dd className="font-semibold">{formatCents(event.cents)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { month, year, upcoming, recentPayments } = loaderData;
  return (
    <div className="space-y-8">
      <AdminPageHeader title="Overview" lead="Money kept after refunds, places sold, and the latest payments." />
      <div className="grid gap-4 md:grid-cols-2">
        <Raised title={month.label} raised={month.raised} />
        <Raised title={year.label} raised={year.raised} />
      </div>

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
        {recentPayments.length === 0 ? (
          <p className="text-slate-700">No payments yet.</p>
        ) : (
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
            {recentPayments.map((p) => (
              <tr key={p.paymentId}>
                <Td className="whitespace-nowrap">{formatMoment(p.at)}</Td>
                <Td>
                  <Link className={linkClass} to={`/admin/payments/${p.paymentId}`}>
                    {p.what}
                  </Link>
                </Td>
                <Td className="break-all">{p.email}</Td>
                <Td className="whitespace-nowrap text-right">{formatCents(p.amountCents)}</Td>
                <Td>
                  <StatusBadge status={p.status} />
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
