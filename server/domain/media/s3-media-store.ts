import type * as S3 from '@aws-sdk/client-s3';
import { MediaStorageError, type MediaBucket } from './media-store';

export interface S3MediaSettings {
  bucket: string;
  region: string;
  /** Undefined for AWS S3 itself. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Empty, or a folder ending in a slash. */
  prefix: string;
}

/** Names are hashes of their contents. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Sdk = typeof S3;

/**
 * ADR 023. The SDK is loaded on first use. Errors become MediaStorageError made from name and
 * status: the SDK's own error carries the access key id and must never reach a log.
 */
export function s3MediaStore(settings: S3MediaSettings): MediaBucket {
  let connection: Promise<{ sdk: Sdk; client: S3.S3Client }> | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Several S3-compatible services refuse the SDK's CRC32 checksums; SigV4 already covers the body.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An unreachable bucket fails the upload in seconds instead of holding the request.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
        maxAttempts: 3,
      }),
    }));
    return connection;
  };
  const objectKey = (key: string, name: string) => `${settings.prefix}${key}/${name}`;
  const failure = (action: string, objectName: string, error: unknown) =>
    new MediaStorageError(`The bucket refused or did not answer ${action} ${objectName}: ${describe(error, settings)}`);

  return {
    kind: 's3',
    async put(key, name, contentType, bytes) {
      const { sdk, client } = await connect();
      const Key = objectKey(key, name);
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }));
      } catch (error) {
        throw failure('storing', Key, error);
      }
    },
    async get(key, name) {
      const { sdk, client } = await connect();
      const Key = objectKey(key, name);
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key }));
        if (!object.Body) return null;
        return { contentType: object.ContentType ?? 'application/octet-stream', bytes: Buffer.from(await object.Body.transformToByteArray()) };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
        throw failure('reading', Key, error);
      }
    },
    async close() {
      const open = connection;
      connection = undefined;
      if (open) (await open).client.destroy();
    },
  };
}

/** No key, id or error body. */
function describe(error: unknown, settings: S3MediaSettings): string {
  if (!(error instanceof Error)) return 'unknown error';
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (error as { code?: unknown }).code;
  const name = typeof code === 'string' && error.name === 'Error' ? code : error.name;
  let text = `${name}${status ? ` (HTTP ${status})` : ''}: ${error.message}`.slice(0, 300);
  for (const secret of [settings.accessKeyId, settings.secretAccessKey]) text = text.replaceAll(secret, '[redacted]');
  return text;
}
