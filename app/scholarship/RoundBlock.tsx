import { SCHOLARSHIP_APPLY_PATH } from '../../common/scholarship';
import { formatRoundMoment, type PublicRoundBlock } from '../../common/scholarship-rounds';
import { CheckCircleIcon } from '../ui/icons';
import { SectionHeading } from '../content/ContentBlocks';

/** The Scholarship page's word on the round: open (dates, what is needed, Apply) or when the next opens. */
export function RoundBlock({ round }: { round: PublicRoundBlock }) {
  if (round.phase === 'upcoming') {
    return (
      <div className="mx-auto max-w-5xl px-4 pt-10">
        <p className="rounded-2xl bg-brand-50 p-5 text-lg font-semibold text-slate-900 ring-1 ring-brand-100">
          Applications for {round.year} open on {formatRoundMoment(round.opensAt)}.
        </p>
      </div>
    );
  }
  const needed = [
    ...round.requirements,
    ...round.documents,
    ...round.essays.map((e) => `An essay of up to ${e.maxWords} words: “${e.prompt}”`),
    'A recommender (a coach, teacher or counselor) who uploads a letter for you',
  ];
  return (
    <section aria-labelledby="scholarship-round" className="mx-auto max-w-5xl px-4 pt-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-2 ring-gold-400">
        <SectionHeading id="scholarship-round">Apply for the {round.year} Scholarship</SectionHeading>
        <p className="mt-4 text-lg font-semibold text-slate-900">Applications are open until {formatRoundMoment(round.closesAt)}.</p>
        <h3 className="mt-5 font-bold text-brand-800">What you need</h3>
        <ul className="mt-3 space-y-2">
          {needed.map((item) => (
            <li key={item} className="flex gap-3 text-slate-800">
              <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <a
          href={SCHOLARSHIP_APPLY_PATH}
          className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-6 py-2 text-lg font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
        >
          Apply
        </a>
      </div>
    </section>
  );
}
