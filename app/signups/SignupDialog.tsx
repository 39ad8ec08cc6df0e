import { lazy, Suspense } from 'react';
import { useRevalidator } from 'react-router';
import type { SignupKind } from '../../common/signups/kinds';
import { NewOnEachOpening, PaymentDialog } from '../payments/PaymentDialog';
import type { SignupEvent } from './SignupForm';
import type { SignupPrefill } from './signup-prefill';

const SignupForm = lazy(() => import('./SignupForm'));

/** Spec §4 Event signup modal; opened by a button naming `id`, before the script too. */
export function SignupDialog({
  id,
  event,
  kind,
  onClosed,
  partyOf,
  receiptEmail,
  prefill,
  openOnLoad = false,
}: {
  id: string;
  event: SignupEvent;
  kind: SignupKind;
  onClosed?: () => void;
  /** ADR 024. */
  partyOf?: number;
  /** The party's own address when adding to it. */
  receiptEmail?: string;
  /** A new sign-up starts with the signed-in supporter as its first person. */
  prefill?: SignupPrefill | null;
  /** ADR 053: the waiting-list offer's link opens the sign-up as the page loads. */
  openOnLoad?: boolean;
}) {
  const revalidator = useRevalidator();
  return (
    <PaymentDialog
      id={id}
      wide
      openOnLoad={openOnLoad}
      onOpenChange={(open) => {
        if (open) return;
        void revalidator.revalidate(); // refreshes the events (places left)
        onClosed?.();
      }}
    >
      {/* The form's code comes after the page's own, and hydrates on its own (React's selective hydration). */}
      <Suspense fallback={null}>
        <NewOnEachOpening>{() => <SignupForm dialogId={id} event={event} kind={kind} partyOf={partyOf} receiptEmail={receiptEmail} prefill={prefill ?? null} />}</NewOnEachOpening>
      </Suspense>
    </PaymentDialog>
  );
}

