import { Link } from 'react-router';
import type { Route } from './+types/payment';
import { TRIBUTE_WORDS } from '../../../common/donations';
import { formatCents } from '../../../common/money';
import { formatMoment } from '../../../common/moment';
import { receiptNumber } from '../../../common/receipts';
import { AdminPageHeader } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { Button, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { RefundPanel, type RefundReview } from '../../admin/RefundPanel';
import { answer } from '../../admin/answer.server';
import { PaymentFormSchema } from '../../admin/form-schemas.server';
import { pathNumber, readStaffForm, requireAdmin, requireStaff } from '../../admin/guard.server';
import { StatusBadge } from '../../admin/StatusBadge';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Payment ${params.paymentId} | Back office` }];

export async function loader(args: Route.LoaderArgs) {
  const { session, actor } = await requireStaff(args);
  const payment = await args.context.backOffice.reports.payment(pathNumber(args.params.paymentId), actor);
  if (!payment) throw new Response('Not found', { status: 404 });
  // One key per form shown: the same refund posted twice (a double click, a resent form) refunds once.
  return { payment, isAdmin: session.staff.role === 'admin', requestKey: crypto.randomUUID() };
}

export async function action(args: Route.ActionArgs) {
  const paymentId = pathNumber(args.params.paymentId);
  const { actor, fields, input } = await readStaffForm(args, PaymentFormSchema);
  const refunding = fields.intent === 'refund' || fields.intent === 'review' || fields.intent === 'edit';
  // Before any field error: a volunteer's refund is a 403.
  if (refunding) requireAdmin(actor);
  const echo = refunding
    ? { amount: (fields.amount ?? '').slice(0, 20), reason: (fields.reason ?? '').slice(0, 40), note: (fields.note ?? '').slice(0, 500), requestKey: (fields.requestKey ?? '').slice(0, 120) }
    : null;
  // "No, go back" on the confirm step: the form again, as it was filled.
  if (fields.intent === 'edit') return { intent: 'refund' as const, ok: true as const, echo };
  if (!input.ok) return answer({ intent: refunding ? ('refund' as const) : fields.intent, ...input, echo });
  const form = input.data;
  if (form.intent === 'review') {
    const review: RefundReview = { amountCents: form.everything === 'yes' ? null : form.amount, reason: form.reason, note: form.note, requestKey: form.requestKey };
    return { intent: 'review' as const, ok: true as const, review, echo };
  }
  const actions = args.context.backOffice.actions;
  const result =
    form.intent === 'refund'
      ? await actions.refund(actor, paymentId, { amountCents: form.everything === 'yes' ? null : form.amount, reason: form.reason, note: form.note, requestKey: form.requestKey })
      : await actions.resend(actor, paymentId);
  return answer({ intent: form.intent, ...result, echo: result.ok ? null : echo });
}

const REASON_TEXT: Record<string, string> = {
  requested_by_customer: "At the payer's request",
  staff: "Foundation's decision",
  event_full: 'The event was full',
  event_closed: 'Sign-up had closed',
  party_cancelled: 'The party being joined was cancelled',
  outside_site: 'Refunded outside the site (Stripe Dashboard)',
};

const MAIL_TEXT: Record<string, string> = {
  donation_paid: 'Receipt',
  signup_paid: 'Sign-up confirmation',
  sponsorship_paid: 'Sponsorship receipt',
  refund_notice: 'Refund notice',
  tribute_notification: 'Tribute notification',
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t border-slate-200 py-2 first:border-t-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-semibold break-all">{children}</dd>
    </div>
  );
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { payment: p, isAdmin, requestKey } = loaderData;
  const errors: Record<string, string> | undefined = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const echo = actionData && 'echo' in actionData ? actionData.echo : null;
  const review = actionData && 'review' in actionData ? (actionData.review ?? null) : null;
  const refundErrors = actionData?.intent === 'refund' ? errors : undefined;
  const canResend = p.status === 'paid' || p.status === 'partially_refunded';
  const title = p.donation
    ? `Donation of ${formatCents(p.amountCents)}`
    : p.sponsorship
      ? `Sponsorship of ${p.sponsorship.eventName}: ${formatCents(p.amountCents)}`
      : `${p.signup?.eventName ?? 'Sign-up'}: ${formatCents(p.amountCents)}`;
  const back = p.signup
    ? { to: `/admin/events/${p.signup.eventNumber}/registrations`, text: `Back to ${p.signup.eventName}` }
    : p.sponsorship
      ? { to: `/admin/events/${p.sponsorship.eventNumber}/sponsorships`, text: `Back to the sponsors of ${p.sponsorship.eventName}` }
      : { to: '/admin/donations', text: 'Back to donations' };
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link className={linkClass} to={back.to}>
          {back.text}
        </Link>
      </p>
      <AdminPageHeader title={title} lead={<StatusBadge status={p.status} />} />
      {actionData && 'message' in actionData && actionData.message ? <Notice tone="success">{actionData.message}</Notice> : null}
      <OtherErrors errors={errors} shown={actionData?.intent === 'refund' ? ['amount', 'reason', 'note'] : []} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="facts-heading" className="rounded-lg border border-slate-300 bg-white p-5">
          <h2 id="facts-heading" className="mb-2 text-lg font-bold">
            Details
          </h2>
          <dl className="text-sm">
            <Fact label="Payment number">{p.paymentId}</Fact>
            <Fact label="Amount">{formatCents(p.amountCents)}</Fact>
            <Fact label="Refunded">{formatCents(p.refundedCents)}</Fact>
            <Fact label="Started">{formatMoment(p.createdAt)}</Fact>
            <Fact label="Paid">{p.paidAt ? formatMoment(p.paidAt) : 'Not paid'}</Fact>
            {p.donation ? (
              <>
                <Fact label="Donor email">{p.donation.email}</Fact>
                {p.donation.donorName ? <Fact label="Donor name (as given)">{p.donation.donorName}</Fact> : null}
                <Fact label="Receipt number">{receiptNumber({ donationId: p.donation.donationId })}</Fact>
                {p.donation.giving.feeCents > 0 ? (
                  <Fact label="Gift and card fees">
                    {formatCents(p.donation.giving.giftCents)} + {formatCents(p.donation.giving.feeCents)} card fees
                  </Fact>
                ) : null}
                <Fact label="Anonymous">{p.donation.giving.anonymous ? 'Yes: keep the name off anything public' : 'No'}</Fact>
                {p.donation.giving.tribute ? (
                  <Fact label="Dedication">
                    {TRIBUTE_WORDS[p.donation.giving.tribute.kind]} {p.donation.giving.tribute.name}
                  </Fact>
                ) : null}
                {p.donation.notify ? (
                  <>
                    <Fact label="Notified">
                      {p.donation.notify.name} ({p.donation.notify.email})
                    </Fact>
                    <Fact label="Amount in the notification">{p.donation.notify.includeAmount ? 'Yes' : 'No'}</Fact>
                  </>
                ) : null}
                <Fact label="Message">{p.donation.message || '—'}</Fact>
              </>
            ) : null}
            {p.sponsorship ? (
              <>
                <Fact label="Sponsor">{p.sponsorship.companyName}</Fact>
                <Fact label="Package">{p.sponsorship.packageName}</Fact>
                <Fact label="Contact email">{p.sponsorship.contactEmail}</Fact>
                <Fact label="Receipt number">{receiptNumber({ sponsorshipId: p.sponsorship.sponsorshipId })}</Fact>
              </>
            ) : null}
            {p.signup ? (
              <>
                <Fact label="Event">
                  <Link className={linkClass} to={`/admin/events/${p.signup.eventNumber}/registrations`}>
                    {p.signup.eventName}
                  </Link>
                </Fact>
                {p.signup.teamName ? <Fact label="Team">{p.signup.teamName}</Fact> : null}
                <Fact label="Places">{p.signup.places}</Fact>
                <Fact label="Receipt email">{p.signup.receiptEmail}</Fact>
                <Fact label="Receipt number">{receiptNumber({ signupId: p.signup.signupId })}</Fact>
              </>
            ) : null}
            <Fact label="Account">{p.account ? `${p.account.name} (${p.account.email})` : 'Not signed in'}</Fact>
            {p.intentId ? <Fact label="Card payment id">{p.intentId}</Fact> : null}
          </dl>
        </section>

        <div className="space-y-6">
          {isAdmin && p.refundableCents > 0 ? <RefundPanel payment={p} requestKey={requestKey} review={review} echo={echo} errors={refundErrors} /> : null}
          {canResend ? (
            <section aria-labelledby="resend-heading" className="rounded-lg border border-slate-300 bg-white p-5">
              <h2 id="resend-heading" className="text-lg font-bold">
                Send the {p.donation || p.sponsorship ? 'receipt' : 'confirmation'} again
              </h2>
              <p className="mt-1 text-sm text-slate-700">It goes to {p.donation?.email ?? p.signup?.receiptEmail ?? p.sponsorship?.contactEmail}, as the first time.</p>
              <StaffForm className="mt-4">
                <input type="hidden" name="intent" value="resend" />
                <Button variant="secondary">Send again</Button>
              </StaffForm>
            </section>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="refunds-heading">
        <h2 id="refunds-heading" className="mb-3 text-lg font-bold">
          Refunds
        </h2>
        {p.refunds.length === 0 ? (
          <p className="text-slate-700">None.</p>
        ) : (
          <ul className="space-y-2">
            {p.refunds.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-300 bg-white p-4 text-sm">
                <p className="font-semibold">
                  {formatCents(r.amountCents)} · {REASON_TEXT[r.reason] ?? r.reason} ·{' '}
                  {r.status === 'succeeded' ? 'done' : r.status === 'pending' ? 'on its way' : 'refused by the card processor'}
                </p>
                <p className="text-slate-700">
                  {formatMoment(r.createdAt)}
                  {r.staffEmail ? ` by ${r.staffEmail}` : ''}
                  {r.note ? ` — “${r.note}”` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mail-heading">
        <h2 id="mail-heading" className="mb-3 text-lg font-bold">
          Email sent
        </h2>
        {p.mail.length === 0 ? (
          <p className="text-slate-700">None yet.</p>
        ) : (
          <ul className="space-y-4">
            {p.mail.map((m) => (
              <li key={m.id} className="rounded-lg border border-slate-300 bg-white p-4">
                <p className="font-semibold">
                  {MAIL_TEXT[m.purpose] ?? m.purpose}: {m.subject}
                </p>
                <p className="text-sm text-slate-700">
                  To {m.to} · {m.status === 'sent' && m.sentAt ? `sent ${formatMoment(m.sentAt)}` : `waiting to be sent (queued ${formatMoment(m.createdAt)})`}
                </p>
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700">Show the message as sent</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-sm text-slate-900">{m.text}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
