import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';

/**
 * Uploads a picture made on the spot through the media library, as staff do; answers its file name.
 * Its colour is random so each upload is a new file (uploads are named by their contents).
 */
export async function uploadPicture(page: Page, alt: string, prefix: string): Promise<string> {
  const name = `${prefix}-${Date.now().toString(36)}.png`;
  const png = await sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 30, g: 90, b: Math.floor(Math.random() * 255) } } })
    .png()
    .toBuffer();
  await page.goto('/admin/media');
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await page.getByLabel('Alt text (describes the picture for people who cannot see it)').fill(alt);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(`Uploaded ${name}.`)).toBeVisible();
  return name;
}
