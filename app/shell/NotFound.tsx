import { Link } from 'react-router';

export function NotFound({ detail }: { detail?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand-800">404 - Page Not Found</h1>
      <p className="mt-4 text-slate-700">{detail ?? 'The page you were looking for is not here. It may have moved.'}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Go home
      </Link>
    </div>
  );
}
