import { DonateButton } from '../donations/DonateButton';

export function DonateBar() {
  return (
    <section aria-label="Donate" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-3 text-center">
        <p className="text-sm sm:text-base">Every gift stays in the Ohio Valley and helps a family in need.</p>
        <DonateButton />
      </div>
    </section>
  );
}
