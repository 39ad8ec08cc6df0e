import type { Db } from '../../db/database';
import { findMediaFile, isEventFlyer } from '../../db/repositories/media';

/** ADR 023: the database by default, so one backup holds everything; or an S3-compatible bucket. */
export interface MediaStore {
  readonly kind: 'database' | 's3';
  /** The database store keeps bytes in the media row instead. */
  put(key: string, name: string, contentType: string, bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

/** Files kept in the database are read with their row (createMediaFiles). */
export interface MediaBucket extends MediaStore {
  readonly kind: 's3';
  /** Null when the bucket does not have it; throws MediaStorageError when it cannot tell. */
  get(key: string, name: string): Promise<{ contentType: string; bytes: Buffer } | null>;
}

/** Its message is safe to log: never keys or the store's own error body. */
export class MediaStorageError extends Error {
  readonly code = 'media_storage';
  constructor(message: string) {
    super(message);
    this.name = 'MediaStorageError';
  }
}

export function databaseMediaStore(): MediaStore {
  return {
    kind: 'database',
    async put() {
      // In the upload's own transaction.
    },
    async close() {},
  };
}

export type StoredMediaFile =
  /** `published` false: awaiting an admin (staff only). `flyer`: a PDF shown in the browser. */
  | { found: true; contentType: string; bytes: Buffer; published: boolean; flyer: boolean }
  | { found: false; reason: 'unknown' }
  | { found: false; reason: 'missing-in-bucket' }
  /** MEDIA_S3_BUCKET was unset. */
  | { found: false; reason: 'no-bucket' };

export interface MediaFiles {
  read(key: string, name: string): Promise<StoredMediaFile>;
}

/** From where `media.storage` says its upload went, so switching stores never loses an older upload; only files with a row are served. */
export function createMediaFiles(db: Db, bucket: MediaBucket | null): MediaFiles {
  return {
    async read(key, name) {
      const row = await findMediaFile(db, key, name);
      if (!row) return { found: false, reason: 'unknown' };
      const facts = { contentType: row.contentType, published: row.published, flyer: name.endsWith('.pdf') && (await isEventFlyer(db, `/media/u/${key}/${name}`)) };
      if (row.storage === 'database') {
        return row.bytes ? { found: true, ...facts, bytes: row.bytes } : { found: false, reason: 'unknown' };
      }
      if (!bucket) return { found: false, reason: 'no-bucket' };
      const object = await bucket.get(key, name);
      // The row's type was checked from the bytes at upload; the bucket's copy is not trusted.
      return object ? { found: true, ...facts, bytes: object.bytes } : { found: false, reason: 'missing-in-bucket' };
    },
  };
}
