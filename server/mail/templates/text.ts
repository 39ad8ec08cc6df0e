/** A table row in HTML, "Label: value" in plain text. */
export type DetailRow = [label: string, value: string];

export function detailsText(rows: DetailRow[]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}
