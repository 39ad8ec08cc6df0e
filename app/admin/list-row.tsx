import { Link } from 'react-router';

/** A row's small picture in a back-office list, at its own proportions; decorative, the row names it. */
export function ListThumbnail({ image }: { image: { src: string; width: number; height: number } | null }) {
  return image ? <img src={image.src} alt="" width={96} height={Math.round((96 * image.height) / image.width)} className="h-auto w-24 rounded" /> : null;
}

/** A row's "Edit" button-look link, named with the row for screen readers. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
      aria-label={`Edit ${name}`}
    >
      Edit
    </Link>
  );
}
