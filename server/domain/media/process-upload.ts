import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { variantName, variantWidths } from '../../../common/media';

export { variantWidths } from '../../../common/media';

export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
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
  /** The first 20 hex digits of the original's SHA-256: the same file twice is the same upload. */
  key: string;
  width: number | null;
  height: number | null;
  contentType: string;
  files: MediaFile[];
}

/** A refusal whose message is shown to the person uploading, as it is. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefused';
  }
}

const TYPES = {
  'image/jpeg': { words: 'JPEG picture', extensions: ['jpg', 'jpeg'] },
  'image/png': { words: 'PNG picture', extensions: ['png'] },
  'image/webp': { words: 'WebP picture', extensions: ['webp'] },
  'application/pdf': { words: 'PDF document', extensions: ['pdf'] },
} as const;
type KnownType = keyof typeof TYPES;

const SHARP_FORMATS: Record<string, KnownType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** What the bytes really are (never the name or the browser's word for it). */
async function detect(bytes: Buffer): Promise<{ type: KnownType; width: number; height: number } | { type: 'application/pdf' }> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { type: 'application/pdf' };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRefused('Only JPEG, PNG, WebP pictures and PDF documents can be uploaded.');
  }
  const type = meta.format ? SHARP_FORMATS[meta.format] : undefined;
  if (!type || !meta.width || !meta.height) throw new UploadRefused('Only JPEG, PNG, WebP pictures and PDF documents can be uploaded.');
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap once it is upright.
  const turned = (meta.orientation ?? 1) >= 5;
  return { type, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
}

function claimedType(declaredType: string, fileName: string): { from: 'type' | 'name'; type: KnownType | null; raw: string } | null {
  const declared = declaredType.toLowerCase() === 'image/jpg' ? 'image/jpeg' : declaredType.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension) {
    const byName = (Object.keys(TYPES) as KnownType[]).find((t) => (TYPES[t].extensions as readonly string[]).includes(extension));
    if (!byName) return { from: 'name', type: null, raw: extension };
    if (declared && declared !== 'application/octet-stream' && declared !== byName) return { from: 'type', type: (declared in TYPES ? declared : null) as KnownType | null, raw: declared };
    return { from: 'name', type: byName, raw: extension };
  }
  if (declared === '' || declared === 'application/octet-stream') return null;
  return { from: 'type', type: (declared in TYPES ? declared : null) as KnownType | null, raw: declared };
}

/**
 * Checks an upload and makes what the site serves: AVIF and WebP variants of a picture at several
 * widths, upright and without its metadata (EXIF, GPS location), or the PDF as it came.
 */
export async function processUpload({ bytes, declaredType, fileName }: { bytes: Buffer; declaredType: string; fileName: string }): Promise<ProcessedUpload> {
  if (bytes.byteLength === 0) throw new UploadRefused('The file is empty.');
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw new UploadRefused('The file is larger than 20 MB.');
  const found = await detect(bytes);
  const claim = claimedType(declaredType, fileName);
  if (claim && claim.type !== found.type) {
    const what = claim.type ? `a ${TYPES[claim.type].words}` : `a .${claim.raw} file`;
    throw new UploadRefused(`This file is not ${what}: its contents are a ${TYPES[found.type].words}. Save it with the right name and type, or upload a JPEG, PNG, WebP or PDF.`);
  }
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  if (!('width' in found)) {
    return { kind: 'pdf', key, width: null, height: null, contentType: found.type, files: [{ name: 'document.pdf', contentType: 'application/pdf', bytes }] };
  }
  if (found.width * found.height > MAX_PIXELS) throw new UploadRefused('The picture is too large: at most 40 megapixels.');
  if (found.width < MIN_SIDE || found.height < MIN_SIDE) throw new UploadRefused(`The picture is too small: at least ${MIN_SIDE} pixels wide and high.`);
  const files: MediaFile[] = [];
  for (const width of variantWidths(found.width)) {
    // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are left behind.
    const resized = () => sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
    files.push({ name: variantName(width, 'avif'), contentType: 'image/avif', bytes: await resized().avif({ quality: 55, effort: 2 }).toBuffer() });
    files.push({ name: variantName(width, 'webp'), contentType: 'image/webp', bytes: await resized().webp({ quality: 80 }).toBuffer() });
  }
  return { kind: 'image', key, width: found.width, height: found.height, contentType: found.type, files };
}
