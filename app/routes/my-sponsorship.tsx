import { data, Form, Link, redirect } from 'react-router';
import { requireSupporter } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';
import { useRouteForm, type FormAnswer } from '../lib/hooks/use-route-form';
import { pageHandle } from '../lib/pages/page-handle';
import { pageMeta } from '../lib/seo/meta';
import { FixErrorsNotice, GeneralErrors, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { formatCalendarDate } from '../../common/dates';
import { guestField, guestsByTeam, namingPath } from '../../common/sponsorships';
import type { Route } from './+types/my-sponsorship';

/** ADR 054: the sponsor names the places their package includes, until the day staff set; works without JavaScript. */

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'My sponsorship', 'Name the people your sponsorship package includes.'), { name: 'robots', content: 'noindex' }];

export const handle = pageHandle('/dashboard/sponsorships/:sponsorshipId');

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

function idOf(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw data('Not found', { status: 404 });
  return Number(raw);
}

async function mine(args: Route.LoaderArgs | Route.ActionArgs, supporterId: number) {
  try {
    return await args.context.services.sponsorships.mineById(supporterId, idOf(args.params.sponsorshipId));
  } catch (error) {
    if ((error as { code?: string }).code === 'not_found') throw data('Not found', { status: 404 });
    throw error;
  }
}

export async function loader(args: Route.LoaderArgs) {
  const supporter = await requireSupporter(args);
  return { sponsorship: await mine(args, supporter.id), saved: new URL(args.request.url).searchParams.has('saved') };
}

export async function action(args: Route.ActionArgs) {
  const supporter = await requireSupporter(args);
  const sponsorship = await mine(args, supporter.id);
  const fields = await readFormFields(args.request);
  try {
    await args.context.services.sponsorships.saveNames(supporter.id, sponsorship.id, fields);
    return redirect(`${namingPath(sponsorship.id)}?saved`);
  } catch (error) {
    const { fields: errors, code } = error as { fields?: Record<string, string>; code?: string };
    if (!errors) throw error;
    return data<FormAnswer>({ errors, values: fields }, { status: code === 'conflict' ? 409 : 422 });
  }
}

export default function Page({ loaderData: { sponsorship, saved } }: Route.ComponentProps) {
  const { places } = sponsorship;
  // Every seat, and each team's name on its first seat: the saved values and the fields errors may name.
  const initial = Object.fromEntries(
    places.guests.flatMap((g) => [[guestField(g.team, g.position), g.name], ...(g.position === 1 ? [[guestField(g.team, 'name'), g.teamName ?? '']] : [])]),
  );
  const form = useRouteForm(undefined, initial);
  const fieldNames = Object.keys(initial);
  const due = formatCalendarDate(places.dueOn, { weekday: true });
  return (
    <>
      <PageHeader title="My sponsorship">
        <p className="font-semibold text-brand-800">{sponsorship.event.name}</p>
        <p>{formatCalendarDate(sponsorship.event.eventDate, { weekday: true })}</p>
      </PageHeader>
      <div className="mx-auto max-w-2xl px-4 py-8">
        <Link to="/dashboard" className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
          <span aria-hidden="true">←</span> My Dashboard
        </Link>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          {saved ? <SuccessNotice>The names are saved. You can change them until {due}.</SuccessNotice> : null}
          <p className="text-lg text-slate-800">
            {sponsorship.companyName}’s {sponsorship.packageName} sponsorship includes {places.what}.{' '}
            {places.named} of {places.seats} named.
          </p>
          {sponsorship.open ? (
            <Form id={form.formId} method="post" noValidate className="mt-4 space-y-6">
              <p className="text-slate-700">Name who is coming by {due}. Leave a name empty if you don’t know it yet, and come back to add it.</p>
              <GeneralErrors errors={form.errors} fields={fieldNames} />
              {Array.from({ length: places.shape.teams }, (_, i) => i + 1).map((team) => (
                <fieldset key={team} className="space-y-3 rounded-lg border border-slate-200 p-4">
                  <legend className="px-1 text-base font-semibold text-brand-800">{places.shape.party ? 'Your guests' : `Team ${team}`}</legend>
                  {places.shape.party ? null : <TextField {...form.field(guestField(team, 'name'))} label="Team name" maxLength={80} autoComplete="off" />}
                  {Array.from({ length: places.shape.perTeam }, (_, j) => j + 1).map((seat) => (
                    <TextField key={seat} {...form.field(guestField(team, seat))} label={`${places.shape.party ? 'Guest' : 'Player'} ${seat}`} maxLength={80} autoComplete="off" />
                  ))}
                </fieldset>
              ))}
              <FixErrorsNotice errors={form.errors} />
              <SubmitButton busy={form.busy} busyText="Saving…">
                Save the names
              </SubmitButton>
            </Form>
          ) : (
            <>
              <p className="mt-3 text-slate-700">The names were due on {due}. Please contact us to change them.</p>
              <ul className="mt-3 space-y-1 text-slate-800">
                {guestsByTeam(places).map((team) => (
                  <li key={team.label}>
                    <strong>{team.label}:</strong> {team.names.join(', ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </>
  );
}
