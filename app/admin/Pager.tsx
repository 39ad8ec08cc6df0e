import { Link } from 'react-router';
import { linkClass } from './DataTable';

/** Previous / next links that keep the filter; the page count for orientation. */
export function Pager({
  page,
  pageSize,
  total,
  href,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-4 text-sm">
      {page > 1 ? (
        <Link className={linkClass} to={href(page - 1)}>
          Previous page
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={linkClass} to={href(page + 1)}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
