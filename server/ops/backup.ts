import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { createDatabase } from '../db/database';
import { listBucketFiles } from '../db/repositories/media';
import { s3MediaStore } from '../domain/media/s3-media-store';
import { archiveBucketFiles } from './bucket-archive';
import { BackupError } from './backup-error';
import { partialName, placeBackup, pruneBackups, removeAbandonedPartials, type BackupFormat } from './backup-files';
import { dumpPostgres } from './postgres-archive';
import { copySqlite, makeStandalone } from './sqlite-copy';
import { TarWriter } from './tar';

export interface BackupReport {
  file: string;
  bytes: number;
  bucketFiles: number;
  /** `key/name` of files the bucket did not have. */
  missingFromBucket: string[];
  removed: string[];
}

/**
 * `npm run db:backup` (ADR 033): a consistent online copy, written under a temporary name and
 * renamed once complete, so a backup under its final name is always whole.
 */
export async function makeBackup(config: AppConfig, takenAt = new Date()): Promise<BackupReport> {
  const { dir, keep, pgBin } = config.backup;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const format: BackupFormat = config.database.kind === 'sqlite' ? 'sqlite' : 'pgdump';
  removeAbandonedPartials(dir, takenAt);
  const partial = path.join(dir, partialName(takenAt, format));
  const partialArchive = `${partial}.tar`;
  try {
    // Owner-only: the copy holds password hashes and every supporter's address.
    closeSync(openSync(partial, 'wx', 0o600));
    if (config.database.kind === 'sqlite') {
      await copySqlite(config.database.file, partial, { readonly: false });
      makeStandalone(partial);
    } else {
      await dumpPostgres(config.database.url, partial, pgBin);
    }
    // Read after the copy: uploads are never deleted, so this lists at least every upload in it.
    const db = createDatabase(config.database);
    const files = await listBucketFiles(db).finally(() => db.destroy());

    let finished = partial;
    let bucketFiles = 0;
    let missingFromBucket: string[] = [];
    if (files.length > 0) {
      if (config.media.kind !== 's3') {
        throw new BackupError(
          `${files.length} files of uploads are kept in a media bucket, but no bucket is configured: set the MEDIA_S3_* settings the site uses, so the backup can include them.`,
        );
      }
      const bucket = s3MediaStore(config.media);
      const tar = new TarWriter(partialArchive);
      try {
        tar.addFile(`database.${format}`, partial);
        ({ archived: bucketFiles, missing: missingFromBucket } = await archiveBucketFiles(bucket, files, tar));
        tar.finish();
      } catch (error) {
        tar.abandon();
        throw error;
      } finally {
        await bucket.close();
      }
      finished = partialArchive;
    } else {
      flushToDisk(partial);
    }
    const file = placeBackup(finished, dir, takenAt, format, files.length > 0);
    const removed = pruneBackups(dir, keep);
    return { file, bytes: statSync(file).size, bucketFiles, missingFromBucket, removed };
  } finally {
    rmSync(partial, { force: true });
    rmSync(partialArchive, { force: true });
  }
}

function flushToDisk(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
