import { describe, expect, it } from 'vitest';
import { attentionEntry } from './attention';

describe('a "Needs attention" line', () => {
  it('says what failed, when in the foundation time zone, and links where it is dealt with', () => {
    expect(attentionEntry({ kind: 'refund_failed', paymentId: 12, refundId: 3, at: '2031-03-10T16:00:00.000Z', amountCents: 5_000, payer: 'Ada Lovelace', error: 'Your card has expired.' })).toEqual({
      label: 'Refund failed',
      link: '$50.00 back to Ada Lovelace',
      href: '/admin/payments/12',
      detail: 'The card processor refused it on Mar 10, 2031, 12:00 PM: Your card has expired. Nothing went back yet.',
    });
    expect(attentionEntry({ kind: 'monthly_declined', paymentId: 9, at: '2031-01-05T02:00:00.000Z', amountCents: 2_500, payer: 'hal@example.org', reason: 'card_declined' })).toMatchObject({
      link: '$25.00 from hal@example.org',
      detail: 'The card was declined on Jan 4, 2031, 9:00 PM; the donor was told by email.',
    });
  });

  it('names what an event lacks, and a page draft by its title', () => {
    expect(attentionEntry({ kind: 'event_details_missing', eventNumber: 4, name: 'Golf Day', eventDate: '2031-03-29', missing: ['location', 'start time', 'refund policy'] })).toEqual({
      label: 'Event soon',
      link: 'Golf Day, Saturday, March 29, 2031',
      href: '/admin/events/4/edit',
      detail: 'No location, start time or refund policy yet.',
    });
    expect(attentionEntry({ kind: 'event_unpaid', eventNumber: 4, name: 'Golf Day', eventDate: '2031-03-29', places: 1 })).toMatchObject({ href: '/admin/events/4/registrations', detail: '1 place signed up for but not paid.' });
    expect(attentionEntry({ kind: 'page_draft', page: 'cof', by: 'vol@foundation.test', at: '2031-03-13T16:00:00.000Z' })).toMatchObject({ link: 'Draft of About the foundation', href: '/admin/pages/cof' });
  });
});
