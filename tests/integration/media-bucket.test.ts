import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../helpers/logs';
import { startLocalBucket, type LocalBucket } from '../helpers/s3-bucket';
import { setUpStaff } from '../helpers/staff';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';
import { uniquePdf, uniquePicture, uploadThroughBackOffice } from '../helpers/uploads';

/**
 * Uploads in an S3-compatible bucket (ADR 023), through the real @aws-sdk/client-s3 against a real
 * local S3 server (s3rver on loopback), on both databases: the site first keeps uploads in the
 * database, then a second instance on the same database is given a bucket, as a foundation would
 * switch. Older uploads must stay served from where they went.
 */

const SECRET = 'bucket-secret-that-must-never-be-logged-7f3a';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let bucket: LocalBucket;
/** Keeps uploads in the database (no MEDIA_S3_* settings); owns the database. */
let databaseSite: TestServer;
/** The same database, with the bucket configured. */
let bucketSite: TestServer;
const bucketLog = recordingLogger('info');

let olderUpload: { key: string; files: { name: string; bytes: Buffer }[] };
/** A picture uploaded with the bucket configured (all its variants in the bucket). */
let bucketPictureKey: string;

async function mediaRow(key: string) {
  const media = await databaseSite.db.selectFrom('media').select(['id', 'storage', 'content_type']).where('key', '=', key).executeTakeFirst();
  if (!media) return null;
  const files = await databaseSite.db.selectFrom('media_files').select(['name', 'content_type', 'bytes']).where('media_id', '=', media.id).orderBy('name').execute();
  return { ...media, files: files.map((f) => ({ name: f.name, contentType: f.content_type, bytes: f.bytes ? Buffer.from(f.bytes) : null })) };
}

const mediaCount = async () => Number((await databaseSite.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const staffClients = new Map<TestServer, ApiClient>();

/** Uploads a file as a signed-in admin (public at once; a volunteer's waits for approval); `added` is how many uploads the database gained. */
async function upload(site: TestServer, file: { bytes: Buffer; name: string; type: string }) {
  let client = staffClients.get(site);
  if (!client) {
    client = site.client();
    await setUpStaff(site, client, 'admin');
    staffClients.set(site, client);
  }
  const before = await mediaCount();
  const res = await uploadThroughBackOffice(client, file, `Test ${file.name}`);
  return { res, added: (await mediaCount()) - before };
}

async function latestKey(): Promise<string> {
  const row = await databaseSite.db.selectFrom('media').select('key').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.key;
}

beforeAll(async () => {
  bucket = await startLocalBucket();
  databaseSite = await startTestServer({ pages: 'build' });
  // Before the bucket: an upload kept in the database.
  const { res, added } = await upload(databaseSite, { bytes: await uniquePicture(), name: 'older.png', type: 'image/png' });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(added).toBe(1);
  const key = await latestKey();
  const row = (await mediaRow(key))!;
  expect(row.storage).toBe('database');
  olderUpload = { key, files: row.files.map((f) => ({ name: f.name, bytes: f.bytes! })) };

  bucketSite = await startTestServer({
    pages: 'build',
    sameDatabaseAs: databaseSite,
    env: { ...bucket.env({ secret: SECRET })},
    logger: bucketLog.logger,
  });
});

afterAll(async () => {
  await bucketSite?.close();
  await databaseSite?.close();
  await bucket?.close();
});

describe('with a bucket configured', () => {

  it('puts a new picture’s variants in the bucket, under media/<key>/, and no bytes in the database', async () => {
    const { res, added } = await upload(bucketSite, { bytes: await uniquePicture(1400, 800), name: 'new.png', type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Uploaded new.png.');
    expect(added).toBe(1);
    bucketPictureKey = await latestKey();
    const row = (await mediaRow(bucketPictureKey))!;
    expect(row.storage).toBe('s3');
    expect(row.files.map((f) => f.name)).toEqual(['1280.avif', '1280.webp', '1400.avif', '1400.webp', '320.avif', '320.webp', '640.avif', '640.webp', '960.avif', '960.webp']);
    for (const file of row.files) expect(file.bytes, file.name).toBeNull();

    const keys = await bucket.keys();
    expect(keys.filter((k) => k.startsWith(`media/${bucketPictureKey}/`))).toEqual(row.files.map((f) => `media/${bucketPictureKey}/${f.name}`));
    const object = await bucket.head(`media/${bucketPictureKey}/640.avif`);
    expect(object.contentType).toBe('image/avif');
    expect(object.cacheControl).toBe(IMMUTABLE);
    expect((await bucket.head(`media/${bucketPictureKey}/640.webp`)).contentType).toBe('image/webp');
  });

  it('serves them at /media/u/… with their type and the immutable cache header, bytes as in the bucket', async () => {
    for (const name of ['320.avif', '1400.webp']) {
      const res = await fetch(`${bucketSite.url}/media/u/${bucketPictureKey}/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe(name.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals((await bucket.head(`media/${bucketPictureKey}/${name}`)).bytes)).toBe(true);
    }
    const head = await fetch(`${bucketSite.url}/media/u/${bucketPictureKey}/640.webp`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('keeps a PDF as pdf-lib wrote it again and serves it as a download, bytes as in the bucket', async () => {
    const pdf = uniquePdf();
    const { res } = await upload(bucketSite, { bytes: pdf, name: 'minutes.pdf', type: 'application/pdf' });
    expect(res.text).toContain('Uploaded minutes.pdf.');
    const key = await latestKey();
    const kept = (await bucket.head(`media/${key}/document.pdf`)).bytes;
    expect(kept.toString('latin1', 0, 5)).toBe('%PDF-');
    const served = await fetch(`${bucketSite.url}/media/u/${key}/document.pdf`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(kept)).toBe(true);
  });

  it('still serves an upload made before the switch from the database', async () => {
    expect(await bucket.keys()).not.toContainEqual(expect.stringContaining(olderUpload.key));
    for (const file of olderUpload.files) {
      const res = await fetch(`${bucketSite.url}/media/u/${olderUpload.key}/${file.name}`);
      expect(res.status, file.name).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true);
    }
  });

  it('answers 404 for an object gone from the bucket, an unknown upload, and an object no upload lists', async () => {
    const { res } = await upload(bucketSite, { bytes: await uniquePicture(), name: 'doomed.png', type: 'image/png' });
    expect(res.status).toBe(200);
    const key = await latestKey();
    await bucket.remove(`media/${key}/320.webp`);
    const gone = await fetch(`${bucketSite.url}/media/u/${key}/320.webp`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).not.toBe(IMMUTABLE);
    expect(bucketLog.lines.some((l) => l.level === 40 && l.msg === 'an upload listed in the database is missing from the media bucket')).toBe(true);
    // The other variants are still there.
    expect((await fetch(`${bucketSite.url}/media/u/${key}/320.avif`)).status).toBe(200);

    expect((await fetch(`${bucketSite.url}/media/u/${'0'.repeat(20)}/320.webp`)).status).toBe(404);
    // What a failed upload leaves in the bucket (objects stored, then the database refused the row) is never served.
    const stray = 'abcdef0123456789abcd';
    await bucket.put(`media/${stray}/320.webp`, await uniquePicture(), 'image/webp');
    expect((await fetch(`${bucketSite.url}/media/u/${stray}/320.webp`)).status).toBe(404);
  });

  it('answers the same file again with "already in the library", nothing stored twice', async () => {
    const bytes = await uniquePicture();
    const first = await upload(bucketSite, { bytes, name: 'twice.png', type: 'image/png' });
    expect(first.added).toBe(1);
    const objects = (await bucket.keys()).length;
    const second = await upload(bucketSite, { bytes, name: 'twice-again.png', type: 'image/png' });
    expect(second.added).toBe(0);
    expect(second.res.text).toContain('already in the library as');
    expect((await bucket.keys()).length).toBe(objects);
  });

  it('an instance without the bucket says an upload kept there is unavailable (503), not that it does not exist', async () => {
    const res = await fetch(`${databaseSite.url}/media/u/${bucketPictureKey}/320.webp`);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('when the bucket fails', () => {
  let broken: TestServer;
  const brokenLog = recordingLogger('info');
  beforeAll(async () => {
    // A bucket that does not exist: every request to it is refused (NoSuchBucket).
    broken = await startTestServer({ pages: 'build', sameDatabaseAs: databaseSite, env: { ...bucket.env({ bucket: 'no-such-bucket', secret: SECRET })}, logger: brokenLog.logger });
  });
  afterAll(() => broken?.close());

  it('refuses the upload with a clear message and writes nothing to the database', async () => {
    const objects = await bucket.keys();
    const { res, added } = await upload(broken, { bytes: await uniquePicture(), name: 'refused.png', type: 'image/png' });
    // A refusal shown on the form (200 or 400, as the page answers refusals), never a 500.
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain('The file could not be stored: the storage service did not accept it. Nothing was saved');
    expect(added).toBe(0);
    expect(await bucket.keys()).toEqual(objects);
    const logged = brokenLog.errors().find((l) => l.msg === 'upload refused: the media bucket did not store it');
    expect(JSON.stringify(logged)).toContain('NoSuchBucket (HTTP 404)');
  });

  it('answers 503 for a file it cannot read, and 200 again for one kept in the database', async () => {
    const res = await fetch(`${broken.url}/media/u/${bucketPictureKey}/320.webp`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(brokenLog.errors().some((l) => l.msg === 'the media bucket could not be read')).toBe(true);
    expect((await fetch(`${broken.url}/media/u/${olderUpload.key}/${olderUpload.files[0]!.name}`)).status).toBe(200);
  });

  it('never writes the key id or the secret to the log', async () => {
    const wrongId = await startTestServer({
      pages: 'none',
      sameDatabaseAs: databaseSite,
      env: { ...bucket.env({ secret: SECRET }), MEDIA_S3_ACCESS_KEY_ID: 'AKIDWRONGKEYID123'},
      logger: brokenLog.logger,
    });
    try {
      // s3rver answers InvalidAccessKeyId with the key id in the error, as AWS does.
      expect((await fetch(`${wrongId.url}/media/u/${bucketPictureKey}/320.webp`)).status).toBe(503);
    } finally {
      await wrongId.close();
    }
    const logs = JSON.stringify([...bucketLog.lines, ...brokenLog.lines]);
    expect(logs).toContain('InvalidAccessKeyId');
    for (const secret of [SECRET, 'AKIDWRONGKEYID123', 'S3RVER']) expect(logs).not.toContain(secret);
  });
});
