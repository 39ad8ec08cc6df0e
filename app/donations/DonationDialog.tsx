import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { donationTotal, type SavedDonation } from '../../common/donations';
import { centsToDecimalString, parseAmountToCents } from '../../common/money';
import type { PublicConfig } from '../../common/load-context';
import { apiRequest } from '../lib/api';
import { useAuth } from '../lib/auth';
import { usePaymentFlow } from '../payments/payment-flow';
import { useFocusFirstError } from '../lib/hooks/use-focus-first-error';
import { FieldError, GeneralErrors, TextField } from '../ui/FormFields';
import type { CardPaymentHandle } from '../payments/card-payment';
import { CardPayment } from '../payments/CardPayment';
import { PaymentDialog, PaymentDialogHeader } from '../payments/PaymentDialog';
import { PaymentDialogFooter } from '../payments/PaymentDialogFooter';
import { CoverFeesOption, DonorOptions, FrequencyOption, GIVING_FIELDS, NO_GIVING_OPTIONS, TributeOptions, type GivingValues } from './GivingOptions';

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
  const open = useCallback(() => setOpen(true), []);
  const controls = useMemo(() => ({ open }), [open]);
  return (
    <DonationDialogContext.Provider value={controls}>
      {children}
      <PaymentDialog open={isOpen} onOpenChange={setOpen}>
        {(close) => <DonationForm payments={payments} onClose={close} />}
      </PaymentDialog>
    </DonationDialogContext.Provider>
  );
}

interface DonationValues extends GivingValues {
  amount: string;
  email: string;
  message: string;
}

/** What is sent: the typed values and the total the donor was shown (the server checks it against its own). */
type DonationRequest = DonationValues & { total?: string };

const FIELDS = ['amount', 'email', 'message', 'card', ...GIVING_FIELDS] as const;

function DonationForm({ payments, onClose }: { payments: PublicConfig['payments']; onClose: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const [values, setValues] = useState<DonationValues>({
    amount: '',
    email: user?.email ?? '',
    message: '',
    ...NO_GIVING_OPTIONS,
  });
  const [cardReady, setCardReady] = useState(false);
  const card = useRef<CardPaymentHandle>(null);

  const giftCents = parseAmountToCents(values.amount);
  const totalCents = giftCents === null ? null : donationTotal(giftCents, values.coverFees).totalCents;

  const flow = usePaymentFlow<DonationRequest>({
    card,
    requestIntent: (form) =>
      apiRequest<{ clientSecret: string }>('/stripe/donation_intent', {
        body: form,
      }),
    save: async (form, clientSecret) => {
      await apiRequest<SavedDonation>('/stripe/save_donation', {
        // The amount saved is what was charged: the gift and any card-fee part.
        body: { ...form, amount: form.total ?? form.amount, token: clientSecret },
      });
    },
    receiptEmail: (form) => form.email,
  });
  const done = flow.outcome !== 'none';
  useFocusFirstError(`${id}-form`, flow.errors);
  const set = (name: 'amount' | 'email' | 'message') => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    flow.clearErrors(name);
  };
  const setOption = <K extends keyof GivingValues>(name: K, value: GivingValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    flow.clearErrors(name);
  };

  return (
    <form
      id={`${id}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        void flow.confirm({
          ...values,
          amount: values.amount.trim(),
          email: values.email.trim(),
          message: values.message.trim(),
          ...(totalCents === null ? {} : { total: centsToDecimalString(totalCents) }),
        });
      }}
      noValidate
      aria-busy={flow.sendingRequest}
    >
      <PaymentDialogHeader title="Donation Form" closeLabel="Close the donation form">
        Your gift helps Ohio Valley families through illness and tragedy. A tax receipt is emailed to you.
      </PaymentDialogHeader>

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
        {/* Monthly on either gateway: Stripe through a Subscription, the simulated gateway on the site's own schedule (ADR 027). */}
        <FrequencyOption idPrefix={id} monthly={values.monthly} onChange={setOption} />
        <CoverFeesOption idPrefix={id} giftCents={giftCents} coverFees={values.coverFees} monthly={values.monthly} onChange={setOption} />
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
        <DonorOptions idPrefix={id} values={values} errors={flow.errors} onChange={setOption} />
        <TributeOptions idPrefix={id} values={values} errors={flow.errors} onChange={setOption} />
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
          amountCents={totalCents ?? 100}
          monthly={values.monthly}
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
