import type { Family, Memorial } from '../../common/content';
import { ContentImage, ExternalLink } from './ContentBlocks';
import { formatCalendarDate } from '../../common/dates';


export function Memorials({ page }: { page: Family }) {
  return (
    <ul className="mx-auto max-w-5xl space-y-10 px-4 py-12 desk:space-y-14">
      {page.memorials.map((memorial, index) => (
        <li key={memorial.name}>
          <MemorialCard memorial={memorial} index={index} />
        </li>
      ))}
    </ul>
  );
}

function MemorialCard({ memorial, index }: { memorial: Memorial; index: number }) {
  const id = `memorial-${index + 1}`;
  return (
    <article aria-labelledby={id} className="grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[12rem_1fr] sm:p-6 desk:grid-cols-[15rem_1fr] desk:gap-10 desk:p-8">
      <ContentImage
        image={memorial.photo}
        priority={index === 0}
        className="mx-auto h-auto w-48 rounded-xl shadow-md ring-4 ring-brand-50 sm:w-full"
      />
      <div>
        <h2 id={id} className="text-2xl font-bold text-brand-800">
          {memorial.name}
        </h2>
        <p className="mt-1 font-medium text-gold-700">
          <time dateTime={memorial.born}>{formatCalendarDate(memorial.born)}</time>
          {' – '}
          <time dateTime={memorial.died}>{formatCalendarDate(memorial.died)}</time>
        </p>
        <div className="mt-4 space-y-3 leading-relaxed text-slate-700">
          {memorial.obituary.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <p className="mt-5">
          <ExternalLink href={memorial.memorialLink.href}>{memorial.memorialLink.label}</ExternalLink>
        </p>
      </div>
    </article>
  );
}
