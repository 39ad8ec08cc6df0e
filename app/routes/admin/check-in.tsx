import { Form, useFetcher } from 'react-router';
import type { Route } from './+types/check-in';
import type { CheckInPerson } from '../../../common/back-office';
import { formatCalendarDate } from '../../../common/dates';
import { formatMoment } from '../../../common/moment';
import { AdminPageHeader } from '../../admin/AdminShell';
import { Button, CsrfField, Notice } from '../../admin/forms';
import { answer } from '../../admin/answer.server';
import { CheckInFormSchema } from '../../admin/form-schemas.server';
import { pathNumber, readStaffForm, requireStaff } from '../../admin/guard.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Check-in: ${data?.list.event.name ?? 'event'} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const search = (new URL(args.request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const list = await args.context.backOffice.reports.checkInList(pathNumber(args.params.eventNumber), search);
  if (!list) throw new Response('Not found', { status: 404 });
  return { list, search };
}

export async function action(args: Route.ActionArgs) {
  const eventNumber = pathNumber(args.params.eventNumber);
  const { actor, input } = await readStaffForm(args, CheckInFormSchema);
  if (!input.ok) return answer(input);
  const { intent, person } = input.data;
  return answer(await args.context.backOffice.actions.checkIn(actor, eventNumber, person, intent === 'arrived'));
}

function PersonRow({ person }: { person: CheckInPerson }) {
  const fetcher = useFetcher<typeof action>();
  // Show the change at once; the server's answer (and the reloaded list) follows.
  const arrived = fetcher.formData ? fetcher.formData.get('intent') === 'arrived' : person.checkedInAt !== null;
  const error = fetcher.data && !fetcher.data.ok ? Object.values(fetcher.data.errors).join(' ') : null;
  return (
    <li className={`flex items-center justify-between gap-3 px-4 py-3 ${arrived ? 'bg-green-50' : 'bg-white'}`}>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {person.name} {person.child ? <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Child</span> : null}
        </p>
        <p className="truncate text-sm text-slate-700">{person.group}</p>
        {arrived && person.checkedInAt ? <p className="text-sm text-green-900">Arrived {formatMoment(person.checkedInAt)}</p> : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <fetcher.Form method="post" className="shrink-0">
        <CsrfField />
        <input type="hidden" name="person" value={person.key} />
        <input type="hidden" name="intent" value={arrived ? 'undo' : 'arrived'} />
        {arrived ? (
          <Button variant="secondary" className="min-w-24" aria-label={`Undo: ${person.name} has not arrived`}>
            Undo
          </Button>
        ) : (
          <Button className="min-w-24" aria-label={`${person.name} has arrived`}>
            Arrived
          </Button>
        )}
      </fetcher.Form>
    </li>
  );
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { list, search } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <AdminPageHeader title={`Check-in: ${list.event.name}`} lead={formatCalendarDate(list.event.eventDate, { weekday: true })} />
      <p role="status" className="mb-4 rounded-lg bg-brand-800 px-4 py-3 text-center text-xl font-bold text-white">
        {list.arrived} of {list.expected} arrived
      </p>
      {actionData ? (
        <Notice tone={actionData.ok ? 'success' : 'error'}>{actionData.ok ? actionData.message : Object.values(actionData.errors).join(' ')}</Notice>
      ) : null}
      <Form method="get" role="search" className="mb-4 flex gap-2">
        <label htmlFor="check-in-search" className="sr-only">
          Search a name or team
        </label>
        <input
          id="check-in-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Search a name or team"
          className="min-h-12 w-full rounded-md border border-slate-400 bg-white px-3 text-lg focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700"
        />
        <Button>Search</Button>
      </Form>
      {list.people.length === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-white px-4 py-6 text-center text-slate-700">
          {search ? `Nobody matches “${search}”.` : 'Nobody has a paid registration yet.'}
        </p>
      ) : (
        <ul aria-label="People expected" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-300">
          {list.people.map((person) => (
            <PersonRow key={person.key} person={person} />
          ))}
        </ul>
      )}
    </div>
  );
}
