import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, processUpload, UploadRefused, VARIANT_WIDTHS, variantName, variantWidths } from './process-upload';

const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#336699' } });

/** The tag numbers in the EXIF GPS directory, or [] when there is none: proves location data is (or is not) there. */
function gpsTags(exif: Buffer | undefined): number[] {
  if (!exif || exif.toString('latin1', 0, 6) !== 'Exif\0\0') return [];
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) => Array.from({ length: u16(ifd) }, (_, i) => ({ tag: u16(ifd + 2 + i * 12), value: u32(ifd + 2 + i * 12 + 8) }));
  const gpsPointer = entries(u32(4)).find((e) => e.tag === 0x8825);
  return gpsPointer ? entries(gpsPointer.value).map((e) => e.tag) : [];
}

async function refusal(bytes: Buffer, declaredType: string, fileName: string): Promise<string> {
  const error = await processUpload({ bytes, declaredType, fileName }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRefused);
  return (error as UploadRefused).message;
}

const NOT_ACCEPTED = 'Only JPEG, PNG, WebP pictures and PDF documents can be uploaded.';

describe('variantWidths', () => {
  it('never makes a variant wider than the original, and includes the original width up to the largest', () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(5000)).toEqual([...VARIANT_WIDTHS]);
    expect(variantName(640, 'webp')).toBe('640.webp');
  });
});

describe('processUpload', () => {
  it('makes AVIF and WebP variants of a photo, ordered by width then AVIF before WebP, with its GPS location left behind', async () => {
    const photo = await canvas(2000, 1000)
      .jpeg()
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 58/1 0/1' } })
      .toBuffer();
    // GPSLatitudeRef is tag 1, GPSLatitude tag 2: the fixture must really carry a location for the rest to prove anything.
    expect(gpsTags((await sharp(photo).metadata()).exif)).toEqual(expect.arrayContaining([1, 2]));

    const done = await processUpload({ bytes: photo, declaredType: 'image/jpeg', fileName: 'Holiday.JPG' });

    expect(done).toMatchObject({ kind: 'image', width: 2000, height: 1000, contentType: 'image/jpeg' });
    expect(done.key).toMatch(/^[0-9a-f]{20}$/);
    expect(done.files.map((f) => f.name)).toEqual(VARIANT_WIDTHS.flatMap((w) => [`${w}.avif`, `${w}.webp`]));
    for (const file of done.files) {
      const meta = await sharp(file.bytes).metadata();
      const [width, format] = file.name.split('.') as [string, 'avif' | 'webp'];
      expect({ name: file.name, width: meta.width, height: meta.height }).toEqual({ name: file.name, width: Number(width), height: Number(width) / 2 });
      // sharp reports AVIF as its container, HEIF, with AV1 compression.
      expect(format === 'avif' ? [meta.format, meta.compression, file.contentType] : [meta.format, file.contentType]).toEqual(
        format === 'avif' ? ['heif', 'av1', 'image/avif'] : ['webp', 'image/webp'],
      );
      expect(meta.exif).toBeUndefined();
    }
    // Same bytes, same key: a second upload names the same files.
    expect((await processUpload({ bytes: photo, declaredType: '', fileName: 'again' })).key).toBe(done.key);
  });

  it('turns a picture upright from its EXIF orientation', async () => {
    const sideways = await canvas(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const done = await processUpload({ bytes: sideways, declaredType: 'image/jpg', fileName: 'portrait.jpeg' });
    expect([done.width, done.height]).toEqual([200, 400]);
    const variant = await sharp(done.files.find((f) => f.name === '200.webp')!.bytes).metadata();
    expect([variant.width, variant.height, variant.orientation]).toEqual([200, 400, undefined]);
  });

  it('gives a small picture only its own width, never enlarged', async () => {
    const done = await processUpload({ bytes: await canvas(100, 50).png().toBuffer(), declaredType: 'image/png', fileName: 'icon.png' });
    expect(done).toMatchObject({ kind: 'image', width: 100, height: 50, contentType: 'image/png' });
    expect(done.files.map((f) => f.name)).toEqual(['100.avif', '100.webp']);
  });

  it('accepts a WebP, even when the browser does not say what it is', async () => {
    const done = await processUpload({ bytes: await canvas(700, 300).webp().toBuffer(), declaredType: 'application/octet-stream', fileName: 'banner' });
    expect(done).toMatchObject({ kind: 'image', width: 700, height: 300, contentType: 'image/webp' });
    expect(done.files.map((f) => f.name)).toEqual(['320.avif', '320.webp', '640.avif', '640.webp', '700.avif', '700.webp']);
  });

  it('writes a PDF again with pdf-lib: the same pages, nothing after the document, no action run on opening', async () => {
    const source = await PDFDocument.create();
    source.addPage([300, 200]);
    source.addPage([300, 200]);
    source.catalog.set(PDFName.of('OpenAction'), source.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const trailing = '<html><script>alert(1)</script></html>';
    const pdf = Buffer.concat([Buffer.from(await source.save()), Buffer.from(trailing, 'latin1')]);
    const done = await processUpload({ bytes: pdf, declaredType: 'application/pdf', fileName: 'flyer.pdf' });
    expect(done).toMatchObject({ kind: 'pdf', width: null, height: null, contentType: 'application/pdf' });
    expect(done.files.map((f) => [f.name, f.contentType])).toEqual([['document.pdf', 'application/pdf']]);
    const kept = done.files[0]!.bytes;
    expect(kept.toString('latin1', 0, 5)).toBe('%PDF-');
    expect(kept.toString('latin1')).not.toContain('<script>');
    const again = await PDFDocument.load(kept);
    expect(again.getPageCount()).toBe(2);
    expect(again.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
  });

  it('refuses a file that only starts like a PDF, or a PDF without a page', async () => {
    const message = 'This PDF could not be read: it may be damaged. Save or export it again as a PDF, then upload it again.';
    expect(await refusal(Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>', 'latin1'), 'application/pdf', 'a.pdf')).toBe(message);
    expect(await refusal(Buffer.from('%PDF-1.4\n%âãÏÓ\n', 'latin1'), 'application/pdf', 'a.pdf')).toBe(message);
    const empty = await PDFDocument.create();
    expect(await refusal(Buffer.from(await empty.save({ addDefaultPage: false })), 'application/pdf', 'a.pdf')).toBe(message);
  });

  it('refuses an empty or oversized file', async () => {
    expect(await refusal(Buffer.alloc(0), 'image/png', 'a.png')).toBe('The file is empty.');
    expect(await refusal(Buffer.alloc(MEDIA_MAX_BYTES + 1), 'image/png', 'a.png')).toBe('The file is larger than 20 MB.');
  });

  it('refuses anything but JPEG, PNG, WebP and PDF, whatever its name says', async () => {
    const gif = await canvas(20, 20).gif().toBuffer();
    expect(await refusal(gif, 'image/gif', 'a.gif')).toBe(NOT_ACCEPTED);
    expect(await refusal(gif, 'image/png', 'a.png')).toBe(NOT_ACCEPTED);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
    expect(await refusal(svg, 'image/svg+xml', 'logo.svg')).toBe(NOT_ACCEPTED);
    expect(await refusal(Buffer.from('Just some words.\n'), 'text/plain', 'notes.jpg')).toBe(NOT_ACCEPTED);
    const jpeg = await canvas(200, 200).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, 400), 'image/jpeg', 'cut.jpg')).toBe(NOT_ACCEPTED);
  });

  it('refuses a file whose name or type says something else than its contents', async () => {
    const png = await canvas(100, 100).png().toBuffer();
    const jpeg = await canvas(100, 100).jpeg().toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n');
    expect(await refusal(png, 'image/jpeg', 'photo.jpg')).toBe(
      'This file is not a JPEG picture: its contents are a PNG picture. Rename it to end in .png, then upload it again.',
    );
    expect(await refusal(jpeg, 'image/png', 'photo.jpg')).toBe(
      'This file is not a PNG picture: its contents are a JPEG picture. Rename it to end in .jpg, then upload it again.',
    );
    expect(await refusal(pdf, 'image/png', 'x.png')).toBe(
      'This file is not a PNG picture: its contents are a PDF document. Rename it to end in .pdf, then upload it again.',
    );
    expect(await refusal(jpeg, 'image/gif', 'anim.gif')).toBe(
      'This file is not a GIF picture: its contents are a JPEG picture. Rename it to end in .jpg, then upload it again.',
    );
  });

  it('refuses a picture too small to show or too large to decode safely', async () => {
    expect(await refusal(await canvas(10, 10).png().toBuffer(), 'image/png', 'dot.png')).toBe('The picture is too small: at least 16 pixels wide and high.');
    // 49 megapixels of one colour compress to a small file: the shape of a decompression bomb.
    const huge = await canvas(7000, 7000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.byteLength).toBeLessThan(MEDIA_MAX_BYTES);
    expect(await refusal(huge, 'image/png', 'huge.png')).toBe('The picture is too large: at most 40 megapixels.');
  });
});
