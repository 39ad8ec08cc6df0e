import { formatCents } from '../../common/money';
import type { ApiEvent } from '../../common/events';
import { rulesOfEventType } from '../../common/signups/kinds';
import { SignUpOpeners } from '../signups/SignUpButton';

/**
 * The page's Sign up button is below the first screen on a phone and on most desktops: this bar
 * keeps one in reach while sign-up is open. `.signup-bar` in app.css makes room for it at the end of the page.
 */
export function SignUpBar({ event, placesLeft, signedUp }: { event: ApiEvent; placesLeft: number | null; signedUp: boolean }) {
  const rules = rulesOfEventType(event.eventType);
  const price = `${formatCents(event.signup.priceCents)} ${rules.party ? (event.signup.childPriceCents === null ? 'a person' : 'an adult') : 'a team'}`;
  return (
    <section
      aria-label={`Sign up for ${event.name}`}
      className="signup-bar fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.12)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3">
        <p className="min-w-0 text-sm leading-tight text-slate-700">
          {/* Kept after a sign-up, so the button that opened the form (and has the focus back) stays. */}
          <strong className="block text-base whitespace-nowrap text-brand-800">{signedUp ? "You're signed up" : price}</strong>
          {placesLeft !== null && !signedUp ? `${placesLeft} ${placesLeft === 1 ? rules.placeNames.one : rules.placeNames.many} left` : null}
        </p>
        <SignUpOpeners label={signedUp ? 'Sign up again' : 'Sign up'} forWhat={event.name} className="shrink-0 rounded-md bg-gold-500 px-5 py-3 font-semibold text-slate-900 shadow-sm hover:bg-gold-400" />
      </div>
    </section>
  );
}
