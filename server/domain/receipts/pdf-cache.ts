import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { findCachedPdf, storeCachedPdf } from '../../db/repositories/pdf-cache';

/** Change when pdf.ts draws differently, so PDFs kept from the old layout are not served again. */
const LAYOUT = 1;

/**
 * A receipt's or statement's PDF, rendered once per version and kept in the database.
 *
 * The key is derived from the data: `subject` (receipt:12, statement:7:2026) and a hash of the whole
 * view the PDF is drawn from (the receipt's facts, refunds, the foundation's footer facts) and the
 * layout. Any change to what the PDF would show gives a new key, so a stale copy is never served,
 * with nothing to invalidate; and since the copy is in the database, every instance shares it.
 */
export async function cachedPdf(db: Db, subject: string, view: unknown, render: () => Promise<Uint8Array>, now: () => Date): Promise<Uint8Array> {
  const version = createHash('sha256').update(JSON.stringify({ layout: LAYOUT, view })).digest('base64url').slice(0, 43);
  const key = `${subject}:${version}`;
  const kept = await findCachedPdf(db, key);
  if (kept) return kept;
  const bytes = await render();
  await storeCachedPdf(db, { subject, key, bytes: Buffer.from(bytes), now: now().toISOString() });
  return bytes;
}
