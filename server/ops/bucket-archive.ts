import { z } from 'zod';
import type { MediaBucket } from '../domain/media/media-store';
import { BackupError } from './backup-error';
import { readTarEntry, type TarEntry, type TarWriter } from './tar';

/**
 * Uploads kept in the media bucket, inside a backup archive (ADR 033): `bucket/<key>/<name>` per
 * file and `bucket.json` listing them with their types. Names are the content's hash, so what is
 * put back is byte for byte what the upload listed.
 */
export interface BucketFile {
  key: string;
  name: string;
  contentType: string;
}

export const BUCKET_MANIFEST = 'bucket.json';
const Manifest = z.object({ files: z.array(z.object({ key: z.string().regex(/^[a-z0-9]+$/), name: z.string().regex(/^[\w.-]+$/), contentType: z.string() })) });

const memberName = (file: BucketFile) => `bucket/${file.key}/${file.name}`;

/** Copies the files out of the bucket into the archive; answers those the bucket did not have. */
export async function archiveBucketFiles(bucket: MediaBucket, files: BucketFile[], tar: TarWriter): Promise<{ archived: number; missing: string[] }> {
  const archived: BucketFile[] = [];
  const missing: string[] = [];
  for (const file of files) {
    const object = await bucket.get(file.key, file.name);
    if (!object) {
      missing.push(`${file.key}/${file.name}`);
      continue;
    }
    tar.addBytes(memberName(file), object.bytes);
    archived.push(file);
  }
  tar.addBytes(BUCKET_MANIFEST, Buffer.from(`${JSON.stringify({ files: archived }, null, 1)}\n`));
  return { archived: archived.length, missing };
}

/** The files listed in an archive, each with where its bytes are; throws when the list and the members disagree. */
export function bucketFilesIn(archive: string, entries: TarEntry[], shownAs: string): (BucketFile & { entry: TarEntry })[] {
  const manifestEntry = entries.find((entry) => entry.name === BUCKET_MANIFEST);
  if (!manifestEntry) return [];
  let listed: unknown = null;
  try {
    listed = JSON.parse(readTarEntry(archive, manifestEntry).toString('utf8'));
  } catch {
    // reported below as a list that cannot be read
  }
  const parsed = Manifest.safeParse(listed);
  if (!parsed.success) throw new BackupError(`${shownAs} is damaged (its list of bucket files cannot be read).`);
  return parsed.data.files.map((file) => {
    const entry = entries.find((candidate) => candidate.name === memberName(file));
    if (!entry) throw new BackupError(`${shownAs} is damaged (it lists ${memberName(file)} but does not hold it).`);
    return { ...file, entry };
  });
}

/** Puts the files back in the configured bucket (the same names and bytes: doing it twice is harmless). */
export async function putBucketFiles(bucket: MediaBucket, archive: string, files: (BucketFile & { entry: TarEntry })[]): Promise<void> {
  for (const file of files) await bucket.put(file.key, file.name, file.contentType, readTarEntry(archive, file.entry));
}
