import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgresTool, libpqEnvironment, withoutPassword } from './postgres-tools';

describe('the PostgreSQL client programs', () => {
  it('connect where DATABASE_URL points, the password in the environment only', () => {
    const env = libpqEnvironment('postgres://site%40foundation:p%40ss%20word@db.internal:6543/foundation?sslmode=verify-full&application_name=backup', { PATH: '/bin' });
    expect(env).toEqual({
      PATH: '/bin',
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGDATABASE: 'foundation',
      PGUSER: 'site@foundation',
      PGPASSWORD: 'p@ss word',
      PGSSLMODE: 'verify-full',
      PGAPPNAME: 'backup',
    });
  });

  it('read node-pg’s ssl=true as sslmode=require, a socket folder, and keep variables the URL leaves out', () => {
    expect(libpqEnvironment('postgresql://u@h/db?ssl=true', { PGPASSWORD: 'from-env' })).toMatchObject({ PGSSLMODE: 'require', PGPASSWORD: 'from-env', PGHOST: 'h' });
    expect(libpqEnvironment('postgres://u@[::1]:5432/db', {})).toMatchObject({ PGHOST: '::1', PGPORT: '5432' });
    expect(libpqEnvironment('postgres:///db?host=/var/run/postgresql', {})).toMatchObject({ PGHOST: '/var/run/postgresql', PGDATABASE: 'db' });
  });

  it('print a URL without its password', () => {
    expect(withoutPassword('postgres://site:s3cret@db.internal:5432/foundation')).toBe('postgres://site@db.internal:5432/foundation');
  });

  it('come from PG_BIN, or the PATH, or say how to get them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pg-bin-'));
    try {
      mkdirSync(path.join(dir, 'bin'));
      writeFileSync(path.join(dir, 'bin', 'pg_dump'), '#!/bin/sh\n');
      chmodSync(path.join(dir, 'bin', 'pg_dump'), 0o755);
      expect(findPostgresTool('pg_dump', path.join(dir, 'bin'))).toBe(path.join(dir, 'bin', 'pg_dump'));
      expect(() => findPostgresTool('psql', path.join(dir, 'bin'))).toThrow(/PG_BIN is .*, but there is no psql in it/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
