import type { GolfPro, Golfers } from '../../common/content';
import { ContentImage } from './ContentBlocks';
import { QuoteIcon } from '../ui/icons';

export function GolfPros({ page }: { page: Golfers }) {
  return (
    <ul className="mx-auto grid max-w-5xl gap-8 px-4 py-12 desk:gap-10">
      {page.pros.map((pro, index) => (
        <li key={pro.name}>
          <ProCard pro={pro} index={index} />
        </li>
      ))}
    </ul>
  );
}

function ProCard({ pro, index }: { pro: GolfPro; index: number }) {
  const headingId = `pro-${index + 1}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid grid-cols-[6.5rem_1fr] items-center gap-x-4 gap-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[9rem_1fr] desk:grid-cols-[14rem_1fr] desk:items-start desk:gap-x-10 desk:p-8"
    >
      <ContentImage image={pro.photo} priority={index === 0} className="h-auto w-full rounded-xl shadow-md desk:row-span-3" />
      <div>
        <h2 id={headingId} className="text-2xl font-bold text-brand-800">
          {pro.name}
        </h2>
        <p className="mt-1 font-medium text-gold-700">{pro.club}</p>
      </div>
      <p className="col-span-2 leading-relaxed text-slate-700 desk:col-span-1 desk:col-start-2">{pro.bio}</p>
      <figure className="col-span-2 rounded-xl border-l-4 border-gold-400 bg-brand-50 p-4 desk:col-span-1 desk:col-start-2 desk:p-5">
        <QuoteIcon className="h-6 w-6 text-brand-700" />
        <blockquote className="mt-1 text-lg leading-snug font-medium text-brand-900 italic">
          <p>{pro.quote}</p>
        </blockquote>
        <figcaption className="mt-2 text-sm font-semibold text-slate-700">— {pro.name}</figcaption>
      </figure>
    </article>
  );
}
