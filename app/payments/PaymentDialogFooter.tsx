import type { usePaymentFlow } from './payment-flow';
import { FixErrorsNotice, NoticeBox, SuccessNotice } from '../ui/FormFields';
import { PolicyNotice } from '../ui/PolicyNotice';
import { ModalClose } from '../ui/Modal';

export const PAYMENT_DIALOG_PADDING = 'px-5 pt-5 sm:px-6 sm:pt-6';

/** Spec §4. Sticky, so the answer to Confirm is in view however far down a long form was scrolled. */
export function PaymentDialogFooter({
  flow: { errors, outcome, outcomeText, sendingRequest },
  successText,
  unconfirmedText,
  cardReady,
  dialogId,
  confirmLabel = 'Confirm',
}: {
  flow: Pick<ReturnType<typeof usePaymentFlow>, 'errors' | 'outcome' | 'outcomeText' | 'sendingRequest'>;
  successText: string;
  unconfirmedText: string;
  cardReady: boolean;
  dialogId: string;
  /** What pressing it does, e.g. "Give $20.00 monthly" (ADR 046). */
  confirmLabel?: string;
}) {
  const done = outcome !== 'none';
  return (
    <div className="sticky bottom-0 -mx-5 mt-4 border-t border-slate-200 bg-white px-5 pt-3 pb-5 sm:-mx-6 sm:px-6 sm:pb-6">
      {outcome === 'paid' ? <SuccessNotice>{successText}</SuccessNotice> : null}
      {outcome === 'paid-unconfirmed' ? <SuccessNotice>{unconfirmedText}</SuccessNotice> : null}
      {outcome === 'refunded' ? <NoticeBox>{outcomeText}</NoticeBox> : null}
      <FixErrorsNotice errors={errors} />
      <div className="mt-3 flex justify-end gap-3">
        <ModalClose modalId={dialogId} className="rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100">
          {done ? 'Close' : 'Not now'}
        </ModalClose>
        <button
          type="submit"
          disabled={sendingRequest || done || !cardReady}
          className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sendingRequest ? 'Processing…' : confirmLabel}
        </button>
      </div>
      {/* After the buttons, so the keyboard reaches Confirm first. */}
      {done ? null : (
        <div className="mt-2 text-right">
          <PolicyNotice action="confirming" />
        </div>
      )}
    </div>
  );
}
