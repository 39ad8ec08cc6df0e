import { data, Link, redirect } from 'react-router';
import { formatRoundMoment } from '../../common/scholarship-rounds';
import { SCHOLARSHIP_APPLY_PATH } from '../../common/scholarship';
import { APPLY_INTENTS, type ApplyOutcome, type UploadedFile } from '../../common/scholarship-applications';
import { cookieHeaders } from '../accounts/supporter.server';
import { formFields, formFiles, readForm, typedValues } from '../lib/form-body.server';
import { pageHandle } from '../lib/pages/page-handle';
import { pageMeta } from '../lib/seo/meta';
import { ApplicationStatus, ApplicationSummary } from '../scholarship/ApplicationSummary';
import { DetailsForm, DocumentsForm, EligibilityForm, EssaysForm, RecommenderForm, SubmitForm, type ApplyAnswer } from '../scholarship/ApplyForms';
import { SuccessNotice } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import type { Route } from './+types/scholarship-apply';
import { BackToDashboard } from '../accounts/BackToDashboard';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Apply for the scholarship', 'Apply for the foundation scholarship: eligibility, your details, essays, documents and a recommender.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/scholarship/apply');

/** Signed-out visitors sign in and come back here. */
async function signedIn({ request, context }: { request: Request; context: Route.LoaderArgs['context'] }) {
  const found = await context.supporters.current(request);
  if (!found.supporter) throw redirect(`/login?from=${encodeURIComponent(SCHOLARSHIP_APPLY_PATH)}`, { headers: cookieHeaders(found.setCookies) });
  return found.supporter;
}

export async function loader(args: Route.LoaderArgs) {
  const supporter = await signedIn(args);
  return args.context.services.scholarshipApplications.applyPage(supporter.id);
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

async function uploadedFiles(form: FormData): Promise<Record<string, UploadedFile>> {
  const files: Record<string, UploadedFile> = {};
  for (const [name, file] of Object.entries(formFiles(form))) {
    const key = /^document-([a-z0-9-]{1,40})$/.exec(name)?.[1];
    // An input left empty posts a nameless, empty file.
    if (!key || (file.size === 0 && file.name === '')) continue;
    files[key] = { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, type: file.type };
  }
  return files;
}

/** Each section's form told apart by `intent`; the account is the session's, never a posted id. */
export async function action(args: Route.ActionArgs) {
  const supporter = await signedIn(args);
  const form = await readForm(args.request);
  const fields = formFields(form);
  const service = args.context.services.scholarshipApplications;
  let outcome: ApplyOutcome;
  switch (fields.intent) {
    case APPLY_INTENTS.eligibility:
      outcome = await service.checkEligibility(supporter.id, fields);
      break;
    case APPLY_INTENTS.details:
      outcome = await service.saveDetails(supporter.id, fields);
      break;
    case APPLY_INTENTS.essays:
      outcome = await service.saveEssays(supporter.id, fields);
      break;
    case APPLY_INTENTS.recommender:
      outcome = await service.saveRecommender(supporter.id, fields);
      break;
    case APPLY_INTENTS.documents:
      outcome = await service.saveDocuments(supporter.id, await uploadedFiles(form));
      break;
    case APPLY_INTENTS.submit:
      outcome = await service.submit({ id: supporter.id, email: supporter.email });
      break;
    default:
      throw new Response('This form could not be read. Please reload the page and try again.', { status: 400 });
  }
  const intent = fields.intent;
  if (outcome.ok) return data<ApplyAnswer>({ intent, done: outcome.done }, { headers: { 'Cache-Control': 'private, no-store' } });
  const unmet = 'unmet' in outcome ? outcome.unmet : undefined;
  return data<ApplyAnswer>({ intent, errors: outcome.errors, values: typedValues(fields), unmet }, { status: outcome.status, headers: { 'Cache-Control': 'private, no-store' } });
}

export default function Page({ loaderData: { round, phase, application, missing }, actionData }: Route.ComponentProps) {
  const answer = actionData as ApplyAnswer | undefined;
  const year = round ? `${round.year} ` : '';
  const submitted = answer?.intent === APPLY_INTENTS.submit && answer.done && application?.status === 'submitted' ? answer.done : null;
  return (
    <>
      <PageHeader title={`Apply for the ${year}scholarship`} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <BackToDashboard />
        {submitted ? <SuccessNotice>{submitted}</SuccessNotice> : null}
        {!round || (phase !== 'open' && !application) ? (
          <NoOpenRound opensAt={round && phase === 'upcoming' ? round.opensAt : null} />
        ) : !application ? (
          <>
            <p className="text-lg text-slate-800">Applications are open until {formatRoundMoment(round.closesAt)}.</p>
            <EligibilityForm round={round} unmet={answer?.intent === APPLY_INTENTS.eligibility ? answer.unmet : undefined} />
          </>
        ) : application.status === 'draft' && phase === 'open' ? (
          <>
            <ApplicationStatus application={application} />
            <p className="text-slate-800">
              Your application saves as a draft each time you press a Save button: you can leave and come back. Submit it before {formatRoundMoment(round.closesAt)}.
            </p>
            <DetailsForm application={application} />
            <EssaysForm round={round} application={application} />
            <DocumentsForm round={round} application={application} />
            <RecommenderForm application={application} />
            <SubmitForm missing={missing} closes={formatRoundMoment(round.closesAt)} />
          </>
        ) : (
          <>
            <ApplicationStatus application={application} />
            {application.status === 'draft' ? (
              <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
                Applications for the {round.year} scholarship closed on {formatRoundMoment(round.closesAt)}. Your draft is kept, but it can no longer be changed or submitted.
              </p>
            ) : null}
            <ApplicationSummary round={round} application={application} />
          </>
        )}
      </div>
    </>
  );
}

function NoOpenRound({ opensAt }: { opensAt: string | null }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-brand-800">Applications are not open right now</h2>
      <p className="mt-3 text-slate-800">
        {opensAt
          ? `Thank you for your interest. Applications for the next scholarship open on ${formatRoundMoment(opensAt)}: come back then.`
          : 'Thank you for your interest. No scholarship round is open at the moment; the Scholarship page says when the next one opens.'}
      </p>
      <p className="mt-3">
        <Link to="/scholarship" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          About the scholarship
        </Link>
      </p>
    </div>
  );
}
