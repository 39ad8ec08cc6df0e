import { useRef, useState } from 'react';
import { data, Form, Link, useFetcher } from 'react-router';
import type { Route } from './+types/sponsor-order';
import { formatCalendarDate } from '../../common/dates';
import { formatCents, parseAmountToCents } from '../../common/money';
import { leftText, type OrderOpened } from '../../common/sponsorships';
import { CardPayment } from '../payments/CardPayment';
import type { CardPaymentHandle } from '../payments/card-payment';
import { formFields, formFiles, readForm } from '../lib/form-body.server';
import { pageHandle } from '../lib/pages/page-handle';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo/meta';
import { CONTROL_CLASS, FieldError, SuccessNotice, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';

/** ADR 052: a business orders a sponsorship package (details and logo), then pays by card. */

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.eventNumber)) throw data('Not found', { status: 404 });
  const eventNumber = Number(params.eventNumber);
  let event;
  try {
    event = await context.services.events.byNumber(String(eventNumber));
  } catch {
    throw data(`Event ${eventNumber} doesn't exist.`, { status: 404 });
  }
  const packages = await context.services.sponsorships.offered(eventNumber);
  const chosen = Number(new URL(request.url).searchParams.get('package'));
  return data({ event: { eventNumber, name: event.name, eventDate: event.eventDate }, packages, chosen: packages.some((p) => p.id === chosen) ? chosen : null }, { headers: PRIVATE });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const fields = formFields(form);
  const sponsorships = context.services.sponsorships;
  if (fields.intent === 'confirm') {
    const answer = await sponsorships.confirm({ token: fields.token, amount: parseAmountToCents(fields.amount ?? '') ?? undefined });
    if (answer.ok) return data({ step: 'paid' as const, errors: {} as Record<string, string> }, { headers: PRIVATE });
    return data({ step: 'pay-failed' as const, errors: answer.errors }, { status: answer.status, headers: PRIVATE });
  }
  const file = formFiles(form).logo;
  const logo = file && !(file.size === 0 && file.name === '') ? { bytes: Buffer.from(await file.arrayBuffer()), declaredType: file.type, fileName: file.name } : null;
  // A signed-in buyer names the package's places from their dashboard (ADR 054).
  const buyer = (await context.supporters.current(request)).supporter;
  const answer = await sponsorships.order({ ...fields, eventNumber: params.eventNumber }, logo, context.backOffice.clientAddress, buyer?.id ?? null);
  if (answer.ok) return data({ step: 'pay' as const, order: answer.value, receiptEmail: fields.contactEmail ?? '', errors: {} as Record<string, string> }, { headers: PRIVATE });
  return data({ step: 'order' as const, errors: answer.errors, echo: fields }, { status: answer.status, headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(matches, data ? `Sponsor ${data.event.name}` : 'Sponsor an event', 'Sponsor one of our events: choose a package, tell us who you are, upload your logo and pay by card.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/events/:eventNumber/sponsor');

/** The order and its client secret are the business's alone. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
}

const LABELS: Record<string, string> = {
  packageId: 'Package',
  companyName: 'Company name',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  phone: 'Phone',
  displayName: 'Name to display with your logo',
  link: 'Link to your website (https://…)',
  logo: 'Logo (SVG, PNG or JPEG)',
  eventNumber: 'Event',
};

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { event, packages, chosen } = loaderData;
  const heading = `Sponsor ${event.name}`;
  return (
    <>
      <PageHeader title={heading} />
      <div className="mx-auto max-w-2xl space-y-5 px-4 py-8">
        <p className="text-slate-700">
          {formatCalendarDate(event.eventDate, { weekday: true })}.{' '}
          <Link to={`/events/${event.eventNumber}`} className="font-semibold text-brand-700 underline">
            Back to the event
          </Link>
        </p>
        {actionData?.step === 'pay' || actionData?.step === 'pay-failed' || actionData?.step === 'paid' ? (
          <PayStep answer={actionData} />
        ) : packages.length === 0 ? (
          <p className="text-lg">This event has no sponsorship packages for sale online. Please contact us to sponsor it.</p>
        ) : (
          <OrderForm packages={packages} chosen={chosen} errors={actionData?.errors ?? {}} echo={actionData && 'echo' in actionData ? actionData.echo : undefined} />
        )}
      </div>
    </>
  );
}

function OrderForm({
  packages,
  chosen,
  errors,
  echo,
}: {
  packages: Route.ComponentProps['loaderData']['packages'];
  chosen: number | null;
  errors: Record<string, string>;
  echo?: Record<string, string>;
}) {
  const value = (name: string) => echo?.[name] ?? '';
  const wrong = Object.keys(errors);
  const selected = echo?.packageId ?? (chosen === null ? '' : String(chosen));
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {wrong.length > 0 ? (
        <div role="alert" aria-labelledby="order-errors" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          <h2 id="order-errors" className="font-semibold">
            Please check the order
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {wrong.map((name) => (
              <li key={name}>
                <a href={name === 'packageId' ? '#package-choice' : `#field-${name}`} className="underline">
                  {LABELS[name] ? `${LABELS[name]}: ` : ''}
                  {errors[name]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset id="package-choice" tabIndex={-1} className="space-y-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Package</legend>
        <FieldError id="field-packageId-error" message={errors.packageId} />
        {packages.map((p) => (
          <label key={p.id} className="flex items-start gap-3 rounded-lg border border-slate-300 p-3">
            <input type="radio" name="packageId" value={p.id} defaultChecked={selected === String(p.id)} disabled={p.left <= 0} className="mt-1 size-5" />
            <span className="min-w-0">
              <span className="block font-semibold">
                {p.name} · {formatCents(p.priceCents)} · {leftText(p)}
              </span>
              <span className="block text-sm break-words whitespace-pre-line text-slate-700">{p.includes}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="companyName" label={LABELS.companyName} defaultValue={value('companyName')} error={errors.companyName} maxLength={120} autoComplete="organization" />
        <TextField name="displayName" label={LABELS.displayName} defaultValue={value('displayName')} error={errors.displayName} maxLength={120} />
        <TextField name="contactName" label={LABELS.contactName} defaultValue={value('contactName')} error={errors.contactName} maxLength={120} autoComplete="name" />
        <TextField name="contactEmail" label={LABELS.contactEmail} type="email" defaultValue={value('contactEmail')} error={errors.contactEmail} maxLength={254} autoComplete="email" />
        <TextField name="phone" label={LABELS.phone} type="tel" defaultValue={value('phone')} error={errors.phone} maxLength={30} autoComplete="tel" />
        <TextField name="link" label={LABELS.link} type="url" defaultValue={value('link')} error={errors.link} maxLength={500} placeholder="https://" />
      </div>
      <div>
        <label htmlFor="field-logo" className="mb-1 block text-sm font-semibold text-slate-800">
          {LABELS.logo}
        </label>
        <p id="field-logo-hint" className="mb-1 text-sm text-slate-600">
          At most 1.5 MB. We show it once we have checked it.
        </p>
        <FieldError id="field-logo-error" message={errors.logo} />
        <input
          id="field-logo"
          name="logo"
          type="file"
          accept="image/svg+xml,image/png,image/jpeg,.svg,.png,.jpg,.jpeg"
          aria-invalid={errors.logo ? true : undefined}
          aria-describedby={errors.logo ? 'field-logo-hint field-logo-error' : 'field-logo-hint'}
          className={`${CONTROL_CLASS} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`}
        />
      </div>
      <button type="submit" name="intent" value="order" className="w-full rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800">
        Continue to payment
      </button>
    </Form>
  );
}

type PayAnswer = { step: 'pay'; order: OrderOpened; receiptEmail: string } | { step: 'pay-failed' | 'paid'; errors: Record<string, string> };

/** The package is held for its minutes while the card is charged; the server settles it once. */
function PayStep({ answer }: { answer: PayAnswer }) {
  const root = useRootData();
  const card = useRef<CardPaymentHandle>(null);
  const fetcher = useFetcher<typeof action>();
  const [order] = useState(answer.step === 'pay' ? answer : null);
  const [ready, setReady] = useState(false);
  const [cardError, setCardError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const result = fetcher.data ?? (answer.step === 'pay' ? null : answer);
  if (result?.step === 'paid') {
    return (
      <SuccessNotice>
        Thank you! Your sponsorship is paid. We have emailed your receipt, and we will show your logo once we have checked it.
        {order && order.order.places > 0 ? ' Your package includes places: the email says how to name who is coming, from your dashboard.' : ''}
      </SuccessNotice>
    );
  }
  if (!order) return <FieldError id="pay-error" message={Object.values(result?.errors ?? {})[0] ?? 'Please start again.'} />;
  const amountCents = parseAmountToCents(order.order.amount) ?? 0;
  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setCardError(undefined);
    const prepared = await card.current?.prepare();
    const charged = prepared?.ok ? await card.current!.confirm(order.order.clientSecret, { receiptEmail: order.receiptEmail }) : prepared;
    if (!charged?.ok) {
      setCardError(charged?.message ?? 'The card form is still loading. Please wait a moment.');
      setBusy(false);
      return;
    }
    fetcher.submit({ intent: 'confirm', token: order.order.clientSecret, amount: order.order.amount }, { method: 'post' });
  };
  return (
    <section aria-labelledby="pay-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="pay-heading" className="text-xl font-bold text-brand-800">
        Pay for the {order.order.packageName} package
      </h2>
      <p className="text-slate-700">
        The package is held for you for 15 minutes. Amount: <strong>{formatCents(amountCents)}</strong>
      </p>
      {result && result.step === 'pay-failed' ? <FieldError id="pay-error" message={Object.values(result.errors)[0]} /> : null}
      <CardPayment payments={root?.payments ?? { provider: 'simulated' }} handle={card} onReadyChange={setReady} amountCents={amountCents} idPrefix="sponsor" error={cardError} />
      <button type="button" onClick={pay} disabled={!ready || busy || fetcher.state !== 'idle'} className="w-full rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        Pay {formatCents(amountCents)}
      </button>
    </section>
  );
}
