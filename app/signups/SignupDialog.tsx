import { lazy, Suspense } from 'react';
import { useRevalidator } from 'react-router';
import type { SignupKind } from '../../common/signups/kinds';
import { NewOnEachOpening, PaymentDialog } from '../payments/PaymentDialog';
import type { SignupEvent } from './SignupForm';

const SignupForm = lazy(() => import('./SignupForm'));

/** Spec §4 Event signup modal; opened by a button naming `id`, before the script too. */
export function SignupDialog({
  id,
  event,
  kind,
  onClosed,
  partyOf,
  receiptEmail,
}: {
  id: string;
  event: SignupEvent;
  kind: SignupKind;
  onClosed?: () => void;
  /** ADR 024. */
  partyOf?: number;
  /** The party's own address when adding to it. */
  receiptEmail?: string;
}) {
  const revalidator = useRevalidator();
  return (
    <PaymentDialog
      id={id}
      wide
      onOpenChange={(open) => {
        if (open) return;
        void revalidator.revalidate(); // refreshes the events (places left)
        onClosed?.();
      }}
    >
      {/* The form's code comes after the page's own, and hydrates on its own (React's selective hydration). */}
      <Suspense fallback={null}>
        <NewOnEachOpening>{() => <SignupForm dialogId={id} event={event} kind={kind} partyOf={partyOf} receiptEmail={receiptEmail} />}</NewOnEachOpening>
      </Suspense>
    </PaymentDialog>
  );
}

