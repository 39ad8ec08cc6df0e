import type { Db } from '../../db/database';
import { findMediaFile } from '../../db/repositories/media';

/**
 * Where upload bytes live (ADR 023): in the database by default, so one backup holds everything
 * and every instance sees every file; or an S3-compatible bucket when one is configured.
 */
export interface MediaStore {
  readonly kind: 'database' | 's3';
  /** Puts a file in the bucket; the database store keeps bytes in the media row instead (null here). */
  put(key: string, name: string, contentType: string, bytes: Buffer): Promise<void>;
  get(key: string, name: string): Promise<{ contentType: string; bytes: Buffer } | null>;
}

export function databaseMediaStore(db: Db): MediaStore {
  return {
    kind: 'database',
    async put() {
      // The bytes go into media_files in the upload's own transaction.
    },
    async get(key, name) {
      const file = await findMediaFile(db, key, name);
      return file?.bytes ? { contentType: file.contentType, bytes: file.bytes } : null;
    },
  };
}
