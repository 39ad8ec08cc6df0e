import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { safeCell, toCsv } from './csv';

describe('safeCell', () => {
  it.each(['=HYPERLINK("http://evil.example","click")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('neutralises %j with a leading apostrophe', (value) => {
    expect(safeCell(value)).toBe(`'${value}`);
  });

  it.each(['Name;=1+1', 'Name,=HYPERLINK("http://evil.example")', 'a\t+1', 'a; @SUM(A1)', 'x;-2+3', 'line\n=1'])('neutralises %j, a formula after a separator a spreadsheet splits on', (value) => {
    expect(safeCell(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text, numbers and empty values as they are', () => {
    expect(safeCell('Jane Doe')).toBe('Jane Doe');
    expect(safeCell('20.00')).toBe('20.00');
    expect(safeCell(42)).toBe('42');
    expect(safeCell(null)).toBe('');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell('Smith-Jones; nuts')).toBe('Smith-Jones; nuts');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, ends lines with CRLF and reads back to the same cells', () => {
    const rows = [
      ['Zoë "Z" O\'Neil', 'line one\nline two', '=1+1'],
      ['comma, inside', '', '€ 5'],
    ];
    const csv = toCsv(['Name', 'Note', 'Formula'], rows);
    expect(csv.startsWith('\uFEFF"Name","Note","Formula"\r\n')).toBe(true);
    const parsed = parse(csv, { bom: true }) as string[][];
    expect(parsed).toEqual([['Name', 'Note', 'Formula'], ['Zoë "Z" O\'Neil', 'line one\nline two', "'=1+1"], ['comma, inside', '', '€ 5']]);
  });

  it('quotes every cell, so a ";" inside one is never a separator to a spreadsheet in a ";" locale', () => {
    const csv = toCsv(['Name', 'Gift'], [['Qvmrux;=1+1', 20], ['Plain', '']]);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([`"'Qvmrux;=1+1","20"`, '"Plain",""']);
  });
});
