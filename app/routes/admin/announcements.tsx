import { redirect } from 'react-router';
import type { Route } from './+types/announcements';
import type { AnnouncementView, MediaItem } from '../../../common/content-admin';
import { formatMoment, toFoundationLocalInput } from '../../../common/moment';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { FormSection } from '../../admin/form-controls';
import { EditLink, ListThumbnail } from '../../admin/list-row';
import { LockedNotice, PublishedField, SaveRow } from '../../admin/publishable-form';
import { PicturePicker, pictureOption, type PictureOption } from '../../admin/PicturePicker';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { AnnouncementsFormSchema } from '../../admin/form-schemas.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';
import { typedValues } from '../../lib/form-body.server';
import { PublishBadge } from '../../admin/PublishBadge';

export const meta: Route.MetaFunction = () => [{ title: 'Announcements | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const content = args.context.backOffice.content;
  const [announcements, media] = await Promise.all([content.announcements(), content.media()]);
  const url = new URL(args.request.url);
  const editId = Number(url.searchParams.get('edit'));
  const editing = announcements.find((a) => a.id === editId) ?? null;
  return { announcements, media: media.filter((m) => m.kind === 'image'), editing, isAdmin: actor.role === 'admin', saved: url.searchParams.has('saved') };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, AnnouncementsFormSchema);
  // So a browser without JavaScript shows what was typed.
  const echo = fields.intent === 'save' ? typedValues(fields) : undefined;
  if (!input.ok) return answer({ intent: fields.intent, ...input, echo });
  const form = input.data;
  const content = args.context.backOffice.content;
  if (form.intent === 'save') {
    const result = await content.saveAnnouncement(actor, form.id, fields);
    if (result.ok) throw redirect('/admin/announcements?saved=1');
    return answer({ intent: form.intent, ...result, echo });
  }
  if (form.intent === 'delete') return answer({ intent: form.intent, ...(await content.deleteAnnouncement(actor, form.id)), echo });
  return answer({ intent: form.intent, ...(await content.moveAnnouncement(actor, form.id, form.intent)), echo });
}

function when(a: AnnouncementView): string {
  const from = a.showFrom ? `from ${formatMoment(a.showFrom)}` : 'from when it is published';
  const until = a.showUntil ? ` until ${formatMoment(a.showUntil)}` : '';
  return `Shows ${from}${until}`;
}

export default function Announcements({ loaderData, actionData }: Route.ComponentProps) {
  const { announcements, media, editing, isAdmin, saved } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  const echo = actionData?.echo;
  return (
    <div>
      <AdminPageHeader
        title="Announcements"
        lead="The news cards on the home page, in this order. Give each its dates to show it only then; the site changes on its own at those times."
      />
      {saved && !actionData ? <Notice tone="success">Announcement saved.</Notice> : null}
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      {actionData?.intent !== 'save' ? <OtherErrors errors={errors} shown={[]} /> : null}
      {announcements.length === 0 ? (
        <EmptyState className="mb-8" title="No announcements yet.">
          Add one with the form below; it shows on the home page once it is published.
        </EmptyState>
      ) : (
        <ol className="mb-8 grid gap-3">
          {announcements.map((a, i) => (
            <li key={a.id} className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-300 bg-white p-4">
              <ListThumbnail image={a.image} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span>{a.heading}</span> <PublishBadge state={a.state} />
                </p>
                <p className="text-sm text-slate-700">{a.meta}</p>
                <p className="text-sm text-slate-700">{when(a)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <EditLink to={`/admin/announcements?edit=${a.id}#announcement-form`} name={a.heading} />
                <StaffForm className="flex gap-2">
                  <input type="hidden" name="id" value={a.id} />
                  <Button variant="secondary" name="intent" value="up" disabled={i === 0} aria-label={`Move ${a.heading} up`}>
                    Up
                  </Button>
                  <Button variant="secondary" name="intent" value="down" disabled={i === announcements.length - 1} aria-label={`Move ${a.heading} down`}>
                    Down
                  </Button>
                  {isAdmin || !a.published ? (
                    <Button variant="danger" name="intent" value="delete" aria-label={`Delete ${a.heading}`}>
                      Delete
                    </Button>
                  ) : null}
                </StaffForm>
              </div>
            </li>
          ))}
        </ol>
      )}
      <AnnouncementForm key={editing?.id ?? 'new'} editing={editing} media={media} isAdmin={isAdmin} errors={actionData?.intent === 'save' ? errors : undefined} echo={echo} />
    </div>
  );
}

/** The form's fields with their labels, in order: for the summary of errors. */
const FIELD_LABELS = {
  heading: 'Heading',
  meta: 'Date and place line',
  linkHref: 'Link (a page such as /events/4, or https://…)',
  linkLabel: 'Link text',
  imageSrc: 'Picture',
  imageAlt: 'Alt text (describes the picture)',
  showFrom: 'Show from (Eastern time)',
  showUntil: 'Show until (Eastern time)',
};

function AnnouncementForm({
  editing,
  media,
  isAdmin,
  errors = {},
  echo,
}: {
  editing: AnnouncementView | null;
  media: MediaItem[];
  isAdmin: boolean;
  errors?: Record<string, string>;
  echo?: Record<string, string>;
}) {
  const value = (name: string, saved: string | null | undefined) => echo?.[name] ?? saved ?? '';
  const locked = Boolean(editing?.published) && !isAdmin;
  const images: PictureOption[] = [{ value: '', label: 'Choose a picture' }, ...media.map(pictureOption)];
  if (editing?.image && !media.some((m) => m.src === editing.image!.src)) images.splice(1, 0, { value: editing.image.src, label: `Current: ${editing.image.src.split('/').pop()}`, thumb: editing.image });
  return (
    <StaffForm id="announcement-form" className="grid gap-4" aria-label={editing ? `Edit ${editing.heading}` : 'New announcement'} noValidate>
      <input type="hidden" name="id" value={editing?.id ?? ''} />
      <FormSection title={editing ? `Edit “${editing.heading}”` : 'New announcement'}>
        <LockedNotice locked={locked} noun="announcement" />
        <ErrorSummary links={errorLinks(errors, FIELD_LABELS)} className="" />
        <OtherErrors errors={errors} shown={Object.keys(FIELD_LABELS)} />
        <fieldset disabled={locked} className="grid gap-4">
          <TextField name="heading" label={FIELD_LABELS.heading} defaultValue={value('heading', editing?.heading)} error={errors.heading} maxLength={120} />
          <TextField name="meta" label={FIELD_LABELS.meta} defaultValue={value('meta', editing?.meta)} error={errors.meta} hint="For example: March 14, 2026 · Shadyside" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="linkHref" label={FIELD_LABELS.linkHref} defaultValue={value('linkHref', editing?.linkHref)} error={errors.linkHref} />
            <TextField name="linkLabel" label={FIELD_LABELS.linkLabel} defaultValue={value('linkLabel', editing?.linkLabel)} error={errors.linkLabel} hint="For example: Learn more" />
            <PicturePicker name="imageSrc" label={FIELD_LABELS.imageSrc} defaultValue={value('imageSrc', editing?.image?.src)} error={errors.imageSrc} options={images} />
            <TextField name="imageAlt" label={FIELD_LABELS.imageAlt} defaultValue={value('imageAlt', editing?.image?.alt)} error={errors.imageAlt} maxLength={300} />
            <TextField
              name="showFrom"
              label={FIELD_LABELS.showFrom}
              type="datetime-local"
              defaultValue={value('showFrom', editing?.showFrom ? toFoundationLocalInput(editing.showFrom) : '')}
              error={errors.showFrom}
              hint="Empty: as soon as it is published."
            />
            <TextField
              name="showUntil"
              label={FIELD_LABELS.showUntil}
              type="datetime-local"
              defaultValue={value('showUntil', editing?.showUntil ? toFoundationLocalInput(editing.showUntil) : '')}
              error={errors.showUntil}
              hint="Empty: until it is taken down."
            />
          </div>
          <PublishedField isAdmin={isAdmin} label="Published (shows on the home page in its dates)" plural="announcements" echo={echo} saved={editing?.published ?? false} />
        </fieldset>
        <SaveRow editing={Boolean(editing)} noun="announcement" locked={locked} listPath="/admin/announcements" />
      </FormSection>
    </StaffForm>
  );
}
