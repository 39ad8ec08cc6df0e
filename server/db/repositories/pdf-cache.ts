import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export async function findCachedPdf(db: Executor, key: string): Promise<Buffer | null> {
  const row = await db.selectFrom('pdf_cache').select('bytes').where('key', '=', key).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/** Drops older versions of the document; two instances storing the same version both succeed. */
export async function storeCachedPdf(db: Executor, entry: { subject: string; key: string; bytes: Buffer; now: string }): Promise<void> {
  await db.deleteFrom('pdf_cache').where('key', 'like', `${entry.subject}:%`).where('key', '!=', entry.key).execute();
  await db
    .insertInto('pdf_cache')
    .values({ key: entry.key, bytes: entry.bytes, created_at: entry.now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
