import { redirect } from 'react-router';
import type { Route } from './+types/sponsorships';
import { formatCalendarDate } from '../../../common/dates';
import { centsToDecimalString, formatCents } from '../../../common/money';
import { leftText, staffLogoPath, type SponsorPlaces, type StaffPackage, type StaffSponsorship } from '../../../common/sponsorships';
import { SponsorPlacesText } from '../../sponsorships/SponsorPlacesText';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { FormSection, TextArea } from '../../admin/form-controls';
import { LockedNotice, PublishedField, SaveRow } from '../../admin/publishable-form';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { SponsorshipsFormSchema } from '../../admin/sponsorship-form-schema.server';
import { pathNumber, readStaffForm, requireStaff } from '../../admin/guard.server';
import { typedValues } from '../../lib/form-body.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Sponsorships${data ? ` — ${data.event.name}` : ''} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const eventNumber = pathNumber(args.params.eventNumber);
  const service = args.context.services.sponsorships;
  const [packages, sold] = await Promise.all([service.packagesForStaff(eventNumber), service.listForStaff(eventNumber)]);
  if (!packages || !sold) throw new Response('Not found', { status: 404 });
  const url = new URL(args.request.url);
  const editId = Number(url.searchParams.get('edit'));
  return {
    event: packages.event,
    packages: packages.packages,
    sponsorships: sold.sponsorships,
    editing: packages.packages.find((p) => p.id === editId) ?? null,
    isAdmin: actor.role === 'admin',
    saved: url.searchParams.get('saved'),
  };
}

export async function action(args: Route.ActionArgs) {
  const eventNumber = pathNumber(args.params.eventNumber);
  const { actor, fields, input } = await readStaffForm(args, SponsorshipsFormSchema);
  const echo = fields.intent === 'save' ? typedValues(fields) : undefined;
  if (!input.ok) return answer({ intent: fields.intent, ...input, echo });
  const form = input.data;
  const service = args.context.services.sponsorships;
  if (form.intent === 'save') {
    const result = await service.savePackage(actor, eventNumber, form.id, fields);
    if (result.ok) throw redirect(`/admin/events/${eventNumber}/sponsorships?saved=1`);
    return answer({ intent: form.intent, ...result, echo });
  }
  return answer({ intent: form.intent, ...(await service.review(actor, form.sponsorship, form.intent, fields.reason ?? '')), echo });
}

const REVIEW_TEXT = { pending: 'Waiting for approval', approved: 'Approved: shown on the site', rejected: 'Rejected' } as const;

export default function Sponsorships({ loaderData, actionData }: Route.ComponentProps) {
  const { event, packages, sponsorships, editing, isAdmin, saved } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  const base = `/admin/events/${event.eventNumber}/sponsorships`;
  return (
    <div>
      <AdminPageHeader
        title={`Sponsorships: ${event.name}`}
        lead={`${formatCalendarDate(event.eventDate)}. Packages businesses buy on the event page, and the sponsors who bought them. A sponsor shows on the site once its logo and name are approved.`}
        actions={
          <div className="flex flex-wrap gap-3">
            <a href={`${base}.csv`} className={linkClass}>
              Download sponsors (CSV)
            </a>
            <a href={`${base}/sheet`} className={linkClass}>
              Printable sponsor sheet
            </a>
          </div>
        }
      />
      {saved && !actionData ? <Notice tone="success">Package saved.</Notice> : null}
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      {actionData?.intent !== 'save' ? <OtherErrors errors={errors} shown={Object.keys(errors ?? {}).filter((k) => k.startsWith('reason-'))} /> : null}

      <h2 className="mb-3 text-xl font-semibold">Sponsors</h2>
      {sponsorships.length === 0 ? (
        <EmptyState className="mb-8" title="No sponsors yet.">
          Businesses buy packages on the event page.
        </EmptyState>
      ) : (
        <ul className="mb-8 grid gap-3" aria-label="Sponsors">
          {sponsorships.map((s) => (
            <SponsorRow key={s.id} sponsorship={s} base={base} error={actionData?.intent !== 'save' ? errors?.[`reason-${s.id}`] : undefined} />
          ))}
        </ul>
      )}

      <h2 className="mb-3 text-xl font-semibold">Packages</h2>
      {packages.length === 0 ? (
        <EmptyState className="mb-8" title="No packages yet.">
          Add one with the form below.
        </EmptyState>
      ) : (
        <ul className="mb-8 grid gap-3" aria-label="Packages">
          {packages.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-300 bg-white p-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {p.name} · {formatCents(p.priceCents)}
                  {p.published ? '' : ' · draft'}
                </p>
                <p className="text-sm text-slate-700">
                  {leftText(p)} · goods and services worth {formatCents(p.goodsValueCents)}
                  {p.places > 0 ? ` · ${p.places} team or party place${p.places === 1 ? '' : 's'}` : ''}
                  {p.places > 0 && p.placesDueOn ? `, names due ${formatCalendarDate(p.placesDueOn)}` : ''}
                </p>
                <p className="text-sm break-words whitespace-pre-line text-slate-700">{p.includes}</p>
              </div>
              <a href={`${base}?edit=${p.id}#package-form`} className={linkClass} aria-label={`Edit ${p.name}`}>
                Edit
              </a>
            </li>
          ))}
        </ul>
      )}
      <PackageForm
        key={editing?.id ?? `new-${saved ?? ''}`}
        editing={editing}
        isAdmin={isAdmin}
        listPath={base}
        errors={actionData?.intent === 'save' ? errors : undefined}
        echo={actionData?.echo}
      />
    </div>
  );
}

function SponsorRow({ sponsorship: s, base, error }: { sponsorship: StaffSponsorship & { named: SponsorPlaces | null }; base: string; error?: string }) {
  const reasonId = `field-reason-${s.id}`;
  return (
    <li className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-300 bg-white p-4">
      <img src={staffLogoPath(s.id)} alt={`Logo of ${s.displayName}`} width={s.logoWidth} height={s.logoHeight} className="h-auto max-h-24 w-40 max-w-full object-contain" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          {s.displayName} <span className="font-normal text-slate-700">({s.packageName})</span>
        </p>
        <p className="text-sm break-words text-slate-700">
          {s.companyName} · {s.contactName} · {s.contactEmail} · {s.phone}
        </p>
        {s.link ? <p className="text-sm break-all text-slate-700">{s.link}</p> : null}
        <p className="text-sm font-semibold" data-testid={`review-${s.id}`}>
          {REVIEW_TEXT[s.review]}
          {s.review === 'rejected' && s.reviewReason ? `: ${s.reviewReason}` : ''}
        </p>
        {s.named ? <SponsorPlacesText places={s.named} /> : null}
        <p className="text-sm">
          <a href={`/admin/payments/${s.paymentId}`} className={linkClass}>
            Payment of {formatCents(s.amountCents)}
          </a>
        </p>
      </div>
      <StaffForm action={base} className="grid w-full gap-2 sm:w-72">
        <input type="hidden" name="sponsorship" value={s.id} />
        {s.review !== 'approved' ? (
          <Button name="intent" value="approve" aria-label={`Approve ${s.displayName}`}>
            Approve
          </Button>
        ) : null}
        <label htmlFor={reasonId} className="text-sm font-semibold">
          Reason (to reject)
        </label>
        {error ? (
          <p id={`${reasonId}-error`} className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <input id={reasonId} name="reason" maxLength={500} className="rounded border border-slate-400 px-2 py-1" aria-invalid={error ? true : undefined} aria-describedby={error ? `${reasonId}-error` : undefined} />
        <Button variant="secondary" name="intent" value="reject" aria-label={`Reject ${s.displayName}`}>
          Reject
        </Button>
      </StaffForm>
    </li>
  );
}

const FIELD_LABELS = {
  name: 'Name',
  price: 'Price (dollars)',
  quantity: 'How many are available',
  includes: 'What it includes',
  places: 'Team or party places included',
  placesDue: 'Names due by',
  goodsValue: 'Value of goods and services (dollars, for the receipt)',
};

function PackageForm({
  editing,
  isAdmin,
  listPath,
  errors = {},
  echo,
}: {
  editing: StaffPackage | null;
  isAdmin: boolean;
  listPath: string;
  errors?: Record<string, string>;
  echo?: Record<string, string>;
}) {
  const value = (name: string, saved: string | null | undefined) => echo?.[name] ?? saved ?? '';
  const locked = Boolean(editing?.published) && !isAdmin;
  return (
    <StaffForm id="package-form" className="grid gap-4" aria-label={editing ? `Edit ${editing.name}` : 'New package'} noValidate>
      <input type="hidden" name="id" value={editing?.id ?? ''} />
      <FormSection title={editing ? `Edit “${editing.name}”` : 'New package'}>
        <LockedNotice locked={locked} noun="package" />
        <ErrorSummary links={errorLinks(errors, FIELD_LABELS)} className="" />
        <OtherErrors errors={errors} shown={Object.keys(FIELD_LABELS)} />
        <fieldset disabled={locked} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label={FIELD_LABELS.name} defaultValue={value('name', editing?.name)} error={errors.name} maxLength={80} hint="For example: Gold" />
            <TextField name="price" label={FIELD_LABELS.price} inputMode="decimal" defaultValue={value('price', editing ? centsToDecimalString(editing.priceCents) : '')} error={errors.price} hint="For example: 2,500" />
            <TextField name="quantity" label={FIELD_LABELS.quantity} inputMode="numeric" defaultValue={value('quantity', editing?.quantity.toString())} error={errors.quantity} />
            <TextField name="places" label={FIELD_LABELS.places} inputMode="numeric" defaultValue={value('places', editing?.places.toString() ?? '0')} error={errors.places} hint="Teams at a team event, guests at a dinner; 0 if none." />
            <TextField
              name="placesDue"
              label={FIELD_LABELS.placesDue}
              type="date"
              defaultValue={value('placesDue', editing?.placesDueOn ?? '')}
              error={errors.placesDue}
              hint="With places: the sponsor names who is coming from their dashboard until the end of this day."
            />
            <TextField
              name="goodsValue"
              label={FIELD_LABELS.goodsValue}
              inputMode="decimal"
              defaultValue={value('goodsValue', editing ? centsToDecimalString(editing.goodsValueCents) : '')}
              error={errors.goodsValue}
              hint="What the sponsor receives (a team's golf, dinners); 0 if nothing."
            />
          </div>
          <TextArea name="includes" label={FIELD_LABELS.includes} defaultValue={value('includes', editing?.includes)} error={errors.includes} rows={4} maxLength={2000} hint="For example: logo on the carts and one team." />
          <PublishedField isAdmin={isAdmin} label="Published (shown on the event page and for sale)" plural="packages" echo={echo} saved={editing?.published ?? false} />
        </fieldset>
        <SaveRow editing={Boolean(editing)} noun="package" locked={locked} listPath={listPath} />
      </FormSection>
    </StaffForm>
  );
}
