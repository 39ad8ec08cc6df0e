import { describe, expect, it } from 'vitest';
import { calendarFile } from './calendar';

const event = (name: string) =>
  calendarFile({ uid: 'signup-1@localhost', title: 'Dinner', description: '', location: '', url: 'http://localhost/events/1', organizer: { name, email: 'info@example.org' }, date: '2026-12-01', startTime: null });

/** The ORGANIZER line, unfolded (RFC 5545 folds at 75 octets with CRLF and a space). */
const organizer = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').find((line) => line.startsWith('ORGANIZER'))!;

describe('ORGANIZER;CN= (review finding 14)', () => {
  it('never holds a " inside the quoted value: RFC 6868 caret encoding instead', () => {
    const line = organizer(event('The "Rowan" Foundation'));
    expect(line).toBe(`ORGANIZER;CN="The ^'Rowan^' Foundation":MAILTO:info@example.org`);
    // Between the quotes that open and close the value, no other quote.
    expect(/^ORGANIZER;CN="([^"]*)":MAILTO:/.test(line)).toBe(true);
  });

  it('encodes a caret and a line break the same way, and leaves a plain name alone', () => {
    expect(organizer(event('A^B\nC'))).toBe('ORGANIZER;CN="A^^B^nC":MAILTO:info@example.org');
    expect(organizer(event('Sample Foundation'))).toBe('ORGANIZER;CN="Sample Foundation":MAILTO:info@example.org');
  });
});
