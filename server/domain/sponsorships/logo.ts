import sharp, { type Metadata } from 'sharp';
import { UploadRefused } from '../media/process-upload';

/**
 * A sponsor's logo (ADR 052): SVG, PNG or JPEG, read from its bytes like other uploads; kept only as
 * a PNG the site rendered, never the uploaded file, so an SVG's script or links are never served.
 */

/** Under the 2 MB a public page form may send (page-post-limit). */
export const LOGO_MAX_BYTES = 1.5 * 1024 * 1024;
/** Fits a sponsor wall and a carousel; a logo is never enlarged past its own size (an SVG has none). */
export const LOGO_BOX = { width: 600, height: 300 };
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 16;

const NOT_A_LOGO = 'The logo must be an SVG, PNG or JPEG file.';
const FORMATS: Partial<Record<string, { words: string; extensions: string[]; types: string[] }>> = {
  svg: { words: 'an SVG drawing', extensions: ['svg'], types: ['image/svg+xml'] },
  png: { words: 'a PNG picture', extensions: ['png'], types: ['image/png'] },
  jpeg: { words: 'a JPEG picture', extensions: ['jpg', 'jpeg'], types: ['image/jpeg', 'image/jpg', 'image/pjpeg'] },
};

export interface Logo {
  png: Buffer;
  width: number;
  height: number;
}

export async function processLogo({ bytes, declaredType, fileName }: { bytes: Buffer; declaredType: string; fileName: string }): Promise<Logo> {
  if (bytes.byteLength === 0) throw new UploadRefused('Choose a logo to upload: the file is empty.');
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new UploadRefused('The logo is larger than 1.5 MB.');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRefused(NOT_A_LOGO);
  }
  const format = FORMATS[meta.format];
  if (!format) throw new UploadRefused(NOT_A_LOGO);
  const extension = /\.([a-z][a-z0-9]{0,4})$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  const type = declaredType.split(';')[0]!.trim().toLowerCase();
  if ((extension && !format.extensions.includes(extension)) || (type !== '' && type !== 'application/octet-stream' && !format.types.includes(type))) {
    throw new UploadRefused(`This file's contents are ${format.words}, but its name or type says otherwise. Rename it to end in .${format.extensions[0]}, then upload it again.`);
  }
  const vector = meta.format === 'svg';
  if (!vector) {
    if (!meta.width || !meta.height) throw new UploadRefused(NOT_A_LOGO);
    if (meta.width * meta.height > MAX_PIXELS) throw new UploadRefused('The logo is too large: at most 40 megapixels.');
    if (meta.width < MIN_SIDE || meta.height < MIN_SIDE) throw new UploadRefused(`The logo is too small: at least ${MIN_SIDE} pixels wide and high.`);
  }
  try {
    // An SVG is drawn sharp enough for the box, then scaled into it; librsvg fetches nothing outside the file.
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, ...(vector ? { density: 288 } : {}) }).rotate();
    const { data, info } = await image
      .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: !vector })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new UploadRefused(vector ? 'This SVG logo could not be drawn. Export it again as SVG or PNG, then upload it again.' : NOT_A_LOGO);
  }
}
