import type { Kysely, Transaction } from 'kysely';
import { failOnDuplicate } from '../errors';
import { nowIso } from '../json';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface MediaRecord {
  id: number;
  key: string;
  kind: 'image' | 'pdf';
  contentType: string;
  width: number | null;
  height: number | null;
  alt: string;
  fileName: string;
  byteSize: number;
  storage: 'database' | 's3';
  createdAt: string;
  files: string[];
  /** False while a volunteer's upload awaits approval. */
  published: boolean;
}

export interface NewMedia {
  key: string;
  kind: 'image' | 'pdf';
  contentType: string;
  width: number | null;
  height: number | null;
  alt: string;
  fileName: string;
  byteSize: number;
  storage: 'database' | 's3';
  staffId: number;
  published: boolean;
  /** Null when they went to the S3 bucket. */
  files: { name: string; contentType: string; bytes: Buffer | null; byteSize: number }[];
}

export async function insertMedia(db: Executor, media: NewMedia): Promise<number> {
  const { id } = await failOnDuplicate(() =>
    db
      .insertInto('media')
      .values({
        key: media.key,
        kind: media.kind,
        content_type: media.contentType,
        width: media.width,
        height: media.height,
        alt: media.alt,
        file_name: media.fileName,
        byte_size: media.byteSize,
        storage: media.storage,
        staff_id: media.staffId,
        published: media.published ? 1 : 0,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  for (const file of media.files) {
    await db
      .insertInto('media_files')
      .values({ media_id: id, name: file.name, content_type: file.contentType, byte_size: file.byteSize, bytes: file.bytes })
      .execute();
  }
  return Number(id);
}

async function withFiles(db: Executor, rows: Awaited<ReturnType<typeof selectMedia>>): Promise<MediaRecord[]> {
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('media_files')
    .select(['media_id', 'name'])
    .where(
      'media_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    key: r.key,
    kind: r.kind,
    contentType: r.content_type,
    width: r.width,
    height: r.height,
    alt: r.alt,
    fileName: r.file_name,
    byteSize: Number(r.byte_size),
    storage: r.storage,
    createdAt: r.created_at,
    files: files.filter((f) => Number(f.media_id) === Number(r.id)).map((f) => f.name),
    published: r.published === 1,
  }));
}

const selectMedia = (db: Executor) => db.selectFrom('media').selectAll().where('archived', '=', 0).orderBy('id', 'desc').execute();

export async function listMedia(db: Executor): Promise<MediaRecord[]> {
  return withFiles(db, await selectMedia(db));
}

export async function findMediaByKey(db: Executor, key: string): Promise<MediaRecord | null> {
  const rows = await db.selectFrom('media').selectAll().where('key', '=', key).execute();
  return (await withFiles(db, rows))[0] ?? null;
}

export async function findMediaById(db: Executor, id: number): Promise<MediaRecord | null> {
  const rows = await db.selectFrom('media').selectAll().where('id', '=', id).execute();
  return (await withFiles(db, rows))[0] ?? null;
}

export async function setMediaAlt(db: Executor, id: number, alt: string): Promise<void> {
  await db.updateTable('media').set({ alt }).where('id', '=', id).execute();
}

/** False when it was already public (or is not there). */
export async function publishMedia(db: Executor, id: number): Promise<boolean> {
  const result = await db.updateTable('media').set({ published: 1 }).where('id', '=', id).where('published', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findMediaFile(
  db: Executor,
  key: string,
  name: string,
): Promise<{ contentType: string; bytes: Buffer | null; storage: 'database' | 's3'; published: boolean } | null> {
  const row = await db
    .selectFrom('media_files')
    .innerJoin('media', 'media.id', 'media_files.media_id')
    .select(['media_files.content_type', 'media_files.bytes', 'media.storage', 'media.published'])
    .where('media.key', '=', key)
    .where('media_files.name', '=', name)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes ? Buffer.from(row.bytes) : null, storage: row.storage, published: row.published === 1 } : null;
}

export async function isEventFlyer(db: Executor, src: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where((eb) => eb.or([eb('partnership_flyer', '=', src), eb('rules_flyer', '=', src)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** What a backup copies out of the bucket. */
export async function listBucketFiles(db: Executor): Promise<{ key: string; name: string; contentType: string }[]> {
  const rows = await db
    .selectFrom('media_files')
    .innerJoin('media', 'media.id', 'media_files.media_id')
    .select(['media.key', 'media_files.name', 'media_files.content_type'])
    .where('media.storage', '=', 's3')
    .orderBy('media.key')
    .orderBy('media_files.name')
    .execute();
  return rows.map((row) => ({ key: row.key, name: row.name, contentType: row.content_type }));
}
