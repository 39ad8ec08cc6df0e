import type { AttentionItem } from '../../../common/back-office';
import type { PageKey } from '../../../common/content';
import { formatCalendarDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { formatMoment } from '../../../common/moment';
import { PAGE_TITLES } from '../content-editor/page-titles';

/** One line of the "Needs attention" list: what kind, a link to where it is dealt with, and why. */
export interface AttentionEntry {
  label: string;
  link: string;
  href: string;
  detail: string;
}

const pageTitle = (page: string) => PAGE_TITLES[page as PageKey] ?? page;
const listed = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

export function attentionEntry(item: AttentionItem): AttentionEntry {
  switch (item.kind) {
    case 'monthly_declined':
      return {
        label: 'Monthly gift declined',
        link: `${formatCents(item.amountCents)} from ${item.payer}`,
        href: `/admin/payments/${item.paymentId}`,
        detail: `The card was declined on ${formatMoment(item.at)}; the donor was told by email.`,
      };
    case 'refund_failed':
      return {
        label: 'Refund failed',
        link: `${formatCents(item.amountCents)} back to ${item.payer}`,
        href: `/admin/payments/${item.paymentId}`,
        detail: `The card processor refused it on ${formatMoment(item.at)}${item.error ? `: ${item.error.trim().replace(/\.$/, '')}` : ''}. Nothing went back yet.`,
      };
    case 'event_unpaid':
      return {
        label: 'Event soon',
        link: `${item.name}, ${formatCalendarDate(item.eventDate, { weekday: true })}`,
        href: `/admin/events/${item.eventNumber}/registrations`,
        detail: `${item.places} ${item.places === 1 ? 'place' : 'places'} signed up for but not paid.`,
      };
    case 'event_details_missing':
      return {
        label: 'Event soon',
        link: `${item.name}, ${formatCalendarDate(item.eventDate, { weekday: true })}`,
        href: `/admin/events/${item.eventNumber}/edit`,
        detail: `No ${listed(item.missing)} yet.`,
      };
    case 'media_waiting':
      return {
        label: 'Waiting for an admin',
        link: `Upload ${item.fileName}`,
        href: '/admin/media',
        detail: `Uploaded ${formatMoment(item.at)}; not on the site until an admin approves it.`,
      };
    case 'page_draft':
      return {
        label: 'Waiting for an admin',
        link: `Draft of ${pageTitle(item.page)}`,
        href: `/admin/pages/${item.page}`,
        detail: `Saved by ${item.by || 'someone'} on ${formatMoment(item.at)}; not on the site until an admin publishes it.`,
      };
    case 'event_draft':
      return {
        label: 'Waiting for an admin',
        link: `Draft event ${item.name}, ${formatCalendarDate(item.eventDate)}`,
        href: `/admin/events/${item.eventNumber}/edit`,
        detail: 'Not on the site until an admin publishes it.',
      };
    case 'announcement_draft':
      return {
        label: 'Waiting for an admin',
        link: `Draft announcement ${item.heading}`,
        href: `/admin/announcements?edit=${item.announcementId}#announcement-form`,
        detail: `Saved ${formatMoment(item.at)}; not on the home page until an admin publishes it.`,
      };
  }
}
