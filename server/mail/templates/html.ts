const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value that reaches mail HTML goes through here: names and messages are typed by strangers. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export const LINK_STYLE = 'color:#1d4ed8;text-decoration:underline;';

export function linkHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(label)}</a>`;
}

/** A label/value list; a real table with row headers so screen readers announce each label. */
export function detailsHtml(rows: Array<[label: string, value: string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:bold;">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;margin:16px 0;">${cells}</table>`;
}

export function detailsText(rows: Array<[label: string, value: string]>): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/** A paragraph of plain text; line breaks a person typed are kept. */
export function paragraphHtml(text: string): string {
  return `<p style="margin:0 0 16px;">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

export function headingHtml(text: string): string {
  return `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px;color:#111827;">${escapeHtml(text)}</h1>`;
}

/** A large, obvious link for the one thing the reader should do; the bare URL is given beside it. */
export function buttonHtml(href: string, label: string): string {
  return (
    `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;` +
    `color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a></p>`
  );
}
