import { Link } from 'react-router';
import { todayInFoundationZone } from '../../common/dates';
import { signupClosed, type ApiEvent } from '../../common/events';
import { formatRoundMoment } from '../../common/scholarship-rounds';
import { rulesOfEventType } from '../../common/signups/kinds';
import { STEAKFRY_MAX_ATTENDEES } from '../../common/signups/steakfry';
import type { MyWaitlistEntry } from '../../common/waitlist';
import type { SignupPrefill } from '../signups/signup-prefill';

const LINK = 'inline-block rounded-md bg-gold-500 px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-gold-400';

/** ADR 053: on a full event's page, the waiting list instead of a sign-up; a standing offer says until when. */
export function WaitlistPanel({ event, placesLeft, entry, signedIn }: { event: ApiEvent; placesLeft: number | null; entry: MyWaitlistEntry | null; signedIn: boolean }) {
  const path = `/events/${event.eventNumber}/waiting-list`;
  if (entry?.status === 'offered' && entry.offerExpiresAt) {
    return (
      <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 font-semibold text-green-800">
        {`A place is held for you from the waiting list (${entry.request}) until ${formatRoundMoment(entry.offerExpiresAt)}. Sign up and pay before then to keep it.`}
      </p>
    );
  }
  if (entry) {
    return (
      <p className="mt-4 text-slate-700">
        {`You are number ${entry.position} on the waiting list (${entry.request}). `}
        <Link to={path} className="font-medium text-brand-700 underline">
          Your place in line
        </Link>
      </p>
    );
  }
  const link = signedIn ? path : `/login?from=${encodeURIComponent(path)}`;
  // A party bigger than the seats left cannot sign up, but can wait for them.
  const fewSeats = rulesOfEventType(event.eventType).party && placesLeft !== null && placesLeft > 0 && placesLeft < STEAKFRY_MAX_ATTENDEES;
  if (fewSeats && signupClosed(event, todayInFoundationZone(), placesLeft) === null) {
    return (
      <p className="mt-4 text-slate-700">
        {'Not enough seats for your party? '}
        <Link to={link} className="font-medium text-brand-700 underline">
          Join the waiting list
        </Link>
      </p>
    );
  }
  if (signupClosed(event, todayInFoundationZone(), placesLeft)?.reason !== 'full') return null;
  return (
    <div className="mt-4">
      <Link to={link} className={LINK}>
        Join the waiting list
      </Link>
    </div>
  );
}

/** A standing offer opens the sign-up with its places, whatever the event's count says to others. */
export function placesLeftFor(placesLeft: number | null, entry: MyWaitlistEntry | null): number | null {
  return entry?.status === 'offered' && placesLeft !== null ? placesLeft + entry.places : placesLeft;
}

/** A standing offer's sign-up starts with the party it holds places for. */
export function offeredPrefill(you: SignupPrefill | null, entry: MyWaitlistEntry | null): SignupPrefill | null {
  return you && entry?.status === 'offered' ? { ...you, partySize: entry.places } : you;
}
