import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editablePageSchema, pageKeys, StaffSchema } from '../../../common/content';
import { PageEditFormSchema } from '../form-schemas.server';
import { applyListOp, describeSchema, fieldLabelAt, formToValue, labelOf, readableMessage } from './schema-form';

const contentDir = path.resolve(import.meta.dirname, '../../../tests/fixtures/content');

/** Null when refused. */
function parseListOp(raw: string) {
  const parsed = PageEditFormSchema.safeParse({ list: raw });
  return parsed.success && parsed.data.intent === 'list' ? parsed.data.list : null;
}

/** The form a browser would post for this value: dotted names, checkboxes only when ticked. */
function asForm(value: unknown, prefix = '', out = new URLSearchParams()): URLSearchParams {
  if (Array.isArray(value)) value.forEach((v, i) => asForm(v, prefix ? `${prefix}.${i}` : String(i), out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) asForm(v, prefix ? `${prefix}.${k}` : k, out);
  else if (typeof value === 'boolean') {
    if (value) out.append(prefix, 'on');
  } else out.append(prefix, String(value));
  return out;
}

describe('page forms built from the content schemas', () => {
  it.each(pageKeys)('%s: a page posted back as a form is the same page', (key) => {
    const file = JSON.parse(readFileSync(path.join(contentDir, `${key}.json`), 'utf8')) as Record<string, unknown>;
    if (key === 'home') delete file.announcements;
    const schema = editablePageSchema(key);
    const parsed = schema.safeParse(formToValue(schema, asForm(file)));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(schema.parse(file));
  });

  it('puts a missing name at its field and a wrong number at its own, never throwing', () => {
    const form = asForm({ heading: 'Team', staff: [] });
    form.append('staff.0.name', '');
    form.append('staff.0.role', 'Chair');
    const result = StaffSchema.safeParse(formToValue(StaffSchema, form));
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain('staff.0.name');
  });

  it('moves, removes and adds list items, and leaves out-of-range moves alone', () => {
    const value = { heading: 'Team', staff: [{ name: 'A' }, { name: 'B' }] };
    expect(applyListOp(StaffSchema, value, parseListOp('down:staff.0')!)).toEqual({ heading: 'Team', staff: [{ name: 'B' }, { name: 'A' }] });
    expect(applyListOp(StaffSchema, value, parseListOp('up:staff.0')!)).toEqual(value);
    expect(applyListOp(StaffSchema, value, parseListOp('remove:staff.1')!)).toEqual({ heading: 'Team', staff: [{ name: 'A' }] });
    expect((applyListOp(StaffSchema, value, parseListOp('add:staff')!) as { staff: unknown[] }).staff).toHaveLength(3);
    expect(parseListOp('drop:staff.0')).toBeNull();
    expect(parseListOp('up:staff')).toBeNull();
  });

  it('labels keys the way volunteers read them', () => {
    expect(labelOf('advisoryDirectors')).toBe('Advisory directors');
    expect(labelOf('family_of_the_year')).toBe('Family of the year');
    expect(labelOf('ein')).toBe('EIN');
  });

  it('names a field by where it is on the form, for the summary of errors', () => {
    const staff = describeSchema(editablePageSchema('staff'));
    expect(fieldLabelAt(staff, 'heading')).toBe('Heading');
    expect(fieldLabelAt(staff, 'staff')).toBe('Staff');
    expect(fieldLabelAt(staff, 'staff.1.name')).toBe('Staff member 2 › Name');
    expect(fieldLabelAt(staff, 'staff.0.photo.alt')).toBe('Staff member 1 › Photo › Alt text');
    expect(fieldLabelAt(staff, 'staff.0.photo.width')).toBe('Staff member 1 › Photo › Picture');
    expect(fieldLabelAt(staff, 'staff.0.social.1.href')).toBe('Staff member 1 › Profile 2 › Address (https://… or /page)');
    expect(fieldLabelAt(staff, 'nothing.here')).toBeNull();
    expect(fieldLabelAt(staff, '')).toBeNull();
  });

  it('puts the messages of the schema checker in plain words', () => {
    const schema = editablePageSchema('staff');
    const parsed = schema.safeParse(formToValue(schema, asForm({ heading: ' ', staff: [{ name: '', role: 'R', email: 'nope', photo: { src: '', alt: '' } }] })));
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), readableMessage(i.message)]));
    expect(messages.heading).toBe('This cannot be empty.');
    expect(messages['staff.0.name']).toBe('This cannot be empty.');
    for (const message of Object.values(messages)) expect(message).not.toMatch(/^(Too small|Too big|Invalid input)|expected|must start/);
    expect(readableMessage('Invalid URL')).toBe('Enter a full web address, starting with https://.');
    expect(readableMessage('must start with "/media/"')).toBe('Choose a picture from the media library.');
    expect(readableMessage('Too big: expected string to have <=120 characters')).toBe('Use at most 120 characters.');
    expect(readableMessage('already plain.')).toBe('Already plain.');
  });
});
