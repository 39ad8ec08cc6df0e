import { z } from 'zod';
import type { MediaBucket } from '../domain/media/media-store';
import { BackupError } from './backup-error';
import { readTarEntry, type TarEntry, type TarWriter } from './tar';

/** ADR 033: `bucket/<key>/<name>` per file and a `bucket.json` list; names are content hashes. */
export interface BucketFile {
  key: string;
  name: string;
  contentType: string;
}

export const BUCKET_MANIFEST = 'bucket.json';
const Manifest = z.object({ files: z.array(z.object({ key: z.string().regex(/^[a-z0-9]+$/), name: z.string().regex(/^[\w.-]+$/), contentType: z.string() })) });

const memberName = (file: BucketFile) => `bucket/${file.key}/${file.name}`;

/** Answers the files the bucket did not have. */
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

/** Throws when the list and the members disagree. */
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

/** Same names and bytes: doing it twice is harmless. */
export async function putBucketFiles(bucket: MediaBucket, archive: string, files: (BucketFile & { entry: TarEntry })[]): Promise<void> {
  for (const file of files) await bucket.put(file.key, file.name, file.contentType, readTarEntry(archive, file.entry));
}
