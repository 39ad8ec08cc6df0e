import type { ReactNode } from 'react';
import type { Route } from './+types/scholarship-round';
import { formatMoment } from '../../../common/moment';
import { formatCents } from '../../../common/money';
import { applicationLabel, CONFLICT_NOTED, REVIEW_STATUS_TEXT, type CommitteeRoundPage, type RankedApplication, type ReviewerRoundPage, type RoundSummary } from '../../../common/scholarship-reviews';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { FormSection, Select } from '../../admin/form-controls';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { answer } from '../../admin/answer.server';
import { RoundFormSchema } from '../../admin/scholarship-form-schemas.server';
import { pathNumber, readStaffForm, requireStaff } from '../../admin/guard.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Scholarship ${data?.page.round.year ?? ''} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args, { scholarship: true });
  const page = await args.context.services.scholarshipReviews.roundPage(actor, pathNumber(args.params.roundId));
  if (!page) throw new Response('Not found', { status: 404 });
  return {
    page,
    conflict: new URL(args.request.url).searchParams.has('conflict'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, RoundFormSchema, { scholarship: true });
  if (!input.ok) return answer({ intent: fields.intent, ...input });
  const reviews = args.context.services.scholarshipReviews;
  const roundId = pathNumber(args.params.roundId);
  const result = input.data.intent === 'assign' ? await reviews.assign(actor, roundId) : await reviews.sendAwards(actor, roundId, fields);
  return answer({
    intent: input.data.intent,
    ...result,
    chosen: input.data.intent === 'send-awards' ? fields : undefined,
  });
}

const PHASE_TEXT: Record<RoundSummary['phase'], (r: RoundSummary) => string> = {
  upcoming: () => 'Not open yet.',
  open: (r) => `Open for applications until ${formatMoment(r.closesAt)}.`,
  closed: (r) => `Closed on ${formatMoment(r.closesAt)}: the committee is reviewing.`,
  decided: (r) => `Decided: the award emails went out on ${formatMoment(r.decidedAt ?? '')}.`,
};

export default function ScholarshipRound({ loaderData, actionData }: Route.ComponentProps) {
  const { page, conflict } = loaderData;
  const notice = actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : conflict && !actionData ? <Notice tone="success">{CONFLICT_NOTED}</Notice> : null;
  return <div>{page.kind === 'reviewer' ? <ReviewerList page={page} notice={notice} /> : <Committee page={page} actionData={actionData} notice={notice} />}</div>;
}

function ReviewerList({ page, notice }: { page: ReviewerRoundPage; notice: ReactNode }) {
  return (
    <>
      <AdminPageHeader
        title={`Scholarship ${page.round.year}: your applications`}
        lead="The applications given to you to review, by number: names, addresses and schools are left out so every applicant is read the same way."
      />
      {notice}
      {page.assignments.length === 0 ? (
        <EmptyState title="No applications are assigned to you yet.">An admin assigns them once the round has closed.</EmptyState>
      ) : (
        <ul aria-label="Your applications" className="grid gap-3">
          {page.assignments.map((a) => (
            <li key={a.applicationId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white p-4">
              {a.status === 'conflict' ? (
                <span className="font-semibold text-slate-800">{applicationLabel(a.applicationId)}</span>
              ) : (
                <a href={`/admin/scholarship/applications/${a.applicationId}`} className={`${linkClass} inline-flex min-h-11 items-center`}>
                  {applicationLabel(a.applicationId)}
                </a>
              )}
              <ReviewBadge text={REVIEW_STATUS_TEXT[a.status]} tone={a.status} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const BADGE = {
  assigned: 'border-sky-300 bg-sky-100 text-sky-900',
  scored: 'border-green-300 bg-green-100 text-green-900',
  conflict: 'border-slate-400 bg-slate-200 text-slate-900',
  warn: 'border-amber-300 bg-amber-100 text-amber-900',
};

function ReviewBadge({ text, tone }: { text: string; tone: keyof typeof BADGE }) {
  return <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold ${BADGE[tone]}`}>{text}</span>;
}

const points = (value: number | null) => (value === null ? '—' : value.toFixed(2));

function Committee({ page, actionData, notice }: { page: CommitteeRoundPage; actionData: Route.ComponentProps['actionData']; notice: ReactNode }) {
  const { round } = page;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  const base = `/admin/scholarship/${round.id}`;
  return (
    <>
      <AdminPageHeader
        title={`Scholarship ${round.year}: the committee`}
        lead={PHASE_TEXT[round.phase](round)}
        actions={
          <>
            <a href={`${base}/applications.csv`} className={`${linkClass} inline-flex min-h-11 items-center`} download>
              Export the ranking (CSV)
            </a>
            <a href={`${base}/scores.csv`} className={`${linkClass} inline-flex min-h-11 items-center`} download>
              Export the scores (CSV)
            </a>
          </>
        }
      />
      {notice}
      <div className="grid gap-6">
        <FormSection title="Reviewers">
          <p className="text-sm text-slate-800">
            Each application needs {page.reviewersPerApplication} reviewer
            {page.reviewersPerApplication === 1 ? '' : 's'}; there {page.reviewerCount === 1 ? 'is 1 active reviewer' : `are ${page.reviewerCount} active reviewers`}.{' '}
            {page.ranking.length === 0
              ? 'No application was submitted.'
              : page.unassigned === 0
                ? 'Every application has its reviewers.'
                : `${page.unassigned} of ${page.ranking.length} applications still need reviewers.`}
          </p>
          {actionData?.intent === 'assign' ? <OtherErrors errors={errors} shown={[]} /> : null}
          {round.phase === 'closed' ? (
            <StaffForm>
              <Button name="intent" value="assign">
                Assign reviewers
              </Button>
            </StaffForm>
          ) : round.phase === 'decided' ? null : (
            <p className="text-sm text-slate-700">Reviewers are assigned once the round has closed.</p>
          )}
        </FormSection>
        <section aria-labelledby="ranking-title">
          <h2 id="ranking-title" className="mb-3 text-lg font-bold text-brand-900">
            Ranking
          </h2>
          {page.ranking.length === 0 ? <EmptyState title="No submitted applications." /> : <Ranking ranking={page.ranking} awards={page.awards} />}
        </section>
        {round.phase === 'closed' && page.ranking.length > 0 ? (
          <AwardsForm page={page} errors={actionData?.intent === 'send-awards' ? errors : undefined} chosen={actionData && 'chosen' in actionData ? actionData.chosen : undefined} />
        ) : null}
      </div>
    </>
  );
}

function Ranking({ ranking, awards }: { ranking: RankedApplication[]; awards: CommitteeRoundPage['awards'] }) {
  return (
    <ol aria-label="Applications by average score" className="grid gap-3">
      {ranking.map((app, i) => (
        <li key={app.applicationId} className="rounded-lg border border-slate-300 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="font-semibold">
              <span className="mr-2 text-slate-700">#{i + 1}</span>
              <a href={`/admin/scholarship/applications/${app.applicationId}`} className={linkClass}>
                {applicationLabel(app.applicationId)}
              </a>{' '}
              <span className="break-words">· {app.name}</span>
            </p>
            <p className="text-lg font-bold text-brand-900">
              {points(app.average)} <span className="text-sm font-normal text-slate-700">average</span>
            </p>
          </div>
          <p className="text-sm break-words text-slate-700">{[app.college, app.fieldOfStudy].filter(Boolean).join(' · ')}</p>
          <p className="mt-1 text-sm text-slate-800">
            {app.scoreCount} of {app.assignedCount} score
            {app.assignedCount === 1 ? '' : 's'}
            {app.reviewerScores.length > 0 ? `: ${app.reviewerScores.map((s) => `${s.reviewer} ${s.weighted.toFixed(2)}`).join(', ')}` : ''}
            {app.scoreCount > 1 ? ` · spread ${app.spread.toFixed(2)}` : ''}
          </p>
          <p className="mt-2 flex flex-wrap gap-2">
            {app.disagree ? <ReviewBadge tone="warn" text="Reviewers disagree" /> : null}
            {app.outcome === 'awarded' ? <ReviewBadge tone="scored" text={`Awarded: ${awards.find((a) => a.key === app.awardKey)?.name ?? ''}`} /> : null}
            {app.outcome === 'not-awarded' ? <ReviewBadge tone="conflict" text="Not awarded" /> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}

function AwardsForm({ page, errors, chosen }: { page: CommitteeRoundPage; errors?: Record<string, string>; chosen?: Record<string, string> }) {
  const options = [
    { value: '', label: 'Choose an application' },
    ...page.ranking.map((a) => ({
      value: String(a.applicationId),
      label: `${applicationLabel(a.applicationId)} — ${a.name} (${points(a.average)})`,
    })),
  ];
  const labels = Object.fromEntries(page.awards.map((a) => [`award-${a.key}`, a.name]));
  return (
    <StaffForm aria-label="Choose the winners" noValidate>
      <FormSection
        title="Choose the winners"
        lead="One application per award. Sending marks the winners, tells every other applicant the outcome with a “thank you for applying” email, and closes the round. It happens once."
      >
        <ErrorSummary links={errorLinks(errors, labels)} className="" />
        <OtherErrors errors={errors} shown={Object.keys(labels)} />
        <div className="grid gap-4 sm:grid-cols-2">
          {page.awards.map((award) => (
            <Select
              key={award.key}
              name={`award-${award.key}`}
              label={`${award.name} (${formatCents(award.amountCents)})`}
              options={options}
              defaultValue={chosen?.[`award-${award.key}`] ?? ''}
              error={errors?.[`award-${award.key}`]}
            />
          ))}
        </div>
        <div>
          <Button name="intent" value="send-awards">
            Send the award emails
          </Button>
        </div>
      </FormSection>
    </StaffForm>
  );
}
