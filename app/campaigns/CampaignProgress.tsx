import type { CampaignProgress } from '../../common/campaigns';
import { formatCalendarDate } from '../../common/dates';
import { formatCents } from '../../common/money';

/** "12 days left", "Last day", "Starts May 1, 2027", "Ended April 30, 2027". */
export function timeLeftText(progress: CampaignProgress): string {
  if (progress.phase === 'upcoming') return `Starts ${formatCalendarDate(progress.startsOn)}`;
  if (progress.phase === 'ended') return `Ended ${formatCalendarDate(progress.endsOn)}`;
  return progress.daysLeft === 1 ? 'Last day' : `${progress.daysLeft} days left`;
}

const giftsText = (gifts: number) => (gifts === 1 ? '1 gift' : `${gifts} gifts`);

/** "$40.00 of $200.00 · 1 gift · 17 days left": one line, for the back office's lists. */
export function progressSummary(progress: CampaignProgress): string {
  return `${formatCents(progress.raisedCents)} of ${formatCents(progress.goalCents)} · ${giftsText(progress.gifts)} · ${timeLeftText(progress)}`;
}

/** Raised of goal as a progressbar screen readers announce in words, with the gifts and days left beside it. */
export function CampaignProgressBar({ progress, idPrefix }: { progress: CampaignProgress; idPrefix: string }) {
  const raised = formatCents(progress.raisedCents);
  const goal = formatCents(progress.goalCents);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold text-brand-800">{raised}</span>
        <span className="text-slate-700">raised of {goal} goal</span>
      </p>
      <div
        id={`${idPrefix}-bar`}
        role="progressbar"
        aria-label={`Raised toward the goal of ${progress.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${raised} raised of ${goal} (${progress.percent}%)`}
        className="mt-2 h-4 w-full overflow-hidden rounded-full bg-slate-200 ring-1 ring-slate-300"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="mt-2 flex flex-wrap justify-between gap-x-4 text-sm font-semibold text-slate-700">
        <span>{giftsText(progress.gifts)}</span>
        <span>{timeLeftText(progress)}</span>
      </p>
    </div>
  );
}
