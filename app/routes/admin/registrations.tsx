import { Link } from 'react-router';
import type { Route } from './+types/registrations';
import { registrationLabel, type EventRegistrations, type Registration, type RegistrationPerson } from '../../../common/back-office';
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { formatMoment } from '../../../common/moment';
import type { PersonColumn } from '../../../common/signups/kind';
import { SIGNUP_KINDS, type KindRules } from '../../../common/signups/kinds';
import { AdminPageHeader } from '../../admin/AdminShell';
import { DataTable, linkClass, Td, Th } from '../../admin/DataTable';
import { pathNumber, requireStaff } from '../../admin/guard.server';
import { StatusBadge } from '../../admin/StatusBadge';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.registrations.event.name ?? 'Registrations'} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const registrations = await args.context.backOffice.reports.registrations(pathNumber(args.params.eventNumber));
  if (!registrations) throw new Response('Not found', { status: 404 });
  return { registrations };
}

/** The event's kind; null for a type that takes no sign-ups (no columns of its own, counted like teams). */
type Kind = KindRules | null;

/** The people's own columns, as each kind lists them (admin.columns). */
const PERSON_COLUMNS: Record<PersonColumn, { heading: string; cell: (person: RegistrationPerson) => string | null; className?: string }> = {
  email: { heading: 'Email', cell: (p) => p.email, className: 'break-all' },
  shirtSize: { heading: 'Shirt', cell: (p) => p.shirtSize },
  activisionId: { heading: 'Activision ID', cell: (p) => p.activisionId, className: 'break-all' },
  location: { heading: 'Location', cell: (p) => p.location },
  ticket: { heading: 'Ticket', cell: (p) => (p.child ? 'Child' : 'Adult') },
  allergies: { heading: 'Allergies', cell: (p) => p.allergies || '—' },
};

function PeopleTable({ registration, kind }: { registration: Registration; kind: Kind }) {
  const label = `${kind?.peopleLabel ?? 'Players'}: ${registrationLabel(registration)}`;
  const columns = (kind?.admin.columns ?? []).map((column) => PERSON_COLUMNS[column]);
  return (
    <DataTable
      caption={label}
      head={
        <tr>
          <Th>#</Th>
          <Th>Name</Th>
          {columns.map((column) => (
            <Th key={column.heading}>{column.heading}</Th>
          ))}
          <Th>Arrived</Th>
        </tr>
      }
    >
      {registration.people.map((person) => (
        <tr key={person.key}>
          <Td>{person.position}</Td>
          <Td>{person.name}</Td>
          {columns.map((column) => (
            <Td key={column.heading} className={column.className}>
              {column.cell(person)}
            </Td>
          ))}
          <Td className="whitespace-nowrap">{person.checkedInAt ? formatMoment(person.checkedInAt) : 'Not yet'}</Td>
        </tr>
      ))}
    </DataTable>
  );
}

function RegistrationCard({ registration, kind }: { registration: Registration; kind: Kind }) {
  return (
    <li className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-bold">{registrationLabel(registration)}</h3>
          <p className="text-sm text-slate-700 break-all">
            {registration.receiptEmail}
            {registration.teamContactNumber ? ` · ${registration.teamContactNumber}` : ''}
            {registration.account ? ` · account of ${registration.account.name}` : ''}
          </p>
        </div>
        <div className="text-right text-sm">
          <StatusBadge status={registration.status} />
          {registration.cancelledAt ? (
            <span className="ml-1 inline-block whitespace-nowrap rounded border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900">
              Cancelled {formatMoment(registration.cancelledAt)}
            </span>
          ) : null}
          <p className="mt-1">
            <Link
              className={linkClass}
              to={`/admin/payments/${registration.paymentId}`}
              aria-label={`Payment of ${formatCents(registration.amountCents)} for ${registrationLabel(registration)}`}
            >
              {formatCents(registration.amountCents)}
            </Link>
            {registration.paidAt ? <span className="block text-xs text-slate-700">paid {formatMoment(registration.paidAt)}</span> : null}
          </p>
        </div>
      </div>
      <PeopleTable registration={registration} kind={kind} />
    </li>
  );
}

function Group({ title, registrations, kind, empty }: { title: string; registrations: Registration[]; kind: Kind; empty: string }) {
  const id = `group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title} ({registrations.length})
      </h2>
      {registrations.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-4">
          {registrations.map((r) => (
            <RegistrationCard key={r.signupId} registration={r} kind={kind} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Tallies({ tallies, kind }: { tallies: EventRegistrations['tallies']; kind: Kind }) {
  return (
    <section aria-labelledby="tally-heading" className="rounded-lg border border-slate-300 bg-white p-5">
      <h2 id="tally-heading" className="text-lg font-bold">
        Counts (paid only)
      </h2>
      {kind?.party ? (
        <>
          <p className="mt-2 text-2xl font-bold text-brand-900">
            {tallies.adults} adult{tallies.adults === 1 ? '' : 's'}, {tallies.children} child{tallies.children === 1 ? '' : 'ren'}
          </p>
          <h3 className="mt-4 font-semibold">Allergies for the caterer</h3>
          {tallies.allergies.length === 0 ? (
            <p className="text-slate-700">None reported.</p>
          ) : (
            <ul className="mt-1 list-disc pl-5">
              {tallies.allergies.map((a, index) => (
                <li key={`${a.name}-${index}`}>
                  <strong>{a.name}</strong>: {a.allergies}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <p className="mt-2 text-2xl font-bold text-brand-900">
            {tallies.teams} team{tallies.teams === 1 ? '' : 's'}, {tallies.people} player{tallies.people === 1 ? '' : 's'}
          </p>
          {kind?.admin.columns.includes('shirtSize') ? (
            <>
              <h3 className="mt-4 font-semibold">Shirts per size</h3>
              <dl className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-6">
                {tallies.shirts.map((s) => (
                  <div key={s.size} className="rounded border border-slate-300 px-2 py-1 text-center">
                    <dt className="text-xs text-slate-700">{s.size}</dt>
                    <dd className="text-lg font-bold">{s.count}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { registrations } = loaderData;
  const { event } = registrations;
  const kind = event.signupKind ? SIGNUP_KINDS[event.signupKind] : null;
  const base = `/admin/events/${event.eventNumber}`;
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={event.name}
        lead={`Registrations · ${formatCalendarDate(event.eventDate, { weekday: true })}${event.capacity !== null ? ` · ${event.capacity} places` : ''}`}
        actions={
          <>
            <a
              href={`${base}/registrations.csv`}
              download
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Download CSV (paid)
            </a>
            <a
              href={`${base}/registrations.csv?include=all`}
              download
              className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
            >
              CSV with every status
            </a>
            <Link
              to={`${base}/check-in`}
              className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
            >
              Check-in
            </Link>
          </>
        }
      />
      <Tallies tallies={registrations.tallies} kind={kind} />
      <Group title="Paid" registrations={registrations.paid} kind={kind} empty="No paid registrations yet." />
      <Group title="Pending" registrations={registrations.pending} kind={kind} empty="Nobody is in the middle of paying." />
      <Group title="Refunded or cancelled" registrations={registrations.refunded} kind={kind} empty="No refunded or cancelled registrations." />
    </div>
  );
}
