/**
 * Writes the downloadable documents of the sample content (the gaming tournament terms the
 * sign-up form links to). Run `npx tsx scripts/generate-documents.ts` after editing the text.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const OUT = path.resolve(import.meta.dirname, '../content/images/documents/gaming-tournament-terms.pdf');

const TITLE = 'Gaming Tournament — Terms and Rules';
const SECTIONS: [string, string[]][] = [
  ['Teams', ['Each team has exactly four players and one contact phone number.', 'The team fee is $50.00 per team and is not refundable once brackets are drawn.']],
  [
    'Fair play',
    [
      'Players use their own Activision account; the Activision ID given at sign-up must be the one played.',
      'Cheats, exploits, modified clients and account sharing disqualify the whole team.',
      'Be respectful in voice and text chat; harassment ends the team\'s tournament.',
    ],
  ],
  [
    'Matches',
    [
      'Brackets and match times are emailed to the receipt address before the event.',
      'A team not ready 10 minutes after its match time forfeits that match.',
      'Organisers decide disputes; their decision is final.',
    ],
  ],
  [
    'Privacy and media',
    [
      'Names and team names may be shown on stream and on the foundation\'s social pages.',
      'Player emails are used only for this tournament and its results.',
    ],
  ],
  ['Proceeds', ['All proceeds go to Ohio Valley families supported by the foundation.', 'Sample document: the foundation and its details are fictional.']],
];

/** Splits a paragraph into lines that fit the page width at the given font size. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const pdf = await PDFDocument.create();
pdf.setTitle(TITLE);
pdf.setAuthor('Rowan Hale Memorial Foundation (sample)');
pdf.setCreationDate(new Date('2026-11-22T00:00:00Z'));
pdf.setModificationDate(new Date('2026-11-22T00:00:00Z'));
const regular = await pdf.embedFont(StandardFonts.Helvetica);
const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
const page = pdf.addPage([612, 792]);
const margin = 64;
let y = 792 - margin;
const brand = rgb(0.06, 0.32, 0.34);

page.drawText(TITLE.replace('—', '-'), { x: margin, y, size: 20, font: bold, color: brand });
y -= 34;
for (const [heading, items] of SECTIONS) {
  page.drawText(heading, { x: margin, y, size: 14, font: bold, color: brand });
  y -= 20;
  for (const item of items) {
    const lines = wrap(item, 612 - margin * 2 - 14, (s) => regular.widthOfTextAtSize(s, 11));
    page.drawText('•', { x: margin, y, size: 11, font: regular });
    for (const line of lines) {
      page.drawText(line, { x: margin + 14, y, size: 11, font: regular, color: rgb(0.1, 0.1, 0.12) });
      y -= 15;
    }
    y -= 4;
  }
  y -= 10;
}
writeFileSync(OUT, await pdf.save({ useObjectStreams: false }));
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
