import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-error';

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql';

const DEBIAN_VERSIONS = '/usr/lib/postgresql';

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin (pg_dump must be at least as new as the server), else PATH. */
export function findPostgresTool(tool: PostgresTool, pgBin: string | undefined, searchPath = process.env.PATH ?? ''): string {
  if (pgBin) {
    const file = path.join(pgBin, tool);
    if (existsSync(file)) return file;
    throw new BackupError(`PG_BIN is ${pgBin}, but there is no ${tool} in it. Point PG_BIN at the folder that holds pg_dump, pg_restore and psql (e.g. /usr/lib/postgresql/17/bin).`);
  }
  if (existsSync(DEBIAN_VERSIONS)) {
    const newest = readdirSync(DEBIAN_VERSIONS)
      .filter((version) => existsSync(path.join(DEBIAN_VERSIONS, version, 'bin', tool)))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return path.join(DEBIAN_VERSIONS, newest, 'bin', tool);
  }
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, tool);
    if (existsSync(file)) return file;
  }
  throw new BackupError(
    `${tool} was not found. Install the PostgreSQL client programs of the server's version or newer ` +
      `(Debian and Ubuntu: apt install postgresql-client), or set PG_BIN to the folder that holds ${tool}.`,
  );
}

/** node-pg's `ssl=true` too. */
const QUERY_SETTINGS: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  application_name: 'PGAPPNAME',
  options: 'PGOPTIONS',
  connect_timeout: 'PGCONNECT_TIMEOUT',
};

/** The password travels in PGPASSWORD, never on a command line (which `ps` shows to every user). */
export function libpqEnvironment(databaseUrl: string, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...base };
  const set = (name: string, value: string) => {
    if (value !== '') env[name] = value;
  };
  set('PGHOST', decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', url.port);
  set('PGDATABASE', decodeURIComponent(url.pathname.replace(/^\//, '')));
  set('PGUSER', decodeURIComponent(url.username));
  set('PGPASSWORD', decodeURIComponent(url.password));
  for (const [name, value] of url.searchParams) {
    const variable = QUERY_SETTINGS[name];
    if (variable) set(variable, value);
    else if (name === 'ssl' && /^(true|1)$/i.test(value) && !url.searchParams.has('sslmode')) set('PGSSLMODE', 'require');
  }
  return env;
}

export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '';
  return url.toString();
}
