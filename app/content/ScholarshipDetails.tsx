import type { Scholarship, ScholarshipWinner } from '../../common/content';
import { ContentImage, SectionHeading, TextWithEmails } from './ContentBlocks';
import { CheckCircleIcon } from '../ui/icons';

export function ScholarshipHero({ page }: { page: Scholarship }) {
  return (
    <div className="bg-brand-800">
      <ContentImage image={page.hero} priority className="mx-auto h-40 w-full max-w-6xl object-cover sm:h-auto" />
    </div>
  );
}

/** `published`: winners' profiles published from the back office (issue 34), shown with the content's. */
export function ScholarshipDetails({ page, published = [] }: { page: Scholarship; published?: ScholarshipWinner[] }) {
  const winners = [...published, ...page.winners].sort((a, b) => b.year - a.year);
  return (
    <>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 desk:grid-cols-2">
        <section aria-labelledby="requirements" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <SectionHeading id="requirements">Who Can Apply</SectionHeading>
          <ul className="mt-5 space-y-3">
            {page.requirements.map((requirement) => (
              <li key={requirement} className="flex gap-3 text-slate-800">
                <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <span>{requirement}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="how-to-apply" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <SectionHeading id="how-to-apply">How to Apply</SectionHeading>
          <p className="mt-5 leading-relaxed text-slate-700">
            <TextWithEmails text={page.howToApply} />
          </p>
        </section>
      </div>
      {winners.length > 0 ? (
        <section aria-labelledby="previous-winners" className="bg-brand-50 py-12">
          <div className="mx-auto max-w-6xl px-4">
            <SectionHeading id="previous-winners" center>
              Previous Winners
            </SectionHeading>
            <ul className="mt-8 flex flex-wrap justify-center gap-6">
              {winners.map((winner, i) => (
                // Two winners may share a year: the position keeps keys and heading ids apart.
                <li key={`${winner.year}-${winner.names.join('-')}-${i}`} className="flex w-full sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]">
                  <WinnerCard winner={winner} headingId={`winner-${winner.year}-${i}`} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

function WinnerCard({ winner, headingId }: { winner: ScholarshipWinner; headingId: string }) {
  return (
    <article aria-labelledby={headingId} className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        <ContentImage image={winner.photo} className="aspect-[4/3] h-auto w-full object-cover" />
        <span aria-hidden="true" className="absolute top-3 left-3 rounded-full bg-gold-400 px-3 py-1 text-sm font-bold text-slate-900 shadow">
          {winner.year}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={headingId} className="text-xl font-bold text-brand-800">
          {winner.year} — {winner.names.join(' & ')}
        </h3>
        <p className="mt-1 text-sm font-medium text-slate-600">
          {winner.school} · {winner.field}
        </p>
        <p className="mt-3 leading-relaxed text-slate-700">{winner.description}</p>
      </div>
    </article>
  );
}
