import type { Route } from './+types/media';
import { UPLOAD_MAX_BYTES, type MediaItem } from '../../../common/content-admin';
import { uploadSrcSets } from '../../../common/media';
import { formatMoment } from '../../../common/moment';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { FormSection } from '../../admin/form-controls';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField, FieldError } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { MediaFormSchema } from '../../admin/form-schemas.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';

export const meta: Route.MetaFunction = () => [{ title: 'Media | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  const { session } = await requireStaff(args);
  return { media: await args.context.backOffice.content.media(), isAdmin: session.staff.role === 'admin' };
}

/** A form's multipart overhead on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;

export async function action(args: Route.ActionArgs) {
  await requireStaff(args);
  // Refuse a body too large before reading any of it.
  const length = Number(args.request.headers.get('content-length'));
  if (Number.isFinite(length) && length > UPLOAD_MAX_BYTES + FORM_OVERHEAD) {
    return answer({ intent: 'upload', ok: false as const, errors: { file: 'The file is larger than 20 MB.' } });
  }
  const { actor, fields, input } = await readStaffForm(args, MediaFormSchema);
  if (!input.ok) return answer({ intent: fields.intent, ...input });
  const form = input.data;
  const content = args.context.backOffice.content;
  if (form.intent === 'upload') {
    const { file, alt } = form;
    return answer({ intent: form.intent, ...(await content.upload(actor, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, type: file.type }, alt)) });
  }
  if (form.intent === 'alt') return answer({ intent: form.intent, ...(await content.setMediaAlt(actor, form.id, form.alt)) });
  // The domain refuses a volunteer; the button is shown to admins only.
  return answer({ intent: form.intent, ...(await content.approveMedia(actor, form.id)) });
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
  const { media, isAdmin } = loaderData;
  const uploads = media.filter((item) => item.origin === 'upload');
  const shipped = media.filter((item) => item.origin === 'content');
  const uploadErrors: Record<string, string> | undefined = actionData?.intent === 'upload' && !actionData.ok ? actionData.errors : undefined;
  return (
    <div>
      <AdminPageHeader
        title="Media"
        lead={`Pictures and documents for events, announcements and pages. Pictures are resized for phones and computers and their location data is removed. ${isAdmin ? 'A volunteer’s upload is a draft until you approve it.' : 'Your uploads are drafts: staff can see them, the public once an admin approves them.'}`}
      />
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      {actionData?.intent !== 'upload' && actionData && !actionData.ok ? <OtherErrors errors={actionData.errors} shown={[]} /> : null}
      <StaffForm encType="multipart/form-data" className="mb-8" aria-label="Upload a file" noValidate>
        <FormSection title="Upload" lead="JPEG, PNG or WebP pictures, or PDF documents, up to 20 MB.">
          <ErrorSummary links={errorLinks(uploadErrors, { file: 'File', alt: 'Alt text (describes the picture for people who cannot see it)' }, (name) => `upload-${name}`)} className="" />
          <OtherErrors errors={uploadErrors} shown={['file', 'alt']} />
          <div>
            <label htmlFor="upload-file" className="mb-1 block text-sm font-semibold text-slate-800">
              File
            </label>
            <FieldError id="upload-file-error" message={uploadErrors?.file} />
            <input
              id="upload-file"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              aria-invalid={uploadErrors?.file ? true : undefined}
              aria-describedby={uploadErrors?.file ? 'upload-file-error' : undefined}
              className="block min-h-11 w-full cursor-pointer rounded-md border border-slate-400 bg-white p-1.5 text-base text-slate-700 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700 file:mr-3 file:min-h-9 file:cursor-pointer file:rounded file:border file:border-solid file:border-slate-400 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-200"
            />
          </div>
          <TextField
            name="alt"
            id="upload-alt"
            label="Alt text (describes the picture for people who cannot see it)"
            error={uploadErrors?.alt}
            maxLength={300}
            hint="For a document, its title."
          />
          <div>
            <Button name="intent" value="upload">
              Upload
            </Button>
          </div>
        </FormSection>
      </StaffForm>
      <section aria-labelledby="uploads-heading">
        <h2 id="uploads-heading" className="mb-3 text-lg font-bold">
          Uploads
        </h2>
        {uploads.length === 0 ? <EmptyState title="Nothing uploaded yet.">Files uploaded here can be chosen for events, announcements and pages.</EmptyState> : null}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {uploads.map((item) => (
            <MediaCard key={item.id} item={item} isAdmin={isAdmin} />
          ))}
        </ul>
      </section>
      {shipped.length > 0 ? (
        <section aria-labelledby="content-pictures-heading" className="mt-10">
          <h2 id="content-pictures-heading" className="text-lg font-bold">
            On the site already ({shipped.length})
          </h2>
          <p className="mb-3 mt-1 text-sm text-slate-700">
            The pictures and documents that came with the site’s content. Choose them for events, announcements and pages like uploads; they cannot be changed or deleted here.
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shipped.map((item) => (
              <ContentPictureCard key={item.src} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Read-only: it ships with the site's content folder (ADR 049). */
function ContentPictureCard({ item }: { item: MediaItem }) {
  return (
    <li className="flex flex-col rounded-lg border border-slate-300 bg-white p-2 text-sm">
      {item.kind === 'image' && item.width && item.height ? (
        <img src={item.src} width={item.width} height={item.height} alt={item.alt} loading="lazy" decoding="async" className="aspect-[3/2] h-auto w-full rounded bg-slate-100 object-contain" />
      ) : (
        <p className="flex aspect-[3/2] items-center justify-center rounded bg-slate-100 font-semibold text-slate-800">{item.kind === 'pdf' ? 'PDF document' : 'Picture'}</p>
      )}
      <p className="mt-2 break-all font-semibold">{item.fileName}</p>
      {item.alt ? <p className="text-slate-700">{item.alt}</p> : null}
      <p className="mt-auto pt-1 text-xs text-slate-700">
        {item.width && item.height ? `${item.width} × ${item.height} · ` : ''}
        {kb(item.byteSize)} ·{' '}
        <a className={linkClass} href={item.src} target="_blank" rel="noreferrer">
          Open<span className="sr-only"> {item.fileName}</span>
        </a>
      </p>
    </li>
  );
}

function MediaCard({ item, isAdmin }: { item: MediaItem; isAdmin: boolean }) {
  const sets = item.kind === 'image' && item.width ? uploadSrcSets(item.src, item.width) : null;
  return (
    <li className="flex flex-col rounded-lg border border-slate-300 bg-white p-3">
      {item.kind === 'image' && item.width && item.height ? (
        <picture>
          {sets ? <source type="image/avif" srcSet={sets.avif} sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw" /> : null}
          {sets ? <source type="image/webp" srcSet={sets.webp} sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw" /> : null}
          <img src={item.src} width={item.width} height={item.height} alt={item.alt} loading="lazy" className="h-40 w-full rounded bg-slate-100 object-contain" />
        </picture>
      ) : (
        <p className="flex h-40 items-center justify-center rounded bg-slate-100 font-semibold text-slate-800">PDF document</p>
      )}
      <p className="mt-2 break-all font-semibold">
        {item.fileName}
        {item.published ? null : (
          <span className="ml-2 inline-block whitespace-nowrap rounded border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft: waiting for an admin</span>
        )}
      </p>
      <p className="text-sm text-slate-700">
        {item.width && item.height ? `${item.width} × ${item.height} · ` : ''}
        {kb(item.byteSize)} · {formatMoment(item.createdAt)}
      </p>
      <p className="text-sm text-slate-700">
        {item.kind === 'image' ? `${item.files.length} sizes (AVIF and WebP)` : 'Downloaded, or opened in the browser as an event’s flyer'} ·{' '}
        <a className={linkClass} href={item.src} target="_blank" rel="noreferrer">
          Open
        </a>
      </p>
      <p className="mt-1 break-all text-xs text-slate-700">
        Address: <code>{item.src}</code>
      </p>
      {isAdmin && !item.published ? (
        <StaffForm className="pt-3" aria-label={`Approve ${item.fileName}`}>
          <input type="hidden" name="id" value={item.id} />
          <Button name="intent" value="approve">
            Approve: make it public
          </Button>
        </StaffForm>
      ) : null}
      <StaffForm className="mt-auto grid gap-2 pt-3" aria-label={`Alt text of ${item.fileName}`}>
        <input type="hidden" name="id" value={item.id} />
        <TextField name="alt" id={`alt-${item.id}`} label="Alt text" defaultValue={item.alt} maxLength={300} />
        <div>
          <Button variant="secondary" name="intent" value="alt">
            Save alt text
          </Button>
        </div>
      </StaffForm>
    </li>
  );
}
