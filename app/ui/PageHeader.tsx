import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-brand-50">
      <div className="mx-auto max-w-5xl px-4 py-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-brand-800 sm:text-4xl">{title}</h1>
        {children ? <div className="mx-auto mt-4 max-w-3xl space-y-3 text-lg text-slate-700">{children}</div> : null}
      </div>
    </div>
  );
}
