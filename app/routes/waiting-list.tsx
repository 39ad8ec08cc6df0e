import { data, Form, Link, redirect } from 'react-router';
import { requireSupporter } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';
import { useRouteForm, type FormAnswer } from '../lib/hooks/use-route-form';
import { pageHandle } from '../lib/pages/page-handle';
import { pageMeta } from '../lib/seo/meta';
import { FixErrorsNotice, GeneralErrors, SubmitButton, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { formatCalendarDate } from '../../common/dates';
import { rulesOfEventType } from '../../common/signups/kinds';
import { STEAKFRY_MAX_ATTENDEES } from '../../common/signups/steakfry';
import type { Route } from './+types/waiting-list';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Join the waiting list', 'Wait for a place at a full event.'), { name: 'robots', content: 'noindex' }];

export const handle = pageHandle('/events/:eventNumber/waiting-list');

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

const JOIN_INTENT = 'join';
const LEAVE_INTENT = 'leave';
const FIELDS = ['partySize'] as const;

function eventNumberOf(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw data(`Event ${raw} doesn't exist.`, { status: 404 });
  return Number(raw);
}

export async function loader(args: Route.LoaderArgs) {
  const supporter = await requireSupporter(args);
  const eventNumber = eventNumberOf(args.params.eventNumber);
  const { events, waitlists } = args.context.services;
  try {
    const [event, placesLeft, entry] = await Promise.all([events.byNumber(eventNumber), events.placesLeft(eventNumber), waitlists.mineForEvent(supporter.id, eventNumber)]);
    return { event, placesLeft, entry };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'not_found' || code === 'validation') throw data(`Event ${eventNumber} doesn't exist.`, { status: 404 });
    throw error;
  }
}

/** ADR 053: works without JavaScript; errors come back beside the field. */
export async function action(args: Route.ActionArgs) {
  const supporter = await requireSupporter(args);
  const eventNumber = eventNumberOf(args.params.eventNumber);
  const fields = await readFormFields(args.request);
  const { waitlists } = args.context.services;
  try {
    if (fields.intent === LEAVE_INTENT) {
      await waitlists.leave(supporter.id, eventNumber);
      return redirect('/dashboard?left-waiting-list');
    }
    if (fields.intent !== JOIN_INTENT) throw new Response('This form could not be read. Please reload the page and try again.', { status: 400 });
    await waitlists.join(supporter.id, { eventNumber, partySize: fields.partySize });
    return redirect(`/events/${eventNumber}/waiting-list`);
  } catch (error) {
    const fieldErrors = (error as { fields?: Record<string, string> }).fields;
    if (!fieldErrors) throw error;
    return data<FormAnswer>({ intent: fields.intent, errors: fieldErrors, values: { partySize: fields.partySize ?? '' } }, { status: 422 });
  }
}

export default function Page({ loaderData: { event, placesLeft, entry } }: Route.ComponentProps) {
  const form = useRouteForm(JOIN_INTENT);
  const leave = useRouteForm(LEAVE_INTENT);
  const { party } = rulesOfEventType(event.eventType);
  return (
    <>
      <PageHeader title="Waiting list">
        <p className="font-semibold text-brand-800">{event.name}</p>
        <p>{formatCalendarDate(event.eventDate, { weekday: true })}</p>
      </PageHeader>
      <div className="mx-auto max-w-xl px-4 py-8">
        <Link to={`/events/${event.eventNumber}`} className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <GeneralErrors errors={leave.errors} fields={[]} />
          {entry ? (
            <>
              <h2 className="text-xl font-semibold text-brand-800">You are on the waiting list</h2>
              <p className="mt-3 text-slate-700">
                {entry.status === 'offered'
                  ? `A place is held for you (${entry.request}). Sign up from the event page before the offer ends.`
                  : `You are number ${entry.position} in line, for ${entry.request}. We will email you if a place frees up.`}
              </p>
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value={LEAVE_INTENT} />
                <button type="submit" className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
                  Leave the waiting list
                </button>
              </Form>
            </>
          ) : (
            <Form id={form.formId} method="post" noValidate className="space-y-4" aria-labelledby="join-heading">
              <input type="hidden" name="intent" value={JOIN_INTENT} />
              <h2 id="join-heading" className="text-xl font-semibold text-brand-800">
                Join the waiting list
              </h2>
              <p className="text-slate-700">
                {placesLeft === 0 ? 'This event is full. ' : ''}
                {party
                  ? 'Tell us how many people are in your party. When enough seats free up, we email you an offer and hold the seats for you.'
                  : 'When a team place frees up, we email you an offer and hold the place for your team.'}
              </p>
              <GeneralErrors errors={form.errors} fields={FIELDS} />
              {party ? (
                <TextField
                  {...form.field('partySize')}
                  label="People in your party"
                  hint={`From 1 to ${STEAKFRY_MAX_ATTENDEES}.`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={STEAKFRY_MAX_ATTENDEES}
                  required
                />
              ) : null}
              <FixErrorsNotice errors={form.errors} />
              <SubmitButton busy={form.busy} busyText="Joining…">
                Join the waiting list
              </SubmitButton>
            </Form>
          )}
        </div>
      </div>
    </>
  );
}
