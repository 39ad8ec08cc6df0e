import { describe, expect, it } from 'vitest';
import { actionWords, auditChanges, fieldLabel, subjectLink, subjectWords } from './audit-diff';

describe('the audit log before/after as changed fields', () => {
  it('shows an arrival in the foundation time zone, not a UTC ISO string', () => {
    // 14:05 UTC on 15 March 2031 is 10:05 in New York (daylight time).
    expect(auditChanges({ checkedInAt: null }, { checkedInAt: '2031-03-15T14:05:00.000Z' })).toEqual([{ field: 'Arrived', before: '—', after: 'Mar 15, 2031, 10:05 AM' }]);
    // In winter the offset is five hours.
    expect(auditChanges({ checkedInAt: '2031-01-10T02:30:00.000Z' }, { checkedInAt: null })).toEqual([{ field: 'Arrived', before: 'Jan 9, 2031, 9:30 PM', after: '—' }]);
  });

  it('lists only the fields that changed, with money in dollars and yes/no for switches', () => {
    expect(
      auditChanges(
        { status: 'paid', refundedCents: 0, totpEnabled: true, role: 'volunteer' },
        { status: 'partially_refunded', refundedCents: 1500, totpEnabled: false, role: 'volunteer' },
      ),
    ).toEqual([
      { field: 'Status', before: 'paid', after: 'partially refunded' },
      { field: 'Refunded', before: '$0.00', after: '$15.00' },
      { field: 'Two-step sign-in', before: 'yes', after: 'no' },
    ]);
  });

  it('names nested fields by their path and dates as calendar dates', () => {
    const before = { name: 'Golf Day', eventDate: '2031-06-01', signup: { priceCents: 40000, refundDaysBefore: null }, stats: [{ text: 'Team of four' }] };
    const after = { name: 'Golf Day', eventDate: '2031-06-08', signup: { priceCents: 45000, refundDaysBefore: 14 }, stats: [{ text: 'Team of four' }, { text: 'Lunch' }] };
    expect(auditChanges(before, after)).toEqual([
      { field: 'Date', before: 'June 1, 2031', after: 'June 8, 2031' },
      { field: 'Signup › Price', before: '$400.00', after: '$450.00' },
      { field: 'Signup › Refund days before', before: '—', after: '14' },
      { field: 'Stats › #2 › Text', before: '—', after: 'Lunch' },
    ]);
  });

  it('reads a creation and a deletion as fields from nothing and to nothing', () => {
    expect(auditChanges(null, { left: 9 })).toEqual([{ field: 'Recovery codes left', before: '—', after: '9' }]);
    expect(auditChanges({ heading: 'Spring raffle', published: 1 }, null)).toEqual([
      { field: 'Heading', before: 'Spring raffle', after: '—' },
      { field: 'Published', before: '1', after: '—' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('cuts long texts and long lists of changes short', () => {
    const [line] = auditChanges({ description: '' }, { description: 'x'.repeat(200) });
    expect(line!.after).toHaveLength(80);
    expect(line!.after.endsWith('…')).toBe(true);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field${i}`, i]));
    const lines = auditChanges(null, many);
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toEqual({ field: 'and 5 more fields', before: '', after: '' });
  });

  it('turns machine keys into words', () => {
    expect(fieldLabel('show_until')).toBe('Show until');
    expect(fieldLabel('childPriceCents')).toBe('Child price');
    expect(actionWords('check_in')).toBe('Marked as arrived');
    expect(actionWords('staff_role_changed')).toBe('Staff role changed');
    expect(subjectWords('player:2')).toBe('player 2');
    expect(subjectWords('attendee:40')).toBe('guest 40');
    expect(subjectWords('page:cof')).toBe('page "About the foundation"');
    expect(subjectWords('donations')).toBe('donations');
    expect(subjectLink('payment:12')).toBe('/admin/payments/12');
    expect(subjectLink('event:5')).toBe('/admin/events/5/edit');
    expect(subjectLink('player:2')).toBeNull();
  });
});
