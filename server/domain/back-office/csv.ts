import { stringify } from 'csv-stringify/sync';

/** Spreadsheets read a leading =, +, -, @, tab or carriage return as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, with a leading apostrophe when a spreadsheet would otherwise run it. */
export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV file that Excel and LibreOffice open cleanly: UTF-8 with a byte-order mark (else Excel
 * guesses the encoding wrong), CRLF line ends, every cell formula-safe, quoting by csv-stringify.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${stringify([header, ...rows.map((row) => row.map(safeCell))], { record_delimiter: 'windows', quoted_string: false })}`;
}
