import { HeartIcon } from '../ui/icons';
import { ModalOpener } from '../ui/Modal';
import { DONATION_DIALOG_ID } from '../../common/islands';

/** Opens the one Donation Form, with or without JavaScript. */
export function DonateButton({ className = '' }: { className?: string }) {
  return (
    <ModalOpener
      modalId={DONATION_DIALOG_ID}
      className={`inline-flex items-center gap-2 rounded-full bg-gold-500 px-4 py-2 font-semibold text-slate-900 shadow-sm hover:bg-gold-400 ${className}`}
    >
      <HeartIcon className="h-4 w-4" />
      Donate
    </ModalOpener>
  );
}
