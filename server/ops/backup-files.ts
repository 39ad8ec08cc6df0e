import { existsSync, lstatSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** ADR 033: `foundation-<UTC stamp>.sqlite|.pgdump`, `.tar` after it with bucket uploads; retention only touches such names. */
export type BackupFormat = 'sqlite' | 'pgdump';

const BACKUP_NAME = /^foundation-(\d{4}-\d{2}-\d{2}T\d{6}Z)\.(sqlite|pgdump)(\.tar)?$/;

/** Sorts as time does, and has no colon (which some file systems refuse). */
export function stampOf(date: Date): string {
  return `${date.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

export function backupName(date: Date, format: BackupFormat, withBucket: boolean): string {
  return `foundation-${stampOf(date)}.${format}${withBucket ? '.tar' : ''}`;
}

/** Oldest first. */
export function backupsIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name) && lstatSync(path.join(dir, name)).isFile())
    .sort((a, b) => stampIn(a).localeCompare(stampIn(b)) || a.localeCompare(b));
}

const stampIn = (name: string) => BACKUP_NAME.exec(name)?.[1] ?? '';

/** Two backups in one second do not overwrite each other: the later takes the next free second. */
export function placeBackup(temporary: string, dir: string, takenAt: Date, format: BackupFormat, withBucket: boolean): string {
  const taken = new Set(backupsIn(dir).map(stampIn));
  let at = new Date(Math.floor(takenAt.getTime() / 1000) * 1000);
  while (taken.has(stampOf(at))) at = new Date(at.getTime() + 1000);
  const final = path.join(dir, backupName(at, format, withBucket));
  renameSync(temporary, final);
  return final;
}

/** 0 keeps them all. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (keep <= 0) return [];
  const all = backupsIn(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const name of old) rmSync(path.join(dir, name));
  return old;
}

/** Never mistaken for a backup, whatever happens to it (ADR 033). */
export function partialName(takenAt: Date, format: BackupFormat): string {
  return `.partial-${stampOf(takenAt)}-${process.pid}.${format}`;
}

const PARTIAL_NAME = /^\.partial-\d{4}-\d{2}-\d{2}T\d{6}Z-\d+\.(sqlite|pgdump)(\.tar)?$/;

/** Leftovers of killed backups a day or more old, so a failing cron job does not fill the disk. */
export function removeAbandonedPartials(dir: string, now: Date): string[] {
  if (!existsSync(dir)) return [];
  const abandoned = readdirSync(dir).filter((name) => PARTIAL_NAME.test(name) && now.getTime() - statSync(path.join(dir, name)).mtimeMs > 86_400_000);
  for (const name of abandoned) rmSync(path.join(dir, name), { force: true });
  return abandoned;
}

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
