import { existsSync, lstatSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The names of backups (ADR 033): `foundation-2026-11-26T031500Z.sqlite` (a SQLite database) or
 * `.pgdump` (a pg_dump custom-format archive), named by the UTC time it was taken; with `.tar` after
 * it when uploads kept in the media bucket are inside. Retention only ever touches files with such a name.
 */
export type BackupFormat = 'sqlite' | 'pgdump';

const BACKUP_NAME = /^foundation-(\d{4}-\d{2}-\d{2}T\d{6}Z)\.(sqlite|pgdump)(\.tar)?$/;

/** 2026-11-26T031500Z: sorts as time does, and has no colon (which some file systems refuse). */
export function stampOf(date: Date): string {
  return `${date.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

export function backupName(date: Date, format: BackupFormat, withBucket: boolean): string {
  return `foundation-${stampOf(date)}.${format}${withBucket ? '.tar' : ''}`;
}

/** The backups in `dir` (regular files named like one), oldest first. */
export function backupsIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name) && lstatSync(path.join(dir, name)).isFile())
    .sort((a, b) => stampIn(a).localeCompare(stampIn(b)) || a.localeCompare(b));
}

const stampIn = (name: string) => BACKUP_NAME.exec(name)?.[1] ?? '';

/**
 * Moves a finished backup from its temporary name to its final one. Two backups in one second
 * (a cron line and a person, say) do not overwrite each other: the later one takes the next free second.
 */
export function placeBackup(temporary: string, dir: string, takenAt: Date, format: BackupFormat, withBucket: boolean): string {
  const taken = new Set(backupsIn(dir).map(stampIn));
  let at = new Date(Math.floor(takenAt.getTime() / 1000) * 1000);
  while (taken.has(stampOf(at))) at = new Date(at.getTime() + 1000);
  const final = path.join(dir, backupName(at, format, withBucket));
  renameSync(temporary, final);
  return final;
}

/** Deletes the oldest backups beyond the newest `keep` (0 keeps them all); answers the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (keep <= 0) return [];
  const all = backupsIn(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const name of old) rmSync(path.join(dir, name));
  return old;
}

/** A backup in progress writes here first (ADR 033); never mistaken for a backup, whatever happens to it. */
export function partialName(takenAt: Date, format: BackupFormat): string {
  return `.partial-${stampOf(takenAt)}-${process.pid}.${format}`;
}

const PARTIAL_NAME = /^\.partial-\d{4}-\d{2}-\d{2}T\d{6}Z-\d+\.(sqlite|pgdump)(\.tar)?$/;

/**
 * Deletes what backups killed half-way (power cut, kill -9, out of memory) left behind a day or
 * more ago, so a cron job that keeps failing does not fill the disk. A day: no backup runs that long.
 */
export function removeAbandonedPartials(dir: string, now: Date): string[] {
  if (!existsSync(dir)) return [];
  const abandoned = readdirSync(dir).filter((name) => PARTIAL_NAME.test(name) && now.getTime() - statSync(path.join(dir, name)).mtimeMs > 86_400_000);
  for (const name of abandoned) rmSync(path.join(dir, name), { force: true });
  return abandoned;
}

/** 12.3 MB, 845 kB, 512 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
