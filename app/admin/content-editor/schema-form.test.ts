import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editablePageSchema, pageKeys, StaffSchema } from '../../../common/content';
import { applyListOp, formToValue, labelOf, parseListOp } from './schema-form';

const contentDir = path.resolve(import.meta.dirname, '../../../tests/fixtures/content');

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
});
