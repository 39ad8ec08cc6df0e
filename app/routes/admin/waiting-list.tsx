import { Link } from 'react-router';
import type { Route } from './+types/waiting-list';
import { formatRoundMoment } from '../../../common/scholarship-rounds';
import { MAX_OFFER_HOURS, type WaitlistStaffView } from '../../../common/waitlist';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { DataTable, Th } from '../../admin/DataTable';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { answer } from '../../admin/answer.server';
import { pathNumber, requireStaff, requireStaffForm } from '../../admin/guard.server';
import { TextField } from '../../ui/FormFields';

export const meta: Route.MetaFunction = () => [{ title: 'Waiting list | Back office' }];

const notFound = (error: unknown) => (error as { code?: string }).code === 'not_found';

/** ADR 053: the list and its offers; staff offer a place by hand under the same rules as the job. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const eventNumber = pathNumber(args.params.eventNumber);
  try {
    return {
      view: await args.context.services.waitlists.staffView(eventNumber),
    };
  } catch (error) {
    if (notFound(error)) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields } = await requireStaffForm(args);
  const eventNumber = pathNumber(args.params.eventNumber);
  const { waitlists } = args.context.services;
  try {
    if (fields.intent === 'offer')
      return answer({
        ok: true as const,
        done: await waitlists.offerByHand(actor, eventNumber, Number(fields.entryId)),
        errors: {} as Record<string, string>,
      });
    if (fields.intent === 'hours')
      return answer({
        ok: true as const,
        done: await waitlists.setOfferHours(actor, eventNumber, fields),
        errors: {} as Record<string, string>,
      });
    throw new Response('This form could not be read. Please reload the page and try again.', { status: 400 });
  } catch (error) {
    const errors = (error as { fields?: Record<string, string> }).fields;
    if (!errors) throw error;
    return answer({
      ok: false as const,
      done: null,
      errors,
      echo: { offerHours: fields.offerHours ?? '' },
    });
  }
}

const STATUS_TEXT: Record<WaitlistStaffView['entries'][number]['status'], string> = {
  waiting: 'Waiting',
  offered: 'Offer standing',
  accepted: 'Signed up',
  lapsed: 'Offer lapsed',
};

const moment = (iso: string | null) => (iso ? formatRoundMoment(iso) : '—');

export default function WaitingList({ loaderData: { view }, actionData }: Route.ComponentProps) {
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  const hoursEcho = actionData && !actionData.ok && 'echo' in actionData ? actionData.echo.offerHours : undefined;
  const { event } = view;
  const free = event.capacity === null ? null : Math.max(0, event.capacity - view.placesTaken);
  return (
    <div>
      <AdminPageHeader
        title={`Waiting list: ${event.name}`}
        lead={`${event.capacity === null ? 'No capacity set.' : `${view.placesTaken} of ${event.capacity} places taken, held or offered; ${free} free.`} Offers go out by themselves when places free up; you can also offer a place by hand.`}
      />
      <p className="mb-4">
        <Link className="font-medium text-brand-700 underline" to="/admin/events">
          Back to events
        </Link>
      </p>
      {actionData?.ok ? <Notice tone="success">{actionData.done}</Notice> : null}
      <OtherErrors errors={errors} shown={['offerHours']} />
      <section aria-labelledby="offer-hours" className="mb-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="offer-hours" className="text-lg font-semibold">
          How long an offer holds its places
        </h2>
        <StaffForm className="mt-3 grid gap-3 sm:grid-cols-[18rem_auto] sm:items-end" noValidate aria-label="Offer hold hours">
          <ErrorSummary
            links={errorLinks(errors, {
              offerHours: 'Hours an offer holds its places',
            })}
            className="sm:col-span-2"
          />
          <TextField
            name="offerHours"
            label="Hours an offer holds its places"
            inputMode="numeric"
            defaultValue={hoursEcho ?? String(view.offerHours)}
            error={errors?.offerHours}
            hint={`1 to ${MAX_OFFER_HOURS}; 24 unless set.`}
          />
          <div>
            <Button name="intent" value="hours">
              Save hours
            </Button>
          </div>
        </StaffForm>
      </section>
      {view.entries.length === 0 ? (
        <EmptyState title="Nobody is on this waiting list." />
      ) : (
        <DataTable
          caption={`Waiting list for ${event.name}, first in line first`}
          head={
            <tr>
              <Th>Who</Th>
              <Th>Wants</Th>
              <Th>Since</Th>
              <Th>Status</Th>
              <Th>Offer ends</Th>
              {/* Visible: an sr-only span here is absolutely placed outside the scrolling table and widens a phone's page. */}
              <Th>Action</Th>
            </tr>
          }
        >
          {view.entries.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2">
                <span className="font-semibold">{entry.name}</span>
                <br />
                <span className="break-all text-slate-700">{entry.email}</span>
              </td>
              <td className="px-3 py-2">{entry.request}</td>
              <td className="px-3 py-2">{moment(entry.joinedAt)}</td>
              <td className="px-3 py-2">
                {STATUS_TEXT[entry.status]}
                {entry.status !== 'waiting' && entry.offeredAt ? ` (offered ${moment(entry.offeredAt)}${entry.byStaff ? ' by staff' : ''})` : ''}
              </td>
              <td className="px-3 py-2">{entry.status === 'offered' ? moment(entry.offerExpiresAt) : '—'}</td>
              <td className="px-3 py-2">
                {entry.status === 'waiting' ? (
                  <StaffForm>
                    <input type="hidden" name="entryId" value={entry.id} />
                    <Button variant="secondary" name="intent" value="offer" aria-label={`Offer a place to ${entry.name}`}>
                      Offer a place
                    </Button>
                  </StaffForm>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
