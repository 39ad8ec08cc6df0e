import { lazy, Suspense } from 'react';
import { useRevalidator } from 'react-router';
import type { SignupKind } from '../../common/signups/kinds';
import { NewOnEachOpening, PaymentDialog } from '../payments/PaymentDialog';
import type { SignupEvent } from './SignupForm';

const SignupForm = lazy(() => import('./SignupForm'));

/**
 * Spec §4 Event signup modal: the form of the event's type, the card, Confirm and Not now/Close.
 * It is in the page's HTML, opened by a button naming `id` (before the page's script has run too).
 */
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
  /** After the dialog closed (the events, with their places left, are refreshed anyway). */
  onClosed?: () => void;
  /** Adds the people to the supporter's paid party with this confirmation number (steak fry, ADR 024). */
  partyOf?: number;
  /** Where the receipt goes unless changed (the party's own address when adding to it). */
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

