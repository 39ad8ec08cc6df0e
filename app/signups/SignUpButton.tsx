import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { signupClosed, type ApiEvent } from '../../common/events';
import { signupKindOfEventType } from '../../common/signups/kinds';
import { useAuth } from '../lib/auth';
import { SignupDialog } from './SignupDialog';
import { todayInFoundationZone } from '../../common/dates';

/**
 * Spec §2/§4: "Sign up" opens the form of the event's type when signed in, else the login prompt;
 * a disabled "Sign up closed" for an inactive, past or full event or outside its sign-up dates.
 */
export function SignUpButton({ event, placesLeft }: { event: ApiEvent; placesLeft: number | null }) {
  const { isAuthenticated } = useAuth();
  const [pressed, setPressed] = useState(false);
  const [open, setOpen] = useState(false);
  const kind = signupKindOfEventType(event.eventType);

  useEffect(() => {
    if (!kind) console.warn(`Event ${event.eventNumber} has an unknown type "${event.eventType}": no sign-up form.`);
  }, [kind, event.eventNumber, event.eventType]);

  const closed = signupClosed(event, todayInFoundationZone(), placesLeft);
  if (closed) {
    return (
      <div>
        <button type="button" disabled className="cursor-not-allowed rounded-md bg-slate-300 px-6 py-3 font-semibold text-slate-700">
          {closed.reason === 'full' ? 'Sign up closed — this event is full' : 'Sign up closed'}
        </button>
        {closed.reason === 'not_yet' || closed.reason === 'ended' ? <p className="mt-3 text-slate-700">{closed.message}</p> : null}
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setPressed(true);
          if (isAuthenticated && kind) setOpen(true);
        }}
        className="rounded-md bg-gold-500 px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-gold-400"
      >
        Sign up
      </button>
      <div aria-live="polite" className="mt-3">
        {pressed && !isAuthenticated ? (
          <p className="text-slate-700">
            Sign-up is for account holders, so we can send your receipt and show the team on your dashboard.{' '}
            <Link to="/login" state={{ from: `/events/${event.eventNumber}` }} className="font-medium text-brand-700 underline">
              Click here to login or signup.
            </Link>
          </p>
        ) : null}
      </div>
      {kind && isAuthenticated ? <SignupDialog event={event} kind={kind} open={open} onOpenChange={setOpen} /> : null}
    </div>
  );
}
