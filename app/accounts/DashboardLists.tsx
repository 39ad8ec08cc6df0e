import { Link } from 'react-router';
import type { Dashboard } from '../../common/accounts';
import { givingNotes } from '../../common/donations';
import { formatCents, parseAmountToCents } from '../../common/money';
import { formatCalendarDate, formatDayOf, todayInFoundationZone } from '../../common/dates';
import { rulesOfEventType } from '../../common/signups/kinds';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/** Through cents, never a float. */
const money = (amount: string) => formatCents(parseAmountToCents(amount) ?? 0);

function RefundNote({ note }: { note: string | null }) {
  return note ? <p className="mt-1 inline-block rounded bg-amber-50 px-2 py-0.5 text-sm font-semibold text-amber-900">{note}</p> : null;
}

function GivingNotes({ donation }: { donation: Dashboard['donations'][number] }) {
  const notes = givingNotes({
    giftCents: parseAmountToCents(donation.gift) ?? 0,
    feeCents: parseAmountToCents(donation.fee) ?? 0,
    anonymous: donation.anonymous,
    tribute: donation.tribute,
  });
  if (notes.length === 0) return null;
  return (
    <ul aria-label="About this gift" className="mt-1 space-y-0.5 text-sm text-slate-700">
      {notes.map((note) => (
        <li key={note} className="break-words">
          {note}
        </li>
      ))}
    </ul>
  );
}

export function DonationsList({ donations }: { donations: Dashboard['donations'] }) {
  return (
    <section aria-labelledby="donations-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="donations-heading" className="text-xl font-bold text-brand-800">
        Donations
      </h2>
      {donations.length === 0 ? (
        <p className="mt-3 text-slate-700">No donations</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {donations.map((donation, i) => (
            <li key={i} className="py-3">
              <p className="text-lg font-semibold text-slate-900">{money(donation.amount)}</p>
              <GivingNotes donation={donation} />
              <RefundNote note={donation.note} />
              {donation.message ? <p className="mt-1 break-words whitespace-pre-line text-slate-700">{donation.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function EventsList({ items }: { items: Dashboard['events_and_teams'] }) {
  return (
    <section aria-labelledby="events-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="events-heading" className="text-xl font-bold text-brand-800">
        Events
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-700">No events</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {items.map(({ e, t }, i) => (
            <li key={i} className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row">
              {e.image ? (
                <ResponsiveImage image={e.image} sizes="(min-width: 640px) 160px, 100vw" loading="lazy" className="h-28 w-full rounded-md object-cover sm:w-40" />
              ) : null}
              <div className="min-w-0 flex-1">
                <h3 className="text-lg font-semibold text-slate-900">{e.name}</h3>
                <p className="text-slate-700">{e.location}</p>
                <p className="text-sm text-slate-700">{formatCalendarDate(e.eventDate, { weekday: true })}</p>
                {t.teamName ? (
                  <p className="mt-2 text-slate-800">
                    <span className="font-semibold">Team: </span>
                    {t.teamName}
                  </p>
                ) : null}
                {t.players.length > 0 ? (
                  <p className={`${t.teamName ? '' : 'mt-2 '}text-slate-800`}>
                    <span className="font-semibold">{`${rulesOfEventType(e.eventType).peopleLabel}: `}</span>
                    {t.players.map((p) => p.name).join(', ')}
                  </p>
                ) : null}
                <p className="mt-1 text-sm text-slate-700">Signed up {formatDayOf(t.date)}</p>
                <p className="text-sm font-semibold text-slate-800">Amount paid: {money(t.amount)}</p>
                {t.cancelled ? <p className="mt-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">Cancelled</p> : null}{' '}
                <RefundNote note={t.note} />
              </div>
              <div className="flex flex-wrap gap-2 sm:flex-col sm:self-center">
                {!t.cancelled && t.status !== 'refunded' && e.eventDate > todayInFoundationZone() ? (
                  <Link
                    to={`/dashboard/signups/${t.id}`}
                    aria-label={`Change or cancel your sign-up for ${e.name}`}
                    className="inline-block rounded-md border border-brand-700 px-4 py-2 text-center font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    Change or cancel
                  </Link>
                ) : null}
                <Link
                  to={`/events/${e.eventNumber}`}
                  aria-label={`Details of ${e.name}`}
                  className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                >
                  Details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
