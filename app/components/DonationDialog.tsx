import * as Dialog from '@radix-ui/react-dialog';
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SavedDonation } from '../../common/donations';
import { parseAmountToCents } from '../../common/money';
import type { PublicConfig } from '../../common/services';
import { apiRequest } from '../lib/api';
import { useAuth } from '../lib/auth';
import { usePaymentFlow } from '../lib/payment-flow';
import { useFocusFirstError } from '../lib/use-focus-first-error';
import { useReturnFocus } from '../lib/use-return-focus';
import { FieldError, GeneralErrors, TextField } from './forms/FormParts';
import { CloseIcon } from './icons';
import type { CardPaymentHandle } from './payments/card-payment';
import { CardPayment } from './payments/CardPayment';
import { PAYMENT_DIALOG_PADDING, PaymentDialogFooter } from './payments/PaymentDialogFooter';

interface DonationDialogControls {
  open: () => void;
}

const DonationDialogContext = createContext<DonationDialogControls | null>(null);

/** Every Donate button opens the one Donation Form dialog. */
export function useDonationDialog(): DonationDialogControls {
  const controls = useContext(DonationDialogContext);
  if (!controls) throw new Error('useDonationDialog must be used inside <DonationDialogProvider>');
  return controls;
}

export function DonationDialogProvider({ payments, children }: { payments: PublicConfig['payments']; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  // A new form each time it opens: closing resets everything (spec §4 Donation modal).
  const [session, setSession] = useState(0);
  const open = useCallback(() => {
    setSession((s) => s + 1);
    setOpen(true);
  }, []);
  const controls = useMemo(() => ({ open }), [open]);
  const returnFocus = useReturnFocus();
  return (
    <DonationDialogContext.Provider value={controls}>
      {children}
      <Dialog.Root open={isOpen} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-slate-900/60" />
          <Dialog.Content
            {...returnFocus}
            // The card form must not lose what was typed because of a stray tap outside.
            onPointerDownOutside={(e) => e.preventDefault()}
            className={`fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(34rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white shadow-2xl ${PAYMENT_DIALOG_PADDING}`}
          >
            <DonationForm key={session} payments={payments} onClose={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </DonationDialogContext.Provider>
  );
}

interface DonationValues {
  amount: string;
  email: string;
  message: string;
}

const FIELDS = ['amount', 'email', 'message', 'card'] as const;

function DonationForm({ payments, onClose }: { payments: PublicConfig['payments']; onClose: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const [values, setValues] = useState<DonationValues>({ amount: '', email: user?.email ?? '', message: '' });
  const [cardReady, setCardReady] = useState(false);
  const card = useRef<CardPaymentHandle>(null);

  const flow = usePaymentFlow<DonationValues>({
    card,
    requestIntent: (form) => apiRequest<{ clientSecret: string }>('/stripe/donation_intent', { body: form }),
    save: async (form, clientSecret) => {
      await apiRequest<SavedDonation>('/stripe/save_donation', { body: { ...form, token: clientSecret } });
    },
    receiptEmail: (form) => form.email,
  });
  const done = flow.outcome !== 'none';
  useFocusFirstError(`${id}-form`, flow.errors);
  const set = (name: keyof DonationValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    flow.clearErrors(name);
  };

  return (
    <form
      id={`${id}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        void flow.confirm({ amount: values.amount.trim(), email: values.email.trim(), message: values.message.trim() });
      }}
      noValidate
      aria-busy={flow.sendingRequest}
    >
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-2xl font-semibold text-brand-800">Donation Form</Dialog.Title>
        <Dialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close the donation form">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-2 text-sm text-slate-600">
        Your gift helps Ohio Valley families through illness and tragedy. A tax receipt is emailed to you.
      </Dialog.Description>

      <fieldset disabled={done} className="mt-5 space-y-4">
        <GeneralErrors errors={flow.errors} fields={FIELDS} />
        <TextField
          id={`${id}-amount`}
          name="amount"
          label="Amount"
          inputMode="decimal"
          autoComplete="transaction-amount"
          placeholder="Amount (ex. $20.00)"
          maxLength={20}
          value={values.amount}
          onValueChange={set('amount')}
          error={flow.errors.amount}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Email to send receipt to"
          maxLength={254}
          value={values.email}
          onValueChange={set('email')}
          error={flow.errors.email}
        />
        <div>
          <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-semibold text-slate-800">
            Message
          </label>
          <FieldError id={`${id}-message-error`} message={flow.errors.message} />
          <textarea
            id={`${id}-message`}
            name="message"
            rows={3}
            maxLength={1000}
            placeholder="Leave us a message (optional)"
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
            aria-invalid={flow.errors.message ? true : undefined}
            aria-describedby={flow.errors.message ? `${id}-message-error` : undefined}
            className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 focus:outline-none disabled:bg-slate-100 disabled:text-slate-600"
          />
        </div>
        <CardPayment
          payments={payments}
          handle={card}
          onReadyChange={setCardReady}
          amountCents={parseAmountToCents(values.amount) ?? 100}
          idPrefix={id}
          error={flow.errors.card}
          onEdit={() => flow.clearErrors('card')}
        />
      </fieldset>

      <PaymentDialogFooter
        flow={flow}
        successText="Success! Thank you for your donation!"
        unconfirmedText="Your payment went through. We are still recording it; your receipt will arrive by email shortly. Please do not pay again."
        cardReady={cardReady}
        onClose={onClose}
      />
    </form>
  );
}
