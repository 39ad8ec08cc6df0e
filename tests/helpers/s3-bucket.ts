import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver knows one account; it checks the key id (InvalidAccessKeyId) but not the secret. */
const ACCESS_KEY_ID = 'S3RVER';

export interface LocalBucket {
  bucket: string;
  endpoint: string;
  /** The site's MEDIA_S3_* settings for this bucket (`bucket` overrides the name, e.g. one that does not exist). */
  env(overrides?: { bucket?: string; secret?: string }): Record<string, string>;
  /** Talks to the bucket directly, as an operator's tool would. */
  client: S3Client;
  keys(): Promise<string[]>;
  head(key: string): Promise<{ contentType: string | undefined; cacheControl: string | undefined; bytes: Buffer }>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process on a free loopback port, its objects in a
 * temporary folder, with one bucket; the site reaches it through @aws-sdk/client-s3 like any other.
 */
export async function startLocalBucket(bucket = 'foundation-media'): Promise<LocalBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'foundation-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: 'S3RVER' },
  });
  return {
    bucket,
    endpoint,
    client,
    env: (overrides = {}) => ({
      MEDIA_S3_BUCKET: overrides.bucket ?? bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      MEDIA_S3_SECRET_ACCESS_KEY: overrides.secret ?? 'S3RVER',
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async head(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: object.ContentType, cacheControl: object.CacheControl, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
    },
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      try {
        await server.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
