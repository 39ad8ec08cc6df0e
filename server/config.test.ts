import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'config-test-'));

describe('loadConfig', () => {
  it('runs on embedded defaults: SQLite under data/, port 3000, a generated secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.isProduction).toBe(false);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'foundation.sqlite') });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The secret is stored so the next start signs tokens with the same key.
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('chooses PostgreSQL for a postgres:// URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/db' });
  });

  it('names the variable and the bad value in one readable message', () => {
    let caught: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT .*got "eighty"/);
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect((caught as ConfigError).problems).toHaveLength(2);
  });

  it('requires JWT_SECRET in production and accepts a long one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', DATA_DIR: tempDir(), ALLOW_SIMULATED_PAYMENTS: 'true' })).toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: tempDir(), ALLOW_SIMULATED_PAYMENTS: 'true' }).jwtSecret).toBe(secret);
  });

  it('treats an empty variable as unset and parses booleans', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', SEED_ON_EMPTY: 'false', TRUST_PROXY: '1' });
    expect(config.port).toBe(3000);
    expect(config.seedOnEmpty).toBe(false);
    expect(config.trustProxy).toBe(1);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SEED_ON_EMPTY: 'maybe' })).toThrow(/SEED_ON_EMPTY must be true or false/);
  });
});
