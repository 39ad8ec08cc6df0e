import type { ReactNode } from 'react';
import type { LegalPage as LegalPageContent } from '../../common/content';
import { formatCalendarDate } from '../../common/dates';
import { ContentIntro } from './ContentPage';

/** `children`: what the site adds after the content's sections (the scholarship's retention time). */
export function LegalPage({ page, fallbackHeading, children }: { page: LegalPageContent | null; fallbackHeading: string; children?: ReactNode }) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? fallbackHeading} intro={page?.intro} />
      {page ? (
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p className="text-sm text-slate-700">Last updated {formatCalendarDate(page.updated)}</p>
          {page.sections.map((section) => (
            <section key={section.heading} className="mt-8">
              <h2 className="text-xl font-semibold text-brand-800">{section.heading}</h2>
              <p className="mt-2 leading-relaxed text-slate-800">{section.text}</p>
            </section>
          ))}
          {children}
        </div>
      ) : null}
    </>
  );
}
