import { execFileSync, spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port';

/**
 * A throwaway PostgreSQL cluster for the test run: initdb in a temp folder, a free loopback
 * port, durability off for speed; installs Debian's postgresql first if its binaries are missing.
 */

const isRoot = process.getuid?.() === 0;

function findBinDir(): string | null {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => existsSync(path.join(debianRoot, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debianRoot, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? path.dirname(which.stdout.trim()) : null;
}

function installPostgres(): void {
  const run = (args: string[]) => {
    const [cmd, argv] = isRoot ? [args[0]!, args.slice(1)] : ['sudo', ['-n', ...args]];
    execFileSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log('[postgres] binaries missing: installing Debian package postgresql');
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'postgresql']);
}

export interface PostgresCluster {
  /** Connection URL of the cluster's `postgres` database, user `postgres`, no password. */
  adminUrl: string;
  stop(): void;
  /**
   * Stops the cluster and removes its folder once process `pid` is gone, even if it is killed
   * outright (SIGKILL leaves no chance to call stop()): a detached shell that polls for it.
   */
  stopWhenGone(pid: number): void;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  let bin = findBinDir();
  if (!bin) {
    installPostgres();
    bin = findBinDir();
    if (!bin) throw new Error('PostgreSQL was installed but initdb is still not found (set PG_BIN to its folder).');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'foundation-pg-'));
  chmodSync(dir, 0o777); // the postgres user (when we are root) must be able to write here
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root; as root we run its tools as the package's postgres user.
  const asPgUser = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${cmd} failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`);
    }
  };
  asPgUser('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  asPgUser('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', 'start']);

  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopWhenGone(pid) {
      const pgCtl = [path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop'];
      const stopCommand = (isRoot ? ['runuser', '-u', 'postgres', '--', ...pgCtl] : pgCtl).map((a) => `'${a}'`).join(' ');
      const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; ${stopCommand} >/dev/null 2>&1; rm -rf '${dir}'`;
      spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPgUser('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database in the cluster behind `adminUrl`, and how to drop it again. */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
