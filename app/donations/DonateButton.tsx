import { HeartIcon } from '../ui/icons';
import { useDonationDialog } from './DonationDialog';

/** Every Donate button on the site opens the one Donation Form. */
export function DonateButton({ className = '' }: { className?: string }) {
  const { open } = useDonationDialog();
  return (
    <button
      type="button"
      onClick={open}
      className={`inline-flex items-center gap-2 rounded-full bg-gold-500 px-4 py-2 font-semibold text-slate-900 shadow-sm hover:bg-gold-400 ${className}`}
    >
      <HeartIcon className="h-4 w-4" />
      Donate
    </button>
  );
}
