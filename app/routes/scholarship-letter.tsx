import { data, Form } from 'react-router';
import { formFiles, readForm } from '../lib/form-body.server';
import { pageHandle } from '../lib/pages/page-handle';
import { pageMeta } from '../lib/seo/meta';
import { CONTROL_CLASS, FieldError, SuccessNotice } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import type { Route } from './+types/scholarship-letter';

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
const notFound = () => data('Not found', { status: 404, headers: PRIVATE });

/** Issue 34: the recommender's one-time upload, no account; an unknown, used-up-and-expired or hammered link is a plain 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await context.services.scholarshipApplications.letterPage(params.token);
  if (!page) throw notFound();
  return data(page, { headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const file = formFiles(form).file;
  const upload = file && !(file.size === 0 && file.name === '') ? { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, type: file.type } : null;
  const outcome = await context.services.scholarshipApplications.uploadLetter(params.token, upload);
  if (!outcome) throw notFound();
  if (outcome.ok) return data({ done: outcome.done, error: null }, { headers: PRIVATE });
  return data({ done: null, error: outcome.errors.file ?? 'The letter could not be saved. Please try again.' }, { status: outcome.status, headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Letter of recommendation', 'Upload a letter of recommendation for a scholarship applicant.'),
  { name: 'robots', content: 'noindex' },
  // The address holds the link's secret: links out must not carry it. Not 'no-referrer': the form's
  // own post would then say Origin: null, which React Router refuses as a cross-site action.
  { name: 'referrer', content: 'same-origin' },
];

export const handle = pageHandle('/scholarship/letter/:token');

export default function Page({ loaderData: { applicantName, year, received }, actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? (received ? 'The letter arrived, thank you. This link no longer accepts a file.' : null);
  const error = actionData?.error ?? undefined;
  return (
    <>
      <PageHeader title="Letter of recommendation" />
      <div className="mx-auto max-w-2xl space-y-5 px-4 py-8">
        <p className="text-lg text-slate-800">
          For <strong>{applicantName}</strong>, who applied for the {year} scholarship and named you as their recommender.
        </p>
        {done ? (
          <SuccessNotice>{done}</SuccessNotice>
        ) : (
          <Form method="post" encType="multipart/form-data" noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <p className="text-slate-700">Upload your letter as one PDF, JPEG or PNG file of at most 10 MB. The link works once; only the scholarship committee reads the letter.</p>
            <div>
              <label htmlFor="field-file" className="mb-1 block text-sm font-semibold text-slate-800">
                The letter (PDF, JPEG or PNG)
              </label>
              <FieldError id="field-file-error" message={error} />
              <input
                id="field-file"
                name="file"
                type="file"
                required
                accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'field-file-error' : undefined}
                className={`${CONTROL_CLASS} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`}
              />
            </div>
            <button type="submit" className="w-full rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800">
              Upload the letter
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
