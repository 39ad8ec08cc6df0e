import { describe, expect, it } from 'vitest';
import { parseFields } from '../../common/api-errors';
import { CheckInFormSchema, MediaFormSchema, PaymentFormSchema, StaffFormSchema } from './form-schemas.server';

const refund = (fields: Record<string, string>) => parseFields(PaymentFormSchema, { intent: 'refund', amount: '10.00', reason: 'staff', note: 'Asked', requestKey: 'key-12345', ...fields });

describe('the refund form', () => {
  it('reads dollars as typed into cents; everything left only when chosen, never from an empty amount', () => {
    expect(refund({ amount: ' $1,000.50 ' })).toMatchObject({ ok: true, data: { amount: 100_050 } });
    expect(refund({ amount: '', everything: 'yes' })).toMatchObject({ ok: true, data: { amount: null, everything: 'yes', reason: 'staff', note: 'Asked' } });
    expect(parseFields(PaymentFormSchema, { intent: 'review', everything: 'yes', reason: 'staff', note: 'Asked', requestKey: 'key-12345' })).toMatchObject({ ok: true, data: { intent: 'review', amount: null } });
    expect(refund({ amount: '' })).toEqual({ ok: false, errors: { amount: 'Enter how much to refund, like 20.00, or choose “Refund everything left”.' } });
    expect(refund({ amount: '', reason: '' })).toEqual({ ok: false, errors: { amount: 'Enter how much to refund, like 20.00, or choose “Refund everything left”.', reason: 'Choose why the money goes back.' } });
  });

  it('refuses a reason outside REFUND_REASONS and an amount that is not one, each beside its field', () => {
    expect(refund({ reason: 'event_full', amount: '0' })).toEqual({
      ok: false,
      errors: { amount: 'Enter an amount in dollars, like 20.00.', reason: 'Choose why the money goes back.' },
    });
    expect(refund({ note: ' \t ' })).toEqual({ ok: false, errors: { note: 'Say why, for the record.' } });
    expect(parseFields(PaymentFormSchema, { intent: 'chargeback' })).toEqual({ ok: false, errors: { intent: 'Unknown action.' } });
    expect(parseFields(PaymentFormSchema, { intent: 'resend' })).toEqual({ ok: true, data: { intent: 'resend' } });
  });
});

describe('the row buttons', () => {
  it('name a person at the door by list and id', () => {
    expect(parseFields(CheckInFormSchema, { intent: 'arrived', person: 'attendee:40' })).toEqual({ ok: true, data: { intent: 'arrived', person: { list: 'attendee', id: 40 } } });
    expect(parseFields(CheckInFormSchema, { intent: 'undo', person: 'player:1:2' })).toEqual({ ok: false, errors: { person: 'Choose a person on the list.' } });
  });

  it('take a staff role from STAFF_ROLES and a staff id that is a number', () => {
    expect(parseFields(StaffFormSchema, { intent: 'role', staffId: '7', role: 'admin' })).toEqual({ ok: true, data: { intent: 'role', staffId: 7, role: 'admin' } });
    expect(parseFields(StaffFormSchema, { intent: 'role', staffId: '0', role: 'root' })).toEqual({
      ok: false,
      errors: { staffId: 'That staff member does not exist.', role: 'Choose admin, volunteer or reviewer.' },
    });
  });
});

describe('the media form', () => {
  it('takes a file with its alt text, and says what is missing', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' });
    expect(parseFields(MediaFormSchema, { intent: 'upload', file, alt: ' A cat ' })).toEqual({ ok: true, data: { intent: 'upload', file, alt: 'A cat' } });
    expect(parseFields(MediaFormSchema, { intent: 'upload', file: new File([], 'empty.jpg'), alt: 'x'.repeat(301) })).toEqual({
      ok: false,
      errors: { file: 'Choose a file to upload.', alt: 'Keep the alt text to one plain line under 300 characters.' },
    });
  });
});
