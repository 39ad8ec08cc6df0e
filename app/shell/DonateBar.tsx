import { DonateButton } from '../donations/DonateButton';

/**
 * Spec §2's donate bar. A phone shows it inside the top bar as that bar's Donate button (the spec's
 * mobile target), a desktop as a band under the header: one Donate button at either width.
 */
export function DonateBar({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <section aria-label="Donate" className="flex items-center">
        <DonateButton className="text-sm" />
      </section>
    );
  }
  return (
    <section aria-label="Donate" className="hidden bg-brand-700 text-white desk:block">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-3 text-center">
        <p className="text-sm sm:text-base">Every gift stays in the Ohio Valley and helps a family in need.</p>
        <DonateButton />
      </div>
    </section>
  );
}
