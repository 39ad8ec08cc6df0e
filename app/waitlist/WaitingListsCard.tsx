import { Form, Link } from 'react-router';
import { formatRoundMoment } from '../../common/scholarship-rounds';
import type { MyWaitlistEntry } from '../../common/waitlist';

/** ADR 053: the dashboard's waiting lists, each with its place in line and a way off it. */
export function WaitingListsCard({ entries }: { entries: MyWaitlistEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="waiting-lists" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="waiting-lists" className="text-xl font-semibold text-brand-800">
        Waiting lists
      </h2>
      <ul className="mt-4 space-y-4">
        {entries.map((entry) => (
          <li key={entry.eventNumber} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
            <div className="min-w-0">
              <Link to={`/events/${entry.eventNumber}`} className="font-semibold text-brand-700 underline">
                {entry.eventName}
              </Link>
              <p className="text-slate-700">
                {entry.status === 'offered' && entry.offerExpiresAt
                  ? `A place is held for you (${entry.request}) until ${formatRoundMoment(entry.offerExpiresAt)}.`
                  : `Number ${entry.position} in line, for ${entry.request}.`}
              </p>
            </div>
            <Form method="post" action={`/events/${entry.eventNumber}/waiting-list`}>
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
                Leave the waiting list<span className="sr-only"> for {entry.eventName}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
