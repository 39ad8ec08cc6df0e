import { useRef, useState } from 'react';
import { donationTotal, type SavedDonation } from '../../common/donations';
import { centsToDecimalString, parseAmountToCents } from '../../common/money';
import { CAMPAIGN_PATH } from '../../common/campaigns';
import { giveButtonLabel } from '../../common/giving-settings';
import { apiRequest } from '../lib/api';
import { useSignedInProfile } from '../lib/auth';
import { usePaymentFlow } from '../payments/payment-flow';
import { useFocusFirstError } from '../lib/hooks/use-focus-first-error';
import { useTypedBeforeHydration } from '../lib/hooks/use-typed-before-hydration';
import { FieldError, GeneralErrors, TextField } from '../ui/FormFields';
import type { CardPaymentHandle } from '../payments/card-payment';
import { CardPayment } from '../payments/CardPayment';
import { NewOnEachOpening, PaymentDialogCloseButton, PaymentDialogHeader } from '../payments/PaymentDialog';
import { PaymentDialogFooter } from '../payments/PaymentDialogFooter';
import { DONATION_DIALOG_ID } from '../../common/islands';
import { CoverFeesOption, DonorOptions, FrequencyOption, GIVING_FIELDS, givingValueOf, NO_GIVING_OPTIONS, TributeOptions, type GivingValues } from './GivingOptions';
import type { DonationFormProps } from './DonationDialog';
import { SuggestedAmounts } from './SuggestedAmounts';
import { ThankYouPanel, type GiftMade } from './ThankYouPanel';

/** Made anew at each opening; loaded after the page's own code, or started as an island. */
export default function DonationDialogContent(props: DonationFormProps) {
  return <NewOnEachOpening>{() => <DonationForm {...props} />}</NewOnEachOpening>;
}

/** ADR 047: on a campaign's page the gift goes to that campaign. */
export interface DonationCampaign {
  id: number;
  name: string;
  slug: string;
}

interface DonationValues extends GivingValues {
  /** The other-amount field's text. */
  amount: string;
  /** A suggested amount chosen (ADR 046); typing another amount clears it. */
  suggestedCents: number | null;
  email: string;
  message: string;
}

/** The server checks the total against its own. */
type DonationRequest = Omit<DonationValues, 'suggestedCents'> & { total?: string; campaignId?: number };

const FIELDS = ['amount', 'email', 'message', 'card', ...GIVING_FIELDS] as const;
/** One form per page, so its ids are fixed: the island must render the very ids the server did. */
const ID = 'donation';

function DonationForm({ payments, settings, campaign = null }: DonationFormProps) {
  const user = useSignedInProfile();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<DonationValues>({ amount: '', suggestedCents: null, email: '', message: '', ...NO_GIVING_OPTIONS, monthly: settings.monthlyPreselected });
  const [cardReady, setCardReady] = useState(false);
  const [gift, setGift] = useState<GiftMade | null>(null);
  const card = useRef<CardPaymentHandle>(null);

  // What is sent: the suggested amount chosen, else what was typed.
  const amount = values.suggestedCents === null ? values.amount.trim() : centsToDecimalString(values.suggestedCents);
  const giftCents = parseAmountToCents(amount);
  const totalCents = giftCents === null ? null : donationTotal(giftCents, values.coverFees).totalCents;

  const flow = usePaymentFlow<DonationRequest>({
    card,
    requestIntent: (request) =>
      apiRequest<{ clientSecret: string }>('/stripe/donation_intent', {
        body: request,
      }),
    save: async (request, clientSecret) => {
      const saved = await apiRequest<SavedDonation>('/stripe/save_donation', {
        // The amount saved is what was charged: the gift and any card-fee part.
        body: { ...request, amount: request.total ?? request.amount, token: clientSecret },
      });
      setGift({ totalCents: parseAmountToCents(saved.amount) ?? 0, email: saved.email, receiptUrl: saved.receiptUrl, giving: request });
    },
    receiptEmail: (request) => request.email,
  });
  const done = flow.outcome !== 'none';
  useFocusFirstError(`${ID}-fields`, flow.errors);

  // Spec: the account's email when signed in (known in the browser only), until one is typed.
  const [emailTyped, setEmailTyped] = useState(false);
  const email = emailTyped ? values.email : (user?.email ?? values.email);
  useTypedBeforeHydration(form, (typed) => {
    if (typed.some(({ name }) => name === 'email')) setEmailTyped(true);
    setValues((v) => typed.reduce<DonationValues>((next, { name, value }) => ({ ...next, ...givingValueOf(name, value), ...textValueOf(name, value), ...suggestedValueOf(name, value) }), v));
  });

  const set = (name: 'amount' | 'email' | 'message') => (value: string) => {
    if (name === 'email') setEmailTyped(true);
    // Another amount typed replaces the suggested one.
    setValues((v) => ({ ...v, [name]: value, ...(name === 'amount' ? { suggestedCents: null } : {}) }));
    flow.clearErrors(name);
  };
  const choose = (cents: number) => {
    setValues((v) => ({ ...v, suggestedCents: cents, amount: '' }));
    flow.clearErrors('amount');
  };
  const setOption = <K extends keyof GivingValues>(name: K, value: GivingValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    flow.clearErrors(name);
  };

  return (
    <form
      ref={form}
      id={`${ID}-fields`}
      onSubmit={(e) => {
        e.preventDefault();
        const { suggestedCents: _chosen, ...fields } = values;
        void flow.confirm({
          ...fields,
          amount,
          email: email.trim(),
          message: values.message.trim(),
          ...(totalCents === null ? {} : { total: centsToDecimalString(totalCents) }),
          ...(campaign ? { campaignId: campaign.id } : {}),
        });
      }}
      noValidate
      aria-busy={flow.sendingRequest}
    >
      <PaymentDialogHeader dialogId={DONATION_DIALOG_ID} title="Donation Form">
        Your gift helps Ohio Valley families through illness and tragedy. A tax receipt is emailed to you.
      </PaymentDialogHeader>

      {gift && flow.outcome === 'paid' ? <ThankYouPanel idPrefix={ID} gift={gift} share={campaign ? campaignShare(settings.share, campaign) : settings.share} /> : null}
      {/* Kept, hidden, after a paid gift: the card form stays mounted until the dialog closes. */}
      <fieldset disabled={done} hidden={Boolean(gift) && flow.outcome === 'paid'} className="mt-5 space-y-4">
        {campaign ? <input type="hidden" name="campaignId" value={campaign.id} /> : null}
        <GeneralErrors errors={flow.errors} fields={FIELDS} />
        <SuggestedAmounts idPrefix={ID} amounts={settings.amounts} chosenCents={values.suggestedCents} onChoose={choose} />
        <TextField
          id={`${ID}-amount`}
          name="amount"
          label={settings.amounts.length > 0 ? 'Other amount' : 'Amount'}
          inputMode="decimal"
          autoComplete="transaction-amount"
          placeholder="Amount (ex. $20.00)"
          maxLength={20}
          value={values.amount}
          onValueChange={set('amount')}
          error={flow.errors.amount}
        />
        {/* Monthly on either gateway: Stripe through a Subscription, the simulated gateway on the site's own schedule (ADR 027). */}
        <FrequencyOption idPrefix={ID} monthly={values.monthly} onChange={setOption} />
        <CoverFeesOption idPrefix={ID} giftCents={giftCents} coverFees={values.coverFees} monthly={values.monthly} onChange={setOption} />
        <TextField
          id={`${ID}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Email to send receipt to"
          maxLength={254}
          value={email}
          onValueChange={set('email')}
          error={flow.errors.email}
        />
        <DonorOptions idPrefix={ID} values={values} errors={flow.errors} onChange={setOption} />
        <TributeOptions idPrefix={ID} values={values} errors={flow.errors} onChange={setOption} />
        <div>
          <label htmlFor={`${ID}-message`} className="mb-1 block text-sm font-semibold text-slate-800">
            Message
          </label>
          <FieldError id={`${ID}-message-error`} message={flow.errors.message} />
          <textarea
            id={`${ID}-message`}
            name="message"
            rows={3}
            maxLength={1000}
            placeholder="Leave us a message (optional)"
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
            aria-invalid={flow.errors.message ? true : undefined}
            aria-describedby={flow.errors.message ? `${ID}-message-error` : undefined}
            className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 focus:outline-none disabled:bg-slate-100 disabled:text-slate-600"
          />
        </div>
        <CardPayment
          payments={payments}
          handle={card}
          onReadyChange={setCardReady}
          amountCents={totalCents ?? 100}
          monthly={values.monthly}
          idPrefix={ID}
          error={flow.errors.card}
          onEdit={() => flow.clearErrors('card')}
        />
      </fieldset>

      <PaymentDialogFooter
        flow={flow}
        successText="Success! Thank you for your donation!"
        unconfirmedText="Your payment went through. We are still recording it; your receipt will arrive by email shortly. Please do not pay again."
        cardReady={cardReady}
        dialogId={DONATION_DIALOG_ID}
        confirmLabel={giveButtonLabel({ totalCents, monthly: values.monthly })}
      />
      <PaymentDialogCloseButton dialogId={DONATION_DIALOG_ID} label="Close the donation form" />
    </form>
  );
}

function suggestedValueOf(name: string, value: string | boolean): Partial<DonationValues> {
  return name === 'suggested' && typeof value === 'string' && /^\d{1,9}$/.test(value) ? { suggestedCents: Number(value) } : {};
}

function textValueOf(name: string, value: string | boolean): Partial<DonationValues> {
  return (name === 'amount' || name === 'email' || name === 'message') && typeof value === 'string' ? { [name]: value } : {};
}

/** On a campaign's page the share links name that page, so friends give to the same campaign. */
function campaignShare(site: DonationFormProps['settings']['share'], campaign: DonationCampaign): DonationFormProps['settings']['share'] {
  const path = CAMPAIGN_PATH(campaign.slug);
  return { url: /^https?:\/\//.test(site.url) ? new URL(path, site.url).href : path, name: campaign.name };
}
