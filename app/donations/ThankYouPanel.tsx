import { useEffect, useRef } from 'react';
import { TRIBUTE_WORDS } from '../../common/donations';
import { shareLinks, type DonationFormSettings } from '../../common/giving-settings';
import { formatCents } from '../../common/money';
import type { GivingValues } from './GivingOptions';

/** What was given, as the donor chose it; the server's answer adds the receipt's signed page. */
export interface GiftMade {
  totalCents: number;
  email: string;
  receiptUrl: string;
  giving: Pick<GivingValues, 'monthly' | 'name' | 'anonymous' | 'tribute' | 'tributeName' | 'notify' | 'notifyName'>;
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** ADR 046: after a paid gift, in place of the form; focused so a screen reader reads it first. */
export function ThankYouPanel({ idPrefix, gift, share }: { idPrefix: string; gift: GiftMade; share: DonationFormSettings['share'] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { giving } = gift;
  const amount = formatCents(gift.totalCents);
  return (
    <section aria-labelledby={`${idPrefix}-thanks-title`} className="mt-5 space-y-3 rounded-lg border border-green-300 bg-green-50 p-4 text-slate-800" data-testid="thank-you">
      <h3 id={`${idPrefix}-thanks-title`} ref={heading} tabIndex={-1} className="text-xl font-bold text-green-900 focus:outline-none">
        {giving.monthly ? `You give ${amount} each month` : `You gave ${amount}`}
      </h3>
      <p>
        Receipt sent to <strong className="wrap-anywhere">{gift.email}</strong>.
      </p>
      <p>
        <a href={gift.receiptUrl} className={linkClass}>
          View your receipt
        </a>
      </p>
      {giving.tribute !== 'none' ? (
        <p>
          {TRIBUTE_WORDS[giving.tribute]} <strong>{giving.tributeName}</strong>.{giving.notify && giving.notifyName ? ` We will let ${giving.notifyName} know by email.` : ''}
        </p>
      ) : null}
      {giving.anonymous ? <p>Given anonymously: your name is kept from any public list.</p> : giving.name ? <p>Given by {giving.name}.</p> : null}
      {giving.monthly ? <p>Change the amount or stop at any time from the link in every receipt, or from your account page when signed in.</p> : null}
      <div>
        <p className="font-semibold">Ask a friend to give too: share on</p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {shareLinks(share).map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                // A mail link opens the mail app, not a tab.
                {...(link.label === 'Email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                className="inline-flex min-h-11 items-center rounded-md border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                <span className="sr-only">Share on </span>
                {link.label}
                {link.label === 'Email' ? null : <span className="sr-only"> (opens in a new tab)</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
