import type { ReactNode } from 'react';

/** Sign-in, code and set-up pages: a small centred card, no navigation (nobody is signed in yet). */
export function SignInFrame({ siteName, title, children }: { siteName: string; title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100 px-4 py-10 text-slate-900">
      <main className="mx-auto max-w-md rounded-lg border border-slate-300 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{siteName} · Back office</p>
        <h1 className="mt-2 mb-6 text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </main>
      <p className="mx-auto mt-6 max-w-md text-center text-sm text-slate-700">
        Looking for your supporter account?{' '}
        <a href="/login" className="font-semibold text-brand-700 underline">
          Log in on the main site
        </a>
        .
      </p>
    </div>
  );
}
