import { formatDayOf } from '../../common/dates';
import type { RoundView } from '../../common/scholarship';
import { DETAIL_LABELS, type ApplicantApplication } from '../../common/scholarship-applications';

/** Issue 34: the letter's news, never its contents; the dashboard says the same. */
export function letterStatusText(app: { submitted: boolean; letterReceivedAt: string | null }): string | null {
  if (app.letterReceivedAt) return `Your recommender's letter arrived on ${formatDayOf(app.letterReceivedAt)}.`;
  return app.submitted ? "We are waiting for your recommender's letter." : null;
}

export function ApplicationStatus({ application }: { application: ApplicantApplication }) {
  const letter = letterStatusText({ submitted: application.status === 'submitted', letterReceivedAt: application.letterReceivedAt });
  return (
    <div role="status" className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-slate-900">
      <p className="font-semibold">Status: {application.statusText}</p>
      {application.submittedAt ? <p className="mt-1">Submitted on {formatDayOf(application.submittedAt)}.</p> : null}
      {letter ? <p className="mt-1">{letter}</p> : null}
    </div>
  );
}

/** Read-only, once submitted or closed. */
export function ApplicationSummary({ round, application }: { round: RoundView; application: ApplicantApplication }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="summary-heading" className="text-xl font-semibold text-brand-800">
        Your application
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[14rem_1fr]">
        {Object.entries(DETAIL_LABELS).map(([key, label]) => (
          <div key={key} className="contents">
            <dt className="font-semibold text-slate-800">{label}</dt>
            <dd className="break-words text-slate-900">{application.details[key as keyof typeof DETAIL_LABELS] || '—'}</dd>
          </div>
        ))}
        <dt className="font-semibold text-slate-800">Recommender</dt>
        <dd className="break-words text-slate-900">{application.recommenderName ? `${application.recommenderName} (${application.recommenderEmail})` : '—'}</dd>
        <dt className="font-semibold text-slate-800">Documents</dt>
        <dd className="text-slate-900">
          <ul className="space-y-1">
            {round.documents.map((doc) => (
              <li key={doc.key} className="break-all">
                {doc.label}: {application.documents.find((d) => d.key === doc.key)?.fileName ?? 'not uploaded'}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {round.prompts.map((prompt) => (
        <div key={prompt.key} className="mt-6">
          <h3 className="font-semibold text-slate-900">{prompt.prompt}</h3>
          <p className="mt-2 whitespace-pre-line break-words text-slate-800">{application.essays[prompt.key] || '—'}</p>
        </div>
      ))}
    </section>
  );
}
