import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '../../../common/money';
import type { ReceiptView } from '../../../common/receipts';
import type { StatementView } from './views';

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 54;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.35, 0.38, 0.43);
const RULE = rgb(0.8, 0.82, 0.85);

/** The standard Helvetica fonts need no font file; a character they cannot draw (an emoji) becomes "?". */
async function writer(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Foundation website');
  doc.setProducer('pdf-lib');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(regular.getCharacterSet());
  const clean = (text: string) => Array.from(text.replace(/\s+/g, ' ').trim(), (ch) => (drawable.has(ch.codePointAt(0)!) ? ch : '?')).join('');

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const fit = (text: string, font: PDFFont, size: number, width: number) => {
    let out = clean(text);
    if (font.widthOfTextAtSize(out, size) <= width) return out;
    while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
    return `${out.trimEnd()}…`;
  };
  const wrap = (text: string, font: PDFFont, size: number, width: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of clean(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };

  return {
    doc,
    regular,
    bold,
    text(value: string, { size = 10.5, font = regular, color = INK, gap = 4 }: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
      for (const line of wrap(value, font, size, PAGE.width - 2 * MARGIN)) {
        room(size + 3);
        y -= size + 3;
        page.drawText(line, { x: MARGIN, y, size, font, color });
      }
      y -= gap;
    },
    pair(label: string, value: string, { strong = false }: { strong?: boolean } = {}) {
      const size = 10.5;
      room(size + 6);
      y -= size + 6;
      page.drawText(fit(label, regular, size, 300), { x: MARGIN, y, size, font: regular, color: MUTED });
      page.drawText(fit(value, strong ? bold : regular, size, PAGE.width - 2 * MARGIN - 200), { x: MARGIN + 200, y, size, font: strong ? bold : regular, color: INK });
    },
    /** Numbers are right-aligned at their column's edge; `wrap` cells take more lines. */
    row(cells: { text: string; x: number; width: number; right?: boolean; wrap?: boolean }[], { font = regular, size = 9 }: { font?: PDFFont; size?: number } = {}) {
      const lines = cells.map((cell) => (cell.wrap ? wrap(cell.text, font, size, cell.width) : [fit(cell.text, font, size, cell.width)]));
      const height = Math.max(1, ...lines.map((l) => l.length)) * (size + 3) + 3;
      room(height);
      const top = y - size - 6;
      cells.forEach((cell, i) => {
        lines[i]!.forEach((text, line) => {
          const x = MARGIN + cell.x + (cell.right ? cell.width - font.widthOfTextAtSize(text, size) : 0);
          page.drawText(text, { x, y: top - line * (size + 3), size, font, color: INK });
        });
      });
      y -= height;
    },
    rule() {
      room(8);
      y -= 5;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.6, color: RULE });
      y -= 3;
    },
    space(points: number) {
      y -= points;
    },
  };
}

type Writer = Awaited<ReturnType<typeof writer>>;

function letterhead(w: Writer, organization: ReceiptView['organization']) {
  w.text(organization.name, { size: 18, font: w.bold, gap: 2 });
  for (const line of [organization.status, organization.address, organization.email].filter(Boolean)) w.text(line, { size: 9.5, color: MUTED, gap: 0 });
  w.space(10);
  w.rule();
  w.space(6);
}

export async function receiptPdf(receipt: ReceiptView): Promise<Uint8Array> {
  const w = await writer(`Receipt ${receipt.number} — ${receipt.organization.name}`);
  letterhead(w, receipt.organization);
  w.text(receipt.kind === 'donation' ? 'Donation receipt' : 'Receipt for an event payment', { size: 14, font: w.bold, gap: 6 });
  w.pair('Receipt number', receipt.number);
  w.pair('Date paid', receipt.paidOn);
  if (receipt.payer) w.pair('Received from', receipt.payer);
  w.pair('For', receipt.description);
  if (receipt.organization.ein) w.pair('Organization EIN', receipt.organization.ein);
  w.pair('Amount paid', formatCents(receipt.amountCents), { strong: true });
  if (receipt.refundedCents > 0) {
    w.pair('Refunded', formatCents(receipt.refundedCents));
    w.pair('Amount kept', formatCents(receipt.netCents));
  }
  if (receipt.kind === 'event') w.pair('Value of goods or services received', formatCents(receipt.fairValueCents));
  w.pair('Tax-deductible part', formatCents(receipt.deductibleCents), { strong: true });
  w.space(10);
  for (const line of receipt.wording) w.text(line, { gap: 6 });
  w.space(6);
  w.text(`Thank you for supporting ${receipt.organization.name}.`, { color: MUTED });
  return w.doc.save();
}

const COLUMNS = [
  { key: 'date', title: 'Date', x: 0, width: 50 },
  { key: 'number', title: 'Receipt', x: 54, width: 40 },
  { key: 'what', title: 'For', x: 98, width: 168, wrap: true },
  { key: 'paid', title: 'Paid', x: 270, width: 54, right: true },
  { key: 'refunded', title: 'Refunded', x: 328, width: 54, right: true },
  { key: 'value', title: 'Value received', x: 386, width: 66, right: true },
  { key: 'deductible', title: 'Deductible', x: 456, width: 48, right: true },
] as const;

const shortDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Refunds netted. */
export async function statementPdf(statement: StatementView): Promise<Uint8Array> {
  const w = await writer(`${statement.year} giving statement — ${statement.organization.name}`);
  letterhead(w, statement.organization);
  w.text(`Giving statement for ${statement.year}`, { size: 14, font: w.bold, gap: 6 });
  w.pair('Prepared for', [statement.donor.name, statement.donor.email].filter(Boolean).join(', '));
  if (statement.organization.ein) w.pair('Organization EIN', statement.organization.ein);
  w.space(8);
  w.row(
    COLUMNS.map((c) => ({ text: c.title, x: c.x, width: c.width, right: 'right' in c })),
    { font: w.bold },
  );
  w.rule();
  for (const r of statement.receipts) {
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      date: shortDate(r.paidDate),
      number: r.number,
      what: r.description,
      paid: formatCents(r.amountCents),
      refunded: r.refundedCents > 0 ? formatCents(r.refundedCents) : '-',
      value: formatCents(r.fairValueCents),
      deductible: formatCents(r.deductibleCents),
    };
    w.row(COLUMNS.map((c) => ({ text: cells[c.key], x: c.x, width: c.width, right: 'right' in c, wrap: 'wrap' in c })));
  }
  w.rule();
  const t = statement.totals;
  w.row(
    [
      { text: 'Totals', x: 0, width: 266 },
      { text: formatCents(t.amountCents), x: 270, width: 54, right: true },
      { text: formatCents(t.refundedCents), x: 328, width: 54, right: true },
      { text: formatCents(t.fairValueCents), x: 386, width: 66, right: true },
      { text: formatCents(t.deductibleCents), x: 456, width: 48, right: true },
    ],
    { font: w.bold },
  );
  w.space(14);
  w.pair('Total kept after refunds', formatCents(t.netCents), { strong: true });
  w.pair('Total tax-deductible', formatCents(t.deductibleCents), { strong: true });
  w.space(12);
  w.text(
    'No goods or services were provided in exchange for the donations listed. For event payments, the value of the goods or services received (dinner, shirt, green fee) is a good-faith estimate; only the part of the payment above it is deductible for federal income tax purposes.',
    { gap: 6 },
  );
  w.text(
    `This statement is ${statement.organization.name}'s written acknowledgement of the contributions listed, as the IRS requires for a contribution of $250 or more. Please keep it with your tax records.`,
    { gap: 6 },
  );
  return w.doc.save();
}
