import { redirect } from 'react-router';
import type { Route } from './+types/campaigns';
import type { CampaignAdminView } from '../../../common/campaigns';
import { formatCalendarDate } from '../../../common/dates';
import { centsToDecimalString } from '../../../common/money';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { progressSummary } from '../../campaigns/CampaignProgress';
import { linkClass } from '../../admin/DataTable';
import { FormSection, Select, TextArea } from '../../admin/form-controls';
import { EditLink, ListThumbnail } from '../../admin/list-row';
import { LockedNotice, PublishedField, SaveRow } from '../../admin/publishable-form';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { CampaignsFormSchema } from '../../admin/campaign-form-schema.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';
import { typedValues } from '../../lib/form-body.server';

export const meta: Route.MetaFunction = () => [{ title: 'Campaigns | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const campaigns = args.context.services.campaigns;
  const [{ campaigns: list, families }, media] = await Promise.all([campaigns.forStaff(), args.context.backOffice.content.media()]);
  const url = new URL(args.request.url);
  const editId = Number(url.searchParams.get('edit'));
  return {
    campaigns: list,
    families,
    media: media.filter((m) => m.kind === 'image' && m.published),
    editing: list.find((c) => c.id === editId) ?? null,
    isAdmin: actor.role === 'admin',
    saved: url.searchParams.get('saved'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, CampaignsFormSchema);
  // So a browser without JavaScript shows what was typed.
  const echo = fields.intent === 'save' ? typedValues(fields) : undefined;
  if (!input.ok) return answer({ intent: fields.intent, ...input, echo });
  const form = input.data;
  const campaigns = args.context.services.campaigns;
  if (form.intent === 'save') {
    const result = await campaigns.save(actor, form.id, fields);
    if (result.ok) throw redirect(`/admin/campaigns?saved=${encodeURIComponent(result.slug)}`);
    return answer({ intent: form.intent, ...result, echo });
  }
  return answer({ intent: form.intent, ...(await campaigns.feature(actor, form.intent === 'feature' ? form.id : null)), echo });
}

function phaseText(c: CampaignAdminView): string {
  const dates = `${formatCalendarDate(c.startsOn)} – ${formatCalendarDate(c.endsOn)}`;
  return c.published ? dates : `${dates} · draft`;
}

export default function Campaigns({ loaderData, actionData }: Route.ComponentProps) {
  const { campaigns, families, media, editing, isAdmin, saved } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  return (
    <div>
      <AdminPageHeader
        title="Campaigns"
        lead="Fundraising campaigns with a goal, each with its own page at /give/… and the Donation Form set to it. An admin publishes a campaign and can feature one on the home page."
      />
      {saved && !actionData ? <Notice tone="success">Campaign saved. Its page is /give/{saved}.</Notice> : null}
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      {actionData?.intent !== 'save' ? <OtherErrors errors={errors} shown={[]} /> : null}
      {campaigns.length === 0 ? (
        <EmptyState className="mb-8" title="No campaigns yet.">
          Add one with the form below.
        </EmptyState>
      ) : (
        <ul className="mb-8 grid gap-3" aria-label="Campaigns">
          {campaigns.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-300 bg-white p-4">
              <ListThumbnail image={c.image} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span>{c.name}</span>
                  {c.featured ? <span className="rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-slate-900">On the home page</span> : null}
                </p>
                <p className="text-sm break-words text-slate-700">
                  {c.published ? (
                    <a href={`/give/${c.slug}`} className={linkClass}>
                      /give/{c.slug}
                    </a>
                  ) : (
                    `/give/${c.slug}`
                  )}{' '}
                  · {phaseText(c)}
                </p>
                <p className="text-sm text-slate-700">
                  {progressSummary(c.progress)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <EditLink to={`/admin/campaigns?edit=${c.id}#campaign-form`} name={c.name} />
                {isAdmin && c.published ? (
                  <StaffForm>
                    {c.featured ? (
                      <Button variant="secondary" name="intent" value="unfeature" aria-label={`Take ${c.name} off the home page`}>
                        Take off the home page
                      </Button>
                    ) : (
                      <>
                        <input type="hidden" name="id" value={c.id} />
                        <Button variant="secondary" name="intent" value="feature" aria-label={`Feature ${c.name} on the home page`}>
                          Feature on the home page
                        </Button>
                      </>
                    )}
                  </StaffForm>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CampaignForm
        key={editing?.id ?? `new-${saved ?? ''}`}
        editing={editing}
        media={media}
        families={families}
        isAdmin={isAdmin}
        errors={actionData?.intent === 'save' ? errors : undefined}
        echo={actionData?.echo}
      />
    </div>
  );
}

/** The form's fields with their labels, in order: for the summary of errors. */
const FIELD_LABELS = {
  name: 'Name',
  slug: 'Web address (/give/…)',
  story: 'Story',
  imageSrc: 'Picture',
  imageAlt: 'Alt text (describes the picture)',
  goal: 'Goal (dollars)',
  startsOn: 'Start date (Eastern time)',
  endsOn: 'End date (Eastern time)',
  familyYear: 'Family of the Year card',
};

function CampaignForm({
  editing,
  media,
  families,
  isAdmin,
  errors = {},
  echo,
}: {
  editing: CampaignAdminView | null;
  media: { src: string; fileName: string; alt: string }[];
  families: { year: number; header: string }[];
  isAdmin: boolean;
  errors?: Record<string, string>;
  echo?: Record<string, string>;
}) {
  const value = (name: string, saved: string | null | undefined) => echo?.[name] ?? saved ?? '';
  const locked = Boolean(editing?.published) && !isAdmin;
  const images = [{ value: '', label: 'No picture' }, ...media.map((m) => ({ value: m.src, label: `${m.fileName} — ${m.alt}` }))];
  if (editing?.image && !media.some((m) => m.src === editing.image!.src)) images.splice(1, 0, { value: editing.image.src, label: `Current: ${editing.image.src.split('/').pop()}` });
  const familyOptions = [{ value: '', label: 'None (the card keeps its GoFundMe link)' }, ...families.map((f) => ({ value: String(f.year), label: `${f.year} — ${f.header}` }))];
  return (
    <StaffForm id="campaign-form" className="grid gap-4" aria-label={editing ? `Edit ${editing.name}` : 'New campaign'} noValidate>
      <input type="hidden" name="id" value={editing?.id ?? ''} />
      <FormSection title={editing ? `Edit “${editing.name}”` : 'New campaign'}>
        <LockedNotice locked={locked} noun="campaign" />
        <ErrorSummary links={errorLinks(errors, FIELD_LABELS)} className="" />
        <OtherErrors errors={errors} shown={Object.keys(FIELD_LABELS)} />
        <fieldset disabled={locked} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label={FIELD_LABELS.name} defaultValue={value('name', editing?.name)} error={errors.name} maxLength={120} />
            <TextField
              name="slug"
              label={FIELD_LABELS.slug}
              defaultValue={value('slug', editing?.slug)}
              error={errors.slug}
              maxLength={80}
              hint="Empty: made from the name, like spring-groceries."
            />
          </div>
          <TextArea name="story" label={FIELD_LABELS.story} defaultValue={value('story', editing?.story)} error={errors.story} rows={8} maxLength={5000} hint="Leave an empty line between paragraphs." />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select name="imageSrc" label={FIELD_LABELS.imageSrc} defaultValue={value('imageSrc', editing?.image?.src)} error={errors.imageSrc} options={images} hint="From the media library." />
            <TextField name="imageAlt" label={FIELD_LABELS.imageAlt} defaultValue={value('imageAlt', editing?.image?.alt)} error={errors.imageAlt} maxLength={300} />
            <TextField
              name="goal"
              label={FIELD_LABELS.goal}
              inputMode="decimal"
              defaultValue={value('goal', editing ? centsToDecimalString(editing.goalCents) : '')}
              error={errors.goal}
              hint="For example: 5,000"
            />
            <Select name="familyYear" label={FIELD_LABELS.familyYear} defaultValue={value('familyYear', editing?.familyYear?.toString())} error={errors.familyYear} options={familyOptions} hint="Its card links to this campaign instead of GoFundMe." />
            <TextField name="startsOn" label={FIELD_LABELS.startsOn} type="date" defaultValue={value('startsOn', editing?.startsOn)} error={errors.startsOn} hint="Takes gifts from this day…" />
            <TextField name="endsOn" label={FIELD_LABELS.endsOn} type="date" defaultValue={value('endsOn', editing?.endsOn)} error={errors.endsOn} hint="…to the end of this one." />
          </div>
          <PublishedField isAdmin={isAdmin} label="Published (its page is public and takes gifts in its dates)" plural="campaigns" echo={echo} saved={editing?.published ?? false} />
        </fieldset>
        <SaveRow editing={Boolean(editing)} noun="campaign" locked={locked} listPath="/admin/campaigns" />
      </FormSection>
    </StaffForm>
  );
}
