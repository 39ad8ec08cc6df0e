import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processUpload, UploadRefused, variantWidths } from './process-upload';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();

describe('processUpload', () => {
  it('makes AVIF and WebP variants up to the original width, upright and without EXIF', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const done = await processUpload({ bytes: jpeg, declaredType: 'image/jpeg', fileName: 'photo.JPG' });
    expect([done.kind, done.width, done.height]).toEqual(['image', 400, 800]);
    expect(done.files.map((f) => f.name)).toEqual(['320.avif', '320.webp', '400.avif', '400.webp']);
    for (const file of done.files) expect((await sharp(file.bytes).metadata()).exif).toBeUndefined();
  });

  it('keeps a PDF as it came', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%test\n');
    const done = await processUpload({ bytes: pdf, declaredType: 'application/pdf', fileName: 'flyer.pdf' });
    expect(done.kind).toBe('pdf');
    expect(done.files).toEqual([{ name: 'document.pdf', contentType: 'application/pdf', bytes: pdf }]);
  });

  it('refuses what is not what it claims, or too big, small or empty, with a plain message', async () => {
    const refused = async (bytes: Buffer, declaredType: string, fileName: string) => {
      const error = await processUpload({ bytes, declaredType, fileName }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadRefused);
      return (error as Error).message;
    };
    expect(await refused(Buffer.alloc(0), 'image/png', 'a.png')).toBe('The file is empty.');
    expect(await refused(Buffer.alloc(20 * 1024 * 1024 + 1), 'image/png', 'a.png')).toBe('The file is larger than 20 MB.');
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'a.svg')).toMatch(/^Only JPEG, PNG, WebP pictures and PDF/);
    expect(await refused(await png(100, 100), 'image/jpeg', 'photo.jpg')).toMatch(/^This file is not a JPEG picture: its contents are a PNG picture\./);
    expect(await refused(Buffer.from('%PDF-1.4\n'), 'image/png', 'x.png')).toMatch(/^This file is not a PNG picture: its contents are a PDF document\./);
    expect(await refused(await png(10, 10), 'image/png', 'tiny.png')).toMatch(/too small/);
  });

  it('never makes a variant wider than the original', () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(5000)).toEqual([320, 640, 960, 1280, 1920]);
  });
});
