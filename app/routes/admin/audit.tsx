import { Link } from 'react-router';
import type { Route } from './+types/audit';
import { formatMoment } from '../../../common/moment';
import { AdminPageHeader } from '../../admin/AdminShell';
import { actionWords, auditChanges, subjectLink, subjectWords } from '../../admin/audit-diff';
import { linkClass } from '../../admin/DataTable';
import { requireStaff } from '../../admin/guard.server';

function SubjectText({ subject }: { subject: string }) {
  const href = subjectLink(subject);
  const words = subjectWords(subject);
  return href ? (
    <Link className={linkClass} to={href}>
      {words}
    </Link>
  ) : (
    <>{words}</>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { role: 'admin' });
  const raw = new URL(args.request.url).searchParams.get('page') ?? '1';
  const page = /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
  return args.context.backOffice.reports.audit(page);
}

/** Before → after of each changed field; nothing when the entry recorded none. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditChanges(before, after);
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Changes" className="mt-2 space-y-0.5 text-sm text-slate-800">
      {lines.map((line) => (
        <li key={line.field} className="break-words">
          <span className="font-semibold">{line.field}</span>
          {line.before || line.after ? (
            <>
              {': '}
              <span className="sr-only">was </span>
              {line.before} <span aria-hidden="true">→</span>
              <span className="sr-only">, now</span> {line.after}
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div>
      <AdminPageHeader
        title="Audit log"
        lead="Every change made in the back office: who, what, when, and what it was before and after. Nobody can edit or delete it."
      />
      {items.length === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-white px-4 py-6 text-center text-slate-700">Nothing has been changed yet.</p>
      ) : (
        <ol aria-label={`Audit log, newest first, page ${page} of ${pages}`} className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {items.map((entry) => (
            <li key={entry.id} className="px-4 py-3">
              <p className="break-words font-semibold text-slate-900">{entry.summary}</p>
              <p className="mt-1 text-sm text-slate-700">
                <time dateTime={entry.at}>{formatMoment(entry.at)}</time> · {entry.staffEmail}
                {entry.address ? ` · from ${entry.address}` : ''}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {actionWords(entry.action)} · <SubjectText subject={entry.subject} />
              </p>
              <Changes before={entry.before} after={entry.after} />
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Audit log pages" className="mt-4 flex items-center gap-4 text-sm">
        {page > 1 ? (
          <Link to={`?page=${page - 1}`} className="font-semibold text-brand-700 underline">
            Newer
          </Link>
        ) : null}
        <span>
          Page {page} of {pages} ({total} entries)
        </span>
        {page < pages ? (
          <Link to={`?page=${page + 1}`} className="font-semibold text-brand-700 underline">
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
