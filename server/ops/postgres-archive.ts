import { spawn } from 'node:child_process';
import { DROP_PUBLIC_SCHEMA_OBJECTS } from '../db/database-tables';
import { BackupError } from './backup-error';
import { findPostgresTool, libpqEnvironment } from './postgres-tools';

/** ADR 033. Connections go through the environment, so no password is ever on a command line. */

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Keeps the last 64 kB of each stream. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-65_536)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-65_536)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lastLines = (text: string, count = 4) => text.trim().split('\n').slice(-count).join(' ').trim() || 'no message';

/** pg_dump reads in one repeatable-read transaction: a consistent snapshot however busy the site is. */
export async function dumpPostgres(databaseUrl: string, file: string, pgBin: string | undefined): Promise<void> {
  const pgDump = findPostgresTool('pg_dump', pgBin);
  // A migration holding a table's lock would otherwise keep the backup waiting for ever.
  const result = await run(pgDump, ['--format=custom', '--lock-wait-timeout=60s', `--file=${file}`], libpqEnvironment(databaseUrl));
  if (result.code !== 0) throw new BackupError(`pg_dump could not make the backup: ${lastLines(result.stderr)}`);
}

/** Refuses what pg_restore cannot read, and archives not of this site's database. */
export async function checkPostgresArchive(file: string, shownAs: string, pgBin: string | undefined): Promise<void> {
  findPostgresTool('psql', pgBin); // the restore needs it too: say so before anything changes
  const result = await run(findPostgresTool('pg_restore', pgBin), ['--list', file], process.env);
  if (result.code !== 0) throw new BackupError(`${shownAs} is damaged or is not a pg_dump archive (${lastLines(result.stderr)}). Restore another backup.`);
  if (!/\bTABLE public kysely_migration\b/.test(result.stdout)) {
    throw new BackupError(`${shownAs} is a pg_dump archive, but not a backup of this site (it has no migration history).`);
  }
}

/**
 * In one transaction: psql gets COMMIT only once pg_restore finished cleanly, so any failure rolls
 * back. Ownership and grants are not restored, so it works into a database owned by someone else.
 */
export async function restorePostgres(file: string, databaseUrl: string, options: { replace: boolean; pgBin: string | undefined }): Promise<void> {
  const env = libpqEnvironment(databaseUrl);
  const [pgRestoreFile, psqlFile] = [findPostgresTool('pg_restore', options.pgBin), findPostgresTool('psql', options.pgBin)];
  const pgRestore = spawn(pgRestoreFile, ['--no-owner', '--no-privileges', '--file=-', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn(psqlFile, ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-'], { env, stdio: ['pipe', 'ignore', 'pipe'] });
  let restoreErrors = '';
  let psqlErrors = '';
  pgRestore.stderr.on('data', (chunk: Buffer) => (restoreErrors = (restoreErrors + chunk.toString()).slice(-65_536)));
  psql.stderr.on('data', (chunk: Buffer) => (psqlErrors = (psqlErrors + chunk.toString()).slice(-65_536)));
  // psql stops at the first error; what pg_restore still sends has nowhere to go.
  psql.stdin.on('error', () => undefined);
  const closed = (child: typeof pgRestore | typeof psql) =>
    new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
  const restoreDone = closed(pgRestore);
  const psqlDone = closed(psql);
  psqlDone.then(() => pgRestore.kill(), () => pgRestore.kill());

  psql.stdin.write(`BEGIN;\nSET client_min_messages = warning;\n${options.replace ? DROP_PUBLIC_SCHEMA_OBJECTS : ''}\n`);
  pgRestore.stdout.pipe(psql.stdin, { end: false });
  const restoreCode = await restoreDone;
  if (restoreCode === 0) psql.stdin.end('COMMIT;\n');
  else psql.kill('SIGKILL'); // never COMMIT what may be half an archive
  const psqlCode = await psqlDone;
  if (restoreCode !== 0 && !/ERROR/.test(psqlErrors)) {
    throw new BackupError(`The backup could not be read (pg_restore: ${lastLines(restoreErrors)}). Nothing was changed.`);
  }
  if (psqlCode !== 0) throw new BackupError(`The backup could not be restored (${lastLines(psqlErrors)}). Nothing was changed.`);
}
