import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { findCachedPdf, storeCachedPdf } from '../../db/repositories/pdf-cache';

/** Change when pdf.ts draws differently, so PDFs of the old layout are not served again. */
const LAYOUT = 1;

/** Keyed by a hash of the whole view and layout, so a stale copy is never served and nothing needs invalidating. */
export async function cachedPdf(db: Db, subject: string, view: unknown, render: () => Promise<Uint8Array>, now: () => Date): Promise<Uint8Array> {
  const version = createHash('sha256').update(JSON.stringify({ layout: LAYOUT, view })).digest('base64url').slice(0, 43);
  const key = `${subject}:${version}`;
  const kept = await findCachedPdf(db, key);
  if (kept) return kept;
  const bytes = await render();
  await storeCachedPdf(db, { subject, key, bytes: Buffer.from(bytes), now: now().toISOString() });
  return bytes;
}
