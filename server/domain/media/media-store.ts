import type { Db } from '../../db/database';
import { findMediaFile, isEventFlyer } from '../../db/repositories/media';

/**
 * Where upload bytes live (ADR 023): in the database by default, so one backup holds everything
 * and every instance sees every file; or an S3-compatible bucket when one is configured.
 */
export interface MediaStore {
  readonly kind: 'database' | 's3';
  /** Puts a file in the bucket; the database store keeps bytes in the media row instead (null here). */
  put(key: string, name: string, contentType: string, bytes: Buffer): Promise<void>;
  /** Lets go of connections (the bucket's); called once at shutdown. */
  close(): Promise<void>;
}

/** A bucket is also read from; files kept in the database are read with their row (createMediaFiles). */
export interface MediaBucket extends MediaStore {
  readonly kind: 's3';
  /** The file's bytes, or null when the bucket does not have it. Throws MediaStorageError when it cannot tell. */
  get(key: string, name: string): Promise<{ contentType: string; bytes: Buffer } | null>;
}

/**
 * The store could not be reached or refused the request (bucket missing, keys wrong, network).
 * Its message is safe to show in a log: it never carries keys or the store's own error body.
 */
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
      // The bytes go into media_files in the upload's own transaction.
    },
    async close() {},
  };
}

/** One upload's file as the /media/u/ route gets it. */
export type StoredMediaFile =
  /** `published` false: a volunteer's upload an admin has not approved yet (staff only). `flyer`: a PDF an event offers, shown in the browser. */
  | { found: true; contentType: string; bytes: Buffer; published: boolean; flyer: boolean }
  /** No upload has this key and name. */
  | { found: false; reason: 'unknown' }
  /** The row says the bucket has it, but the bucket does not (deleted or lost there). */
  | { found: false; reason: 'missing-in-bucket' }
  /** The row says the bucket has it, but no bucket is configured (MEDIA_S3_BUCKET was unset). */
  | { found: false; reason: 'no-bucket' };

export interface MediaFiles {
  read(key: string, name: string): Promise<StoredMediaFile>;
}

/**
 * Reads a file from where its upload went, as recorded in `media.storage`, not from where new
 * uploads go now: switching to a bucket (or back) never loses an older upload. Only files with a
 * row are served, so objects a failed upload left in the bucket stay invisible.
 */
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
      // The row's type was checked from the bytes at upload; the bucket's copy of it is not trusted.
      return object ? { found: true, ...facts, bytes: object.bytes } : { found: false, reason: 'missing-in-bucket' };
    },
  };
}
