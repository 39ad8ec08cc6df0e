import { createHash } from 'node:crypto';
import { EncryptedPDFError, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp, { type Metadata } from 'sharp';
import { variantName, variantWidths } from '../../../common/media';

// In common/ because the browser builds the same srcsets.
export { VARIANT_WIDTHS, variantName, variantWidths } from '../../../common/media';

export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** Decompression-bomb guard. */
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 16;

export type MediaKind = 'image' | 'pdf';
export interface MediaFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}
export interface ProcessedUpload {
  kind: MediaKind;
  /** Names the files, so the same upload twice gives the same key. */
  key: string;
  /** Upright (EXIF orientation applied); null for a PDF. */
  width: number | null;
  height: number | null;
  /** Read from its bytes. */
  contentType: string;
  files: MediaFile[];
}

/** Its message is shown to the uploader as it is. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefused';
  }
}

const NOT_ACCEPTED = 'Only JPEG, PNG, WebP pictures and PDF documents can be uploaded.';

const TYPES = {
  'image/jpeg': { words: 'a JPEG picture', extensions: ['jpg', 'jpeg'] },
  'image/png': { words: 'a PNG picture', extensions: ['png'] },
  'image/webp': { words: 'a WebP picture', extensions: ['webp'] },
  'application/pdf': { words: 'a PDF document', extensions: ['pdf'] },
} as const;
type KnownType = keyof typeof TYPES;

const SHARP_FORMATS: Partial<Record<string, KnownType>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const TYPE_ALIASES: Partial<Record<string, KnownType>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'application/x-pdf': 'application/pdf' };
const OTHER_WORDS: Partial<Record<string, string>> = {
  gif: 'a GIF picture',
  svg: 'an SVG drawing',
  'svg+xml': 'an SVG drawing',
  heic: 'a HEIC picture',
  heif: 'a HEIF picture',
  avif: 'an AVIF picture',
  tif: 'a TIFF picture',
  tiff: 'a TIFF picture',
  bmp: 'a BMP picture',
};

type Detected = { type: 'application/pdf' } | { type: KnownType; width: number; height: number };

/** The name and the browser's type are only claims. */
async function detect(bytes: Buffer): Promise<Detected> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { type: 'application/pdf' };
  let meta: Metadata;
  try {
    // Header only, so no pixel limit yet: an oversized picture gets its own message below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRefused(NOT_ACCEPTED);
  }
  const type = SHARP_FORMATS[meta.format];
  if (!type || !meta.width || !meta.height) throw new UploadRefused(NOT_ACCEPTED);
  if (meta.width * meta.height > MAX_PIXELS) throw new UploadRefused('The picture is too large: at most 40 megapixels.');
  // Orientations 5–8 turn the picture a quarter.
  const { width, height } = meta.autoOrient;
  return { type, width, height };
}

/** The name first, as people see it; null when all agree. */
function falseClaim(found: KnownType, declaredType: string, fileName: string): string | null {
  const extension = /\.([a-z][a-z0-9]{0,4})$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension && !(TYPES[found].extensions as readonly string[]).includes(extension)) {
    const named = (Object.keys(TYPES) as KnownType[]).find((t) => (TYPES[t].extensions as readonly string[]).includes(extension));
    return named ? TYPES[named].words : (OTHER_WORDS[extension] ?? `a “.${extension}” file`);
  }
  const raw = declaredType.split(';')[0]!.trim().toLowerCase();
  if (raw === '' || raw === 'application/octet-stream') return null;
  const declared = TYPE_ALIASES[raw] ?? raw;
  if (declared === found) return null;
  if (declared in TYPES) return TYPES[declared as KnownType].words;
  return OTHER_WORDS[declared.split('/')[1] ?? ''] ?? `a file of type ${raw}`;
}

const NOT_A_PDF = 'This PDF could not be read: it may be damaged. Save or export it again as a PDF, then upload it again.';

/** Rewritten by pdf-lib so what is kept is only a document (nothing hidden after it, no script on opening). */
async function rewritePdf(bytes: Buffer): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new UploadRefused('This PDF is password-protected. Save a copy without a password, then upload it again.');
    throw new UploadRefused(NOT_A_PDF);
  }
  try {
    if (doc.getPageCount() === 0) throw new UploadRefused(NOT_A_PDF);
    // JavaScript, launching files, links out.
    doc.catalog.delete(PDFName.of('OpenAction'));
    doc.catalog.delete(PDFName.of('AA'));
    const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
    names?.delete(PDFName.of('JavaScript'));
    for (const page of doc.getPages()) page.node.delete(PDFName.of('AA'));
    return Buffer.from(await doc.save());
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused(NOT_A_PDF);
  }
}

/** Pictures: upright AVIF and WebP variants without metadata (EXIF, GPS); PDFs: rewritten. Ordered by width, AVIF first. */
export async function processUpload({ bytes, declaredType, fileName }: { bytes: Buffer; declaredType: string; fileName: string }): Promise<ProcessedUpload> {
  if (bytes.byteLength === 0) throw new UploadRefused('The file is empty.');
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw new UploadRefused('The file is larger than 20 MB.');
  const found = await detect(bytes);
  const claim = falseClaim(found.type, declaredType, fileName);
  if (claim) {
    const extension = TYPES[found.type].extensions[0];
    throw new UploadRefused(`This file is not ${claim}: its contents are ${TYPES[found.type].words}. Rename it to end in .${extension}, then upload it again.`);
  }
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  if (!('width' in found)) {
    return { kind: 'pdf', key, width: null, height: null, contentType: found.type, files: [{ name: 'document.pdf', contentType: 'application/pdf', bytes: await rewritePdf(bytes) }] };
  }
  if (found.width < MIN_SIDE || found.height < MIN_SIDE) throw new UploadRefused(`The picture is too small: at least ${MIN_SIDE} pixels wide and high.`);

  // No withMetadata(): sharp writes no EXIF, so GPS location stays behind; the original is not kept either.
  const upright = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  const files: MediaFile[] = [];
  try {
    for (const width of variantWidths(found.width)) {
      const resized = () => upright.clone().resize({ width, withoutEnlargement: true });
      files.push({ name: variantName(width, 'avif'), contentType: 'image/avif', bytes: await resized().avif({ quality: 55, effort: 2 }).toBuffer() });
      files.push({ name: variantName(width, 'webp'), contentType: 'image/webp', bytes: await resized().webp({ quality: 80 }).toBuffer() });
    }
  } catch {
    // A truncated or damaged file.
    throw new UploadRefused(NOT_ACCEPTED);
  }
  return { kind: 'image', key, width: found.width, height: found.height, contentType: found.type, files };
}

/** What a private document may be: its type read from its bytes, as an upload's is. */
export interface DocumentRules {
  maxBytes: number;
  /** E.g. '10 MB', for the message. */
  maxWords: string;
  types: readonly string[];
  /** Said when the bytes are none of `types`. */
  notAccepted: string;
}

/**
 * A private document (a scholarship's transcript or letter): checked like an upload, kept as sent
 * (never resized, never published), a PDF rewritten the same way so nothing runs when it is opened.
 */
export async function checkPrivateDocument({ bytes, declaredType, fileName }: { bytes: Buffer; declaredType: string; fileName: string }, rules: DocumentRules): Promise<{ contentType: string; bytes: Buffer }> {
  if (bytes.byteLength === 0) throw new UploadRefused('The file is empty.');
  if (bytes.byteLength > rules.maxBytes) throw new UploadRefused(`The file is larger than ${rules.maxWords}.`);
  let found: Detected;
  try {
    found = await detect(bytes);
  } catch (error) {
    throw error instanceof UploadRefused && error.message === NOT_ACCEPTED ? new UploadRefused(rules.notAccepted) : error;
  }
  if (!rules.types.includes(found.type)) throw new UploadRefused(rules.notAccepted);
  const claim = falseClaim(found.type, declaredType, fileName);
  if (claim) {
    const extension = TYPES[found.type].extensions[0];
    throw new UploadRefused(`This file is not ${claim}: its contents are ${TYPES[found.type].words}. Rename it to end in .${extension}, then upload it again.`);
  }
  return { contentType: found.type, bytes: found.type === 'application/pdf' ? await rewritePdf(bytes) : bytes };
}
