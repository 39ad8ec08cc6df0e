import type { SuggestedAmount } from '../../common/giving-settings';
import { formatCents } from '../../common/money';

/**
 * ADR 046: the amounts staff suggest, as large choices. Radios, so the group is one tab stop with
 * arrow keys, a screen reader says which is chosen, and a choice made before the form's script ran is kept.
 */
export function SuggestedAmounts({
  idPrefix,
  amounts,
  chosenCents,
  onChoose,
}: {
  idPrefix: string;
  amounts: readonly SuggestedAmount[];
  chosenCents: number | null;
  onChoose: (cents: number) => void;
}) {
  if (amounts.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">Choose an amount</legend>
      <div className="grid grid-cols-2 gap-2 sm:gap-3">
        {amounts.map(({ cents, note }) => {
          const id = `${idPrefix}-suggested-${cents}`;
          return (
            <label
              key={cents}
              htmlFor={id}
              className="relative flex min-h-16 cursor-pointer flex-col justify-center rounded-lg border-2 border-slate-300 bg-white px-3 py-2 text-slate-900 hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-700 has-focus-visible:ring-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-70"
            >
              <input
                id={id}
                type="radio"
                name="suggested"
                value={String(cents)}
                checked={chosenCents === cents}
                onChange={() => onChoose(cents)}
                // Over the whole tile, unseen: a tap anywhere on it is a tap on the radio.
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
              />
              <span className="text-xl font-bold">{formatCents(cents).replace(/\.00$/, '')}</span>
              {note ? <span className="text-sm leading-snug text-slate-700">{note}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
