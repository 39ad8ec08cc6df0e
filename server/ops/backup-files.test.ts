import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupName, backupsIn, formatBytes, partialName, placeBackup, pruneBackups, removeAbandonedPartials, stampOf } from './backup-files';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const fresh = () => (dir = mkdtempSync(path.join(tmpdir(), 'backup-files-')));
const touch = (name: string) => writeFileSync(path.join(dir!, name), name);

describe('backup names', () => {
  it('are the UTC date and time, without colons, and say what is inside', () => {
    const at = new Date('2026-11-26T03:15:00.456Z');
    expect(stampOf(at)).toBe('2026-11-26T031500Z');
    expect(backupName(at, 'sqlite', false)).toBe('foundation-2026-11-26T031500Z.sqlite');
    expect(backupName(at, 'pgdump', true)).toBe('foundation-2026-11-26T031500Z.pgdump.tar');
  });

  it('lists only regular files named like a backup, oldest first', () => {
    fresh();
    for (const name of ['foundation-2026-11-27T000000Z.pgdump', 'foundation-2026-11-25T000000Z.sqlite.tar', 'foundation-2026-11-26T000000Z.sqlite', 'notes.txt', 'foundation-latest.sqlite', 'foundation-2026-11-26T000000Z.sqlite.bak', '.partial-2026-11-26T000000Z-12.sqlite']) touch(name);
    mkdirSync(path.join(dir!, 'foundation-2026-11-20T000000Z.sqlite'));
    expect(backupsIn(dir!)).toEqual(['foundation-2026-11-25T000000Z.sqlite.tar', 'foundation-2026-11-26T000000Z.sqlite', 'foundation-2026-11-27T000000Z.pgdump']);
  });
});

describe('retention', () => {
  it('deletes the oldest beyond the number to keep, and nothing else', () => {
    fresh();
    const backups = [1, 2, 3, 4, 5].map((day) => `foundation-2026-11-0${day}T000000Z.sqlite`);
    for (const name of [...backups, 'notes.txt', 'foundation-2026-10-01T000000Z.sqlite.bak']) touch(name);
    expect(pruneBackups(dir!, 2)).toEqual(backups.slice(0, 3));
    expect(readdirSync(dir!).sort()).toEqual([...backups.slice(3), 'foundation-2026-10-01T000000Z.sqlite.bak', 'notes.txt'].sort());
    expect(pruneBackups(dir!, 2)).toEqual([]);
  });

  it('keeps every backup when told to keep 0', () => {
    fresh();
    for (const day of [1, 2, 3]) touch(`foundation-2026-11-0${day}T000000Z.pgdump`);
    expect(pruneBackups(dir!, 0)).toEqual([]);
    expect(backupsIn(dir!)).toHaveLength(3);
  });
});

describe('placing a finished backup', () => {
  it('renames it to its final name, taking the next free second when one is taken', () => {
    fresh();
    const at = new Date('2026-11-26T03:15:00.900Z');
    touch('a.partial');
    expect(path.basename(placeBackup(path.join(dir!, 'a.partial'), dir!, at, 'sqlite', false))).toBe('foundation-2026-11-26T031500Z.sqlite');
    touch('b.partial');
    expect(path.basename(placeBackup(path.join(dir!, 'b.partial'), dir!, at, 'sqlite', true))).toBe('foundation-2026-11-26T031501Z.sqlite.tar');
    expect(readdirSync(dir!).sort()).toEqual(['foundation-2026-11-26T031500Z.sqlite', 'foundation-2026-11-26T031501Z.sqlite.tar']);
  });
});

describe('what an interrupted backup leaves', () => {
  it('is deleted by a later backup once a day old, and nothing else is', () => {
    fresh();
    const now = new Date('2026-11-26T03:15:00Z');
    const old = '.partial-2026-11-24T031500Z-4242.pgdump.tar';
    const recent = partialName(now, 'sqlite');
    for (const name of [old, recent, '.partial-notes.txt', 'foundation-2020-01-01T000000Z.sqlite']) touch(name);
    const dayAndAMinuteAgo = (now.getTime() - 86_460_000) / 1000;
    for (const name of [old, '.partial-notes.txt', 'foundation-2020-01-01T000000Z.sqlite']) utimesSync(path.join(dir!, name), dayAndAMinuteAgo, dayAndAMinuteAgo);
    expect(recent).toMatch(/^\.partial-2026-11-26T031500Z-\d+\.sqlite$/);
    expect(removeAbandonedPartials(dir!, now)).toEqual([old]);
    expect(readdirSync(dir!).sort()).toEqual([recent, '.partial-notes.txt', 'foundation-2020-01-01T000000Z.sqlite'].sort());
  });
});

it('formats sizes for people', () => {
  expect(formatBytes(512)).toBe('512 bytes');
  expect(formatBytes(471_040)).toBe('471 kB');
  expect(formatBytes(12_345_678)).toBe('12.3 MB');
  expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
});
