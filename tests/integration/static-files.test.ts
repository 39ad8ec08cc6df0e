import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHttp } from '../helpers/raw-http';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

/** The page's script files, as the home page lists them for the browser to fetch. */
async function scriptFilesOfHomePage(): Promise<string[]> {
  const html = (await server.client().get('/')).text;
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!).filter((file) => file.startsWith('/assets/'));
}

describe('the browser’s files (ADR 037)', () => {
  it('are sent compressed by the build, brotli first, the same bytes once decompressed', async () => {
    const files = await scriptFilesOfHomePage();
    expect(files.length).toBeGreaterThan(1);
    const biggest = files
      .map((file) => ({ file, bytes: readFileSync(path.join('build/client', file)) }))
      .sort((a, b) => b.bytes.length - a.bytes.length)[0]!;

    const br = await rawHttp(server.url, biggest.file, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(biggest.bytes)).toBe(true);
    // The file made at the highest level by the build, not one squeezed on the fly.
    expect(br.body.equals(readFileSync(path.join('build/client', `${biggest.file}.br`)))).toBe(true);

    const gz = await rawHttp(server.url, biggest.file, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(biggest.bytes)).toBe(true);
    expect(gz.body.equals(readFileSync(path.join('build/client', `${biggest.file}.gz`)))).toBe(true);

    const plain = await rawHttp(server.url, biggest.file, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(biggest.bytes)).toBe(true);
  });

  it('answer a conditional request with 304 and a missing file with 404', async () => {
    const [file] = await scriptFilesOfHomePage();
    const first = await rawHttp(server.url, file!, { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = (await rawHttp(server.url, file!, { 'accept-encoding': 'br', 'if-none-match': etag })).status;
    expect(again).toBe(304);
    expect((await rawHttp(server.url, '/assets/no-such-file-123.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});
