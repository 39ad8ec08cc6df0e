import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractTarEntry, listTar, looksLikeTar, readTarEntry, TarError, TarWriter } from './tar';

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'tar-test-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sampleArchive(): { archive: string; big: Buffer } {
  const big = Buffer.alloc(1024 * 1024 * 2 + 77, 7);
  big.write('start', 0);
  writeFileSync(path.join(dir, 'big.bin'), big);
  const archive = path.join(dir, 'backup.tar');
  const tar = new TarWriter(archive);
  tar.addFile('database.sqlite', path.join(dir, 'big.bin'));
  tar.addBytes('bucket/3f2a0c/640.webp', Buffer.from('webp bytes'));
  tar.addBytes('bucket.json', Buffer.from('{"files":[]}\n'));
  tar.finish();
  return { archive, big };
}

describe('the backup archive', () => {
  it('reads back what it wrote, member by member', () => {
    const { archive, big } = sampleArchive();
    expect(looksLikeTar(readFileSync(archive).subarray(0, 512))).toBe(true);
    const entries = listTar(archive);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['database.sqlite', big.length],
      ['bucket/3f2a0c/640.webp', 10],
      ['bucket.json', 13],
    ]);
    expect(readTarEntry(archive, entries[1]!).toString()).toBe('webp bytes');
    extractTarEntry(archive, entries[0]!, path.join(dir, 'out.bin'));
    expect(readFileSync(path.join(dir, 'out.bin')).equals(big)).toBe(true);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  });

  it('is a tar archive that GNU tar lists and unpacks', () => {
    const { archive, big } = sampleArchive();
    expect(execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).trim().split('\n')).toEqual(['database.sqlite', 'bucket/3f2a0c/640.webp', 'bucket.json']);
    execFileSync('tar', ['-xf', archive, '-C', dir, 'database.sqlite', 'bucket/3f2a0c/640.webp']);
    expect(readFileSync(path.join(dir, 'database.sqlite')).equals(big)).toBe(true);
    expect(readFileSync(path.join(dir, 'bucket/3f2a0c/640.webp'), 'utf8')).toBe('webp bytes');
  });

  it('refuses an archive cut short or with a damaged header', () => {
    const { archive } = sampleArchive();
    const cut = path.join(dir, 'cut.tar');
    writeFileSync(cut, readFileSync(archive));
    truncateSync(cut, 1024 * 1024);
    expect(() => listTar(cut)).toThrow(TarError);
    expect(() => listTar(cut)).toThrow(/cut short \(database\.sqlite is incomplete\)/);

    const damaged = path.join(dir, 'damaged.tar');
    const bytes = readFileSync(archive);
    bytes[3] = bytes[3]! ^ 0xff; // a letter of the first name
    writeFileSync(damaged, bytes);
    expect(() => listTar(damaged)).toThrow(/damaged \(a bad header at byte 0\)/);
  });

  it('refuses names longer than a ustar header holds', () => {
    const tar = new TarWriter(path.join(dir, 'long.tar'));
    expect(() => tar.addBytes(`bucket/${'k'.repeat(100)}/a.webp`, Buffer.from('x'))).toThrow(/too long/);
    tar.abandon();
  });
});
