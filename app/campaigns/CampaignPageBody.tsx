import { EARMARKED_NOT_DEDUCTIBLE, type CampaignPage } from '../../common/campaigns';
import { formatCalendarDate } from '../../common/dates';
import { DONATION_DIALOG_ID } from '../../common/islands';
import { ContentImage } from '../content/ContentBlocks';
import { PageHeader } from '../ui/PageHeader';
import { HeartIcon } from '../ui/icons';
import { ModalOpener } from '../ui/Modal';
import { CampaignProgressBar } from './CampaignProgress';

/** A campaign's page (ADR 047): its story, its progress, who gave lately and the way to give. */
export function CampaignPageBody({ campaign }: { campaign: CampaignPage }) {
  const { progress } = campaign;
  return (
    <>
      <PageHeader title={progress.name} />
      {/* On a phone the progress and the Give button come right after the picture; on a desktop they sit beside the story. */}
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 desk:grid-cols-[3fr_2fr] desk:gap-8">
        <div className="contents desk:block desk:min-w-0">
          {campaign.image ? (
            <div className="order-1">
              <ContentImage image={campaign.image} priority className="h-auto w-full rounded-2xl" sizes="(min-width: 769px) 60vw, 100vw" />
            </div>
          ) : null}
          <section aria-label="The story" className="order-3 space-y-4 text-lg leading-relaxed text-slate-800 desk:not-first:mt-6">
            {campaign.story.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        </div>
        <div className="contents desk:block desk:min-w-0">
          <section aria-labelledby="campaign-give" className="order-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="campaign-give" className="sr-only">
              Progress
            </h2>
            <CampaignProgressBar progress={progress} idPrefix="campaign" />
            <GiveOrClosed campaign={campaign} />
            {campaign.namesFamily ? <p className="mt-4 text-sm text-slate-700">{EARMARKED_NOT_DEDUCTIBLE}</p> : null}
          </section>
          <Supporters supporters={campaign.supporters} />
        </div>
      </div>
    </>
  );
}

function GiveOrClosed({ campaign: { progress } }: { campaign: CampaignPage }) {
  if (progress.phase === 'upcoming') {
    return (
      <p role="status" className="mt-5 rounded-md bg-amber-50 p-3 font-semibold text-slate-900 ring-1 ring-amber-300">
        This campaign has not started yet: it takes gifts from {formatCalendarDate(progress.startsOn)} to {formatCalendarDate(progress.endsOn)}.
      </p>
    );
  }
  if (progress.phase === 'ended') {
    return (
      <p role="status" className="mt-5 rounded-md bg-slate-100 p-3 font-semibold text-slate-900 ring-1 ring-slate-300">
        This campaign ended on {formatCalendarDate(progress.endsOn)} and takes no more gifts. Thank you to everyone who gave! The Donate button still gives to the foundation.
      </p>
    );
  }
  return (
    <>
      <ModalOpener
        modalId={DONATION_DIALOG_ID}
        className="mt-5 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-gold-500 px-6 py-3 text-lg font-bold text-slate-900 shadow-sm hover:bg-gold-400"
      >
        <HeartIcon className="h-5 w-5" />
        Give to this campaign
      </ModalOpener>
      <p className="mt-2 text-center text-sm text-slate-700">Open until {formatCalendarDate(progress.endsOn)}. A tax receipt is emailed to you.</p>
    </>
  );
}

function Supporters({ supporters }: { supporters: CampaignPage['supporters'] }) {
  return (
    <section aria-labelledby="campaign-supporters" className="order-4 desk:mt-6">
      <h2 id="campaign-supporters" className="text-lg font-bold text-brand-800">
        Latest supporters
      </h2>
      {supporters.length === 0 ? (
        <p className="mt-2 text-slate-700">No named gifts yet. Be the first!</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {supporters.map((s, i) => (
            <li key={`${s.firstName}-${i}`} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="font-semibold text-slate-900">{s.firstName}</span>
              <span className="text-sm text-slate-700">{s.paidOn}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-700">First names of donors who gave their name; anonymous gifts are never listed.</p>
    </section>
  );
}
