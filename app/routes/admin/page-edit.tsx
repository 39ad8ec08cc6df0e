import { Link } from 'react-router';
import type { Route } from './+types/page-edit';
import { editablePageSchema, isPageKey } from '../../../common/content';
import { formatMoment } from '../../../common/moment';
import { AdminPageHeader } from '../../admin/AdminShell';
import { PAGE_PATHS, PAGE_TITLES } from '../../admin/content-editor/page-titles';
import { applyListOp, describeSchema, fieldLabelAt, formToValue, readableMessage, type FieldNode } from '../../admin/content-editor/schema-form';
import { idOf, SchemaFields } from '../../admin/content-editor/SchemaFields';
import { linkClass } from '../../admin/DataTable';
import { Button, ErrorSummary, Notice, OtherErrors, StaffForm, type ErrorLink } from '../../admin/forms';
import { answer } from '../../admin/answer.server';
import { PageEditFormSchema } from '../../admin/form-schemas.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';
import { PublishBadge } from '../../admin/PublishBadge';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? PAGE_TITLES[data.editor.page] : 'Page'} | Back office` }];

function pageOf(param: string | undefined) {
  if (!param || !isPageKey(param)) throw new Response('Not found', { status: 404 });
  return param;
}

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const page = pageOf(args.params.page);
  const content = args.context.backOffice.content;
  const [editor, media] = await Promise.all([content.pageEditor(page), content.media()]);
  const images = media.filter((m) => m.kind === 'image' && m.width && m.height).map((m) => ({ src: m.src, width: m.width!, height: m.height!, label: `${m.fileName} — ${m.alt}` }));
  return { editor, images, isAdmin: actor.role === 'admin' };
}

export async function action(args: Route.ActionArgs) {
  // A refused button is the form's error, not a field's.
  const { actor, form, input } = await readStaffForm(args, PageEditFormSchema, { keyOf: () => 'form' });
  const page = pageOf(args.params.page);
  const content = args.context.backOffice.content;
  const schema = editablePageSchema(page);
  // The domain checks it with the page's schema when it is saved.
  const typedValue = async () => {
    // Pictures from the library bring their own size; look them up before reading the form.
    const sizes = new Map<string, { width: number; height: number }>();
    for (const [name, src] of form) {
      if (name.endsWith('.src') && typeof src === 'string' && src !== '' && !sizes.has(src)) {
        const size = await content.imageSize(src);
        if (size) sizes.set(src, size);
      }
    }
    return formToValue(schema, form, (src) => sizes.get(src) ?? null);
  };
  if (!input.ok) return answer({ ...input, value: await typedValue() });
  const action = input.data;
  if (action.intent === 'discard') return answer({ ...(await content.discardDraft(actor, page)), value: null });
  if (action.intent === 'restore') return answer({ ...(await content.restoreVersion(actor, page, action.version)), value: null });
  const value = await typedValue();
  if (action.intent === 'list') {
    // A list change is not saved: the form comes back with it, to be saved as a draft or published.
    return { ok: true as const, message: 'List changed. Save a draft or publish to keep it.', value: applyListOp(schema, value, action.list) };
  }
  const result = await content.savePage(actor, page, value, action.intent === 'publish');
  return answer({ ...result, value: result.ok ? null : value });
}

/** A link to each field with an error, in the form's order; a picture's size errors point at its list. */
function summaryLinks(node: FieldNode, errors: Record<string, string>): ErrorLink[] {
  const links = new Map<string, string>();
  for (const path of Object.keys(errors)) {
    const label = fieldLabelAt(node, path);
    const id = idOf(path.replace(/\.(width|height)$/, '.src'));
    if (label && !links.has(id)) links.set(id, label);
  }
  return [...links].map(([id, label]) => ({ id, label }));
}

export default function PageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { editor, images, isAdmin } = loaderData;
  const schema = editablePageSchema(editor.page);
  const node = describeSchema(schema);
  const value = actionData?.value ?? editor.draft?.data ?? editor.published;
  const errors: Record<string, string> =
    actionData && !actionData.ok ? Object.fromEntries(Object.entries(actionData.errors).map(([key, message]) => [key, key === 'form' ? message : readableMessage(message)])) : {};
  const path = PAGE_PATHS[editor.page];
  const links = summaryLinks(node, errors);
  return (
    <div>
      <AdminPageHeader
        title={PAGE_TITLES[editor.page]}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            {editor.draft ? (
              <>
                <PublishBadge state="draft" /> Draft saved by {editor.draft.by} on {formatMoment(editor.draft.at)}: the site still shows the published page.
              </>
            ) : (
              <>
                <PublishBadge state="published" /> The form shows the page as published.
              </>
            )}
          </span>
        }
        actions={
          <>
            {editor.draft ? (
              <a href={`${path}?preview=draft`} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
                Preview the draft
              </a>
            ) : null}
            <a href={path} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
              See the published page
            </a>
          </>
        }
      />
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      <ErrorSummary links={links} />
      <OtherErrors errors={errors} shown={links.length > 0 ? Object.keys(errors) : Object.keys(errors).filter((k) => k !== 'form')} />
      <StaffForm key={JSON.stringify(value).length + (actionData ? 'a' : 'l')} className="grid gap-4" aria-label={`Edit ${PAGE_TITLES[editor.page]}`} noValidate>
        <SchemaFields node={node} value={value} path="" label={PAGE_TITLES[editor.page]} errors={errors} images={images} />
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-300 bg-slate-50 px-4 py-3 shadow-[0_-4px_8px_-4px_rgb(15_23_42/0.15)] sm:mx-0 sm:px-0">
          <Button name="intent" value="draft" variant={isAdmin ? 'secondary' : 'primary'}>
            Save draft
          </Button>
          {isAdmin ? (
            <Button name="intent" value="publish">
              Publish
            </Button>
          ) : (
            <p className="text-sm text-slate-700">An admin publishes drafts.</p>
          )}
        </div>
      </StaffForm>
      {editor.draft ? (
        <StaffForm className="mt-4">
          <Button variant="secondary" name="intent" value="discard">
            Discard the draft
          </Button>
        </StaffForm>
      ) : null}
      <section aria-labelledby="versions" className="mt-10">
        <h2 id="versions" className="text-xl font-bold text-brand-900">
          Published versions
        </h2>
        <p className="mt-1 text-sm text-slate-700">Every published version is kept. {isAdmin ? 'Restoring one publishes it again as the newest.' : 'An admin can restore one.'}</p>
        <ol className="mt-3 grid gap-2">
          {editor.versions.map((v, i) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 bg-white p-3">
              <span>
                <span className="font-semibold">Version {v.id}</span> · {formatMoment(v.at)} · {v.by}
                {v.note ? ` · ${v.note}` : ''}
                {i === 0 ? ' · on the site now' : ''}
              </span>
              {isAdmin && i > 0 ? (
                <StaffForm>
                  <input type="hidden" name="version" value={v.id} />
                  <Button variant="secondary" name="intent" value="restore" aria-label={`Restore version ${v.id}`}>
                    Restore
                  </Button>
                </StaffForm>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-6">
        <Link to="/admin/pages" className={linkClass}>
          Back to pages
        </Link>
      </p>
    </div>
  );
}
