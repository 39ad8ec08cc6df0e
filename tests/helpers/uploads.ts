import sharp from 'sharp';
import { expect } from 'vitest';
import { csrfOf } from './staff';
import type { ApiClient, ApiResponse } from './test-server';

/** A small picture of a colour of its own, so each upload is a new file (uploads are named by their contents). */
export async function uniquePicture(width = 700, height = 400): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({ create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } } })
    .png()
    .toBuffer();
}

/** A tiny one-page PDF with a title of its own (uploads are re-written by pdf-lib, so it must be a real document). */
export const uniquePdf = (): Buffer =>
  Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj',
      '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj',
      `4 0 obj <</Title (${Math.random()})>> endobj`,
      'trailer <</Root 1 0 R/Info 4 0 R>>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );

/** Uploads a file through the back office's media page as a browser without JavaScript does (multipart form). */
export async function uploadThroughBackOffice(client: ApiClient, file: { bytes: Buffer; name: string; type: string }, alt: string): Promise<ApiResponse> {
  const page = await client.get('/admin/media');
  expect(page.status, 'GET /admin/media').toBe(200);
  const form = new FormData();
  form.set('csrf', csrfOf(page.text));
  form.set('intent', 'upload');
  form.set('alt', alt);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  // Let fetch's own encoder write the multipart body and its boundary.
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  return client.request('POST', '/admin/media', { body, headers: { 'content-type': encoded.headers.get('content-type')! } });
}
