import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiEvent } from '../../../common/events';
import { useAuth } from '../../lib/auth';

/**
 * Spec §2: "Sign up", or a disabled "Sign up closed" for an inactive event. Signed-out visitors who
 * press it are pointed to the login page. (The sign-up forms themselves come with the sign-ups work.)
 */
export function SignUpButton({ event, phone }: { event: ApiEvent; phone: string | null }) {
  const { isAuthenticated } = useAuth();
  const [pressed, setPressed] = useState(false);
  if (!event.active) {
    return (
      <button type="button" disabled className="cursor-not-allowed rounded-md bg-slate-300 px-6 py-3 font-semibold text-slate-700">
        Sign up closed
      </button>
    );
  }
  return (
    <div>
      <button type="button" onClick={() => setPressed(true)} className="rounded-md bg-gold-500 px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-gold-400">
        Sign up
      </button>
      <div aria-live="polite" className="mt-3">
        {pressed && !isAuthenticated ? (
          <Link to="/login" className="font-medium text-brand-700 underline">
            Click here to login or signup.
          </Link>
        ) : null}
        {pressed && isAuthenticated ? (
          <p className="text-slate-700">
            Online sign-up for this event opens soon.{phone ? ` To sign up now, call us at ${phone}.` : ''}
          </p>
        ) : null}
      </div>
    </div>
  );
}
