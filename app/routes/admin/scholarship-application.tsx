import { redirect } from 'react-router';
import type { Route } from './+types/scholarship-application';
import { SCORE_MAX, wordCount } from '../../../common/scholarship';
import { applicationLabel, DOCUMENTS_NOT_ANONYMISED, REVIEW_STATUS_TEXT, type ApplicationDocument, type BlindApplication, type OwnReview } from '../../../common/scholarship-reviews';
import { AdminPageHeader } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { FormSection, TextArea } from '../../admin/form-controls';
import { Button, ErrorSummary, errorLinks, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { ApplicationFormSchema } from '../../admin/scholarship-form-schemas.server';
import { pathNumber, readStaffForm, requireStaff } from '../../admin/guard.server';
import { typedValues } from '../../lib/form-body.server';
import { midSentence } from '../../../common/text';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Application ${params.applicationId} | Back office` }];

/** Audited in the service; a reviewer's page holds only the blind view (BlindApplication). */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args, { scholarship: true });
  const page = await args.context.services.scholarshipReviews.applicationPage(actor, pathNumber(args.params.applicationId));
  if (!page) throw new Response('Not found', { status: 404 });
  return page;
}

export async function action(args: Route.ActionArgs) {
  const { actor, fields, input } = await readStaffForm(args, ApplicationFormSchema, { scholarship: true });
  const echo = typedValues(fields);
  if (!input.ok) return answer({ intent: fields.intent, ...input, echo });
  const reviews = args.context.services.scholarshipReviews;
  const id = pathNumber(args.params.applicationId);
  if (input.data.intent === 'score')
    return answer({
      intent: input.data.intent,
      ...(await reviews.score(actor, id, fields)),
      echo,
    });
  const conflict = await reviews.declareConflict(actor, id, fields);
  // The application is no longer the reviewer's to see: back to their list.
  if (conflict.ok) throw redirect(`/admin/scholarship/${conflict.roundId}?conflict=${id}`);
  return answer({ intent: input.data.intent, ...conflict, echo });
}

export default function ScholarshipApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  return (
    <div>
      <p className="mb-2 text-sm">
        <a href={`/admin/scholarship/${application.roundId}`} className={linkClass}>
          Back to the {application.year} round
        </a>
      </p>
      <AdminPageHeader
        title={applicationLabel(application.id)}
        lead={loaderData.kind === 'reviewer' ? `Your review: ${REVIEW_STATUS_TEXT[loaderData.review.status]}.` : `Scholarship ${application.year}`}
      />
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      <div className="grid gap-6">
        {loaderData.kind === 'admin' ? <Applicant applicant={loaderData.applicant} /> : null}
        <ApplicationBody application={application} />
        {loaderData.kind === 'reviewer' ? (
          loaderData.review.canChange ? (
            <>
              <ScoreForm
                application={application}
                review={loaderData.review}
                errors={actionData?.intent === 'score' ? errors : undefined}
                echo={actionData?.intent === 'score' ? actionData.echo : undefined}
              />
              <ConflictForm errors={actionData?.intent === 'conflict' ? errors : undefined} echo={actionData?.intent === 'conflict' ? actionData.echo : undefined} />
            </>
          ) : (
            <Notice tone="info">The round is decided: your scores can no longer change.</Notice>
          )
        ) : (
          <Reviews reviews={loaderData.reviews} />
        )}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-300 bg-white p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-semibold text-slate-800">{item.label}</dt>
          <dd className="break-words text-slate-900">{item.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Applicant({
  applicant,
}: {
  applicant: {
    name: string;
    email: string;
    details: { label: string; value: string }[];
  };
}) {
  return (
    <Section title="Applicant (admins only)">
      <Facts items={[{ label: 'Name', value: applicant.name }, { label: 'Email', value: applicant.email }, ...applicant.details]} />
    </Section>
  );
}

const DocumentLink = ({ doc }: { doc: ApplicationDocument }) => (
  <a href={`/admin/scholarship/files/${doc.fileId}`} className={`${linkClass} inline-flex min-h-11 items-center`} download>
    Download the {midSentence(doc.label)}
  </a>
);

function ApplicationBody({ application }: { application: BlindApplication }) {
  return (
    <>
      <Section title="College and field of study">
        <Facts
          items={[
            { label: 'Graduation year', value: application.graduationYear },
            { label: 'College', value: application.college },
            { label: 'Field of study', value: application.fieldOfStudy },
          ]}
        />
      </Section>
      <Section title="Eligibility">
        <Facts
          items={application.eligibility.map((e) => ({
            label: e.question,
            value: e.answer,
          }))}
        />
      </Section>
      <Section title="Essays">
        <div className="grid gap-5">
          {application.essays.map((essay) => (
            <article key={essay.prompt}>
              <h3 className="font-semibold text-slate-900">{essay.prompt}</h3>
              <p className="text-sm text-slate-700">
                {wordCount(essay.text)} of at most {essay.maxWords} words
              </p>
              <div className="mt-2 max-w-prose text-slate-900">
                {essay.text.trim() ? (
                  essay.text.split(/\n\s*\n/).map((p, i) => (
                    <p key={i} className="mb-3 break-words whitespace-pre-line">
                      {p}
                    </p>
                  ))
                ) : (
                  <p>Not answered.</p>
                )}
              </div>
            </article>
          ))}
        </div>
      </Section>
      <Section title="Documents">
        <p className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{DOCUMENTS_NOT_ANONYMISED}</p>
        {application.documents.length === 0 ? (
          <p>No documents.</p>
        ) : (
          <ul className="grid gap-1">
            {application.documents.map((doc) => (
              <li key={doc.fileId}>
                <DocumentLink doc={doc} />
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 font-semibold text-slate-900">Recommendation letter</h3>
        {application.letter.file ? (
          <p>
            The letter arrived. <DocumentLink doc={application.letter.file} />
          </p>
        ) : (
          <p>{application.letter.received ? 'The letter arrived.' : 'The letter has not arrived.'}</p>
        )}
      </Section>
    </>
  );
}

function ScoreForm({ application, review, errors, echo }: { application: BlindApplication; review: OwnReview; errors?: Record<string, string>; echo?: Record<string, string> }) {
  const labels = {
    ...Object.fromEntries(application.rubric.map((c) => [`score-${c.key}`, c.label])),
    comment: 'Comment for the committee',
  };
  const totalWeight = application.rubric.reduce((sum, c) => sum + c.weight, 0);
  return (
    <StaffForm aria-label="Score this application" noValidate>
      <FormSection
        title={review.status === 'scored' ? 'Change your scores' : 'Score this application'}
        lead={`Give each criterion a whole number from 1 (weak) to ${SCORE_MAX} (outstanding). The weights decide how much each counts in the weighted score.`}
      >
        <ErrorSummary links={errorLinks(errors, labels)} className="" />
        <OtherErrors errors={errors} shown={Object.keys(labels)} />
        <div className="grid gap-4 sm:grid-cols-2">
          {application.rubric.map((c) => (
            <TextField
              key={c.key}
              name={`score-${c.key}`}
              label={c.label}
              hint={`Weight ${c.weight} of ${totalWeight}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={SCORE_MAX}
              step={1}
              required
              defaultValue={echo?.[`score-${c.key}`] ?? review.scores[c.key]?.toString() ?? ''}
              error={errors?.[`score-${c.key}`]}
            />
          ))}
        </div>
        <TextArea name="comment" label={labels.comment} defaultValue={echo?.comment ?? review.comment} error={errors?.comment} maxLength={4000} rows={5} required />
        <div>
          <Button name="intent" value="score">
            {review.status === 'scored' ? 'Save the changed scores' : 'Save the scores'}
          </Button>
        </div>
      </FormSection>
    </StaffForm>
  );
}

function ConflictForm({ errors, echo }: { errors?: Record<string, string>; echo?: Record<string, string> }) {
  const labels = { note: 'Why you cannot review it' };
  return (
    <StaffForm aria-label="Declare a conflict of interest" noValidate>
      <FormSection
        title="Declare a conflict of interest"
        lead="If you know this applicant (you coach, teach or are related to them, for example), say so: the application goes to another reviewer and you will not see it again."
      >
        <ErrorSummary links={errorLinks(errors, labels)} className="" />
        <OtherErrors errors={errors} shown={Object.keys(labels)} />
        <TextArea name="note" label={labels.note} defaultValue={echo?.note ?? ''} error={errors?.note} maxLength={1000} rows={3} required hint="A short note for the admins." />
        <div>
          <Button variant="danger" name="intent" value="conflict">
            Declare a conflict of interest
          </Button>
        </div>
      </FormSection>
    </StaffForm>
  );
}

function Reviews({
  reviews,
}: {
  reviews: {
    reviewer: string;
    status: OwnReview['status'];
    weighted: number | null;
    comment: string;
    conflictNote: string;
  }[];
}) {
  return (
    <Section title="Reviews">
      {reviews.length === 0 ? (
        <p>No reviewer is assigned yet.</p>
      ) : (
        <ul className="grid gap-3">
          {reviews.map((r) => (
            <li key={r.reviewer} className="rounded-md border border-slate-200 p-3">
              <p className="font-semibold">
                {r.reviewer}: {REVIEW_STATUS_TEXT[r.status]}
                {r.weighted !== null ? ` · weighted score ${r.weighted.toFixed(2)}` : ''}
              </p>
              {r.comment ? <p className="mt-1 break-words whitespace-pre-line">{r.comment}</p> : null}
              {r.conflictNote ? <p className="mt-1 break-words text-slate-700">Conflict: {r.conflictNote}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
