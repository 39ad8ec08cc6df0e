import { Link } from 'react-router';
import { SCHOLARSHIP_APPLY_PATH } from '../../common/scholarship';
import type { DashboardScholarship } from '../../common/scholarship-applications';
import { letterStatusText } from './ApplicationSummary';

/** Issue 34: the application's status on the dashboard, and whether the letter arrived (never what it says). */
export function ScholarshipCard({ scholarship }: { scholarship: DashboardScholarship }) {
  const { application } = scholarship;
  const letter = application ? letterStatusText(application) : null;
  return (
    <section aria-labelledby="scholarship-card-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="scholarship-card-heading" className="text-xl font-semibold text-brand-800">
        Scholarship
      </h2>
      {application ? (
        <>
          <p className="mt-3 text-slate-900">
            {scholarship.year} application: <strong>{application.statusText}</strong>
          </p>
          {letter ? <p className="mt-1 text-slate-800">{letter}</p> : null}
        </>
      ) : (
        <p className="mt-3 text-slate-900">Applications for the {scholarship.year} scholarship are open.</p>
      )}
      <p className="mt-3">
        <Link to={SCHOLARSHIP_APPLY_PATH} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          {!application ? 'Apply for the scholarship' : application.submitted ? 'See my application' : 'Continue my application'}
        </Link>
      </p>
    </section>
  );
}
