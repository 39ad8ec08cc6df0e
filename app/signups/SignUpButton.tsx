import { useEffect } from 'react';
import { Link } from 'react-router';
import { signupClosed, type ApiEvent } from '../../common/events';
import { signupKindOfEventType } from '../../common/signups/kinds';
import { CloseIcon } from '../ui/icons';
import { Modal, ModalClose, ModalDescription, ModalOpener, ModalTitle } from '../ui/Modal';
import { SignupDialog } from './SignupDialog';
import { todayInFoundationZone } from '../../common/dates';
import type { SignupPrefill } from './signup-prefill';

const SIGNUP_DIALOG_ID = 'signup';
const LOGIN_PROMPT_ID = 'signup-login-prompt';

const BUTTON = 'rounded-md bg-gold-500 px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-gold-400';

/** Whether the page offers a sign-up at all (the phone's sign-up bar shows only then). */
export function signupOpen(event: ApiEvent, placesLeft: number | null): boolean {
  return signupKindOfEventType(event.eventType) !== null && signupClosed(event, todayInFoundationZone(), placesLeft) === null;
}

/** Both openers: CSS picks one from <html data-auth>, so the right dialog opens before the script runs too. */
export function SignUpOpeners({
  label = 'Sign up',
  className = BUTTON,
  form = true,
  forWhat,
}: {
  label?: string;
  className?: string;
  form?: boolean;
  /** Read after the label ("Sign up for …") where a second opener would otherwise share its name. */
  forWhat?: string;
}) {
  const text = (
    <>
      {label}
      {forWhat ? <span className="sr-only"> for {forWhat}</span> : null}
    </>
  );
  return (
    <>
      <span data-auth-only="in">
        {form ? (
          <ModalOpener modalId={SIGNUP_DIALOG_ID} className={className}>
            {text}
          </ModalOpener>
        ) : null}
      </span>
      <span data-auth-only="out">
        <ModalOpener modalId={LOGIN_PROMPT_ID} className={className}>
          {text}
        </ModalOpener>
      </span>
    </>
  );
}

/** Spec §2/§4. Works before the script runs: each opener opens its dialog natively. */
export function SignUpButton({
  event,
  placesLeft,
  prefill,
  label,
  openOnLoad = false,
}: {
  event: ApiEvent;
  placesLeft: number | null;
  prefill?: SignupPrefill | null;
  label?: string;
  /** With script, the sign-up opens by itself (a waiting-list offer's link); without, the button is there. */
  openOnLoad?: boolean;
}) {
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
      <SignUpOpeners label={label} form={kind !== null} />
      <LoginPrompt from={`/events/${event.eventNumber}`} />
      {kind ? <SignupDialog id={SIGNUP_DIALOG_ID} event={event} kind={kind} prefill={prefill} openOnLoad={openOnLoad} /> : null}
    </div>
  );
}

/** Spec §2. */
function LoginPrompt({ from }: { from: string }) {
  return (
    <Modal
      id={LOGIN_PROMPT_ID}
      className="m-auto w-[min(28rem,calc(100vw-1.5rem))] max-w-none rounded-xl bg-white p-6 text-slate-800 shadow-2xl backdrop:bg-slate-900/60"
    >
      <ModalTitle modalId={LOGIN_PROMPT_ID} className="pr-10 text-xl font-semibold text-brand-800">
        Sign up with your account
      </ModalTitle>
      <ModalDescription modalId={LOGIN_PROMPT_ID} className="mt-2 text-slate-700">
        Sign-up is for account holders, so we can send your receipt and show the team on your dashboard.
      </ModalDescription>
      <p className="mt-3">
        <Link to={`/login?from=${encodeURIComponent(from)}`} className="font-medium text-brand-700 underline">
          Click here to login or signup.
        </Link>
      </p>
      <ModalClose modalId={LOGIN_PROMPT_ID} className="absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
        <CloseIcon />
      </ModalClose>
    </Modal>
  );
}
