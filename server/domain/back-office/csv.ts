import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheets read a leading =, +, -, @, tab or carriage return as a formula (OWASP "CSV injection").
 * Excel splits a cell again on the locale's list separator (";" in de, fr, nl…) or a tab when it opens a
 * .csv, so a formula start after any of those separators counts too, wherever it is in the cell.
 */
const FORMULA_START = /(^|[,;\t\r\n])\s*[=+\-@\t\r]/;

/** A cell as text, with a leading apostrophe when a spreadsheet could otherwise run any part of it. */
export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV file that Excel and LibreOffice open cleanly: UTF-8 with a byte-order mark (else Excel
 * guesses the encoding wrong), CRLF line ends, every cell formula-safe and quoted, so no
 * separator inside a cell ever splits it, whatever the reader's locale.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${stringify([header, ...rows.map((row) => row.map(safeCell))], { record_delimiter: 'windows', quoted: true, quoted_empty: true })}`;
}
