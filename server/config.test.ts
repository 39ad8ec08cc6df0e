import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, settingsFromEnvironment } from './config';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
  tempDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(source: Record<string, string>): string {
  try {
    loadConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the settings');
}

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

  it('creates DATA_DIR for its owner only (0700); the secret in it is 0600', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
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

  it('never prints the value of a secret setting, only its length', () => {
    const secrets = {
      JWT_SECRET: 'hunter2-my-real-prod-secret',
      STRIPE_SECRET_KEY: 'sk_live_51Habcdefghijklmnop-qrs',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_S3cret-with-a-dash',
      SMTP_URL: 'smtp.example.org://mailer:S3cretPassw0rd@mail.example.org',
    };
    const message = problemsOf({ DATA_DIR: tempDir(), ...secrets });
    expect(message).toMatch(/JWT_SECRET must be at least 32 characters .*\(hidden, 27 characters\)$/m);
    expect(message).toMatch(/STRIPE_SECRET_KEY must be a Stripe secret key .*\(hidden, 31 characters\)$/m);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret .*\(hidden, 24 characters\)$/m);
    expect(message).toMatch(/SMTP_URL must be an smtp:\/\/ .*\(hidden, 57 characters\)$/m);
    for (const secret of [secrets.JWT_SECRET, secrets.STRIPE_SECRET_KEY, secrets.STRIPE_WEBHOOK_SECRET, 'S3cretPassw0rd', 'hunter2', 'sk_live_51H', 'whsec_S3']) {
      expect(message).not.toContain(secret);
    }
    const bucketKeys = {
      MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID0001',
      MEDIA_S3_SECRET_ACCESS_KEY: `wJalrXUtnFEMI/K7MDENG/${'x'.repeat(240)}`,
      MEDIA_S3_ENDPOINT: 'https://minio:M1nioPassw0rd@minio.internal:9000',
    };
    const media = problemsOf({ DATA_DIR: tempDir(), MEDIA_S3_BUCKET: 'site-media', ...bucketKeys });
    expect(media).toMatch(/MEDIA_S3_SECRET_ACCESS_KEY must be at most 256 characters \(hidden, 262 characters\)$/m);
    expect(media).toMatch(/MEDIA_S3_ENDPOINT must not carry a user name or password .*\(hidden, 47 characters\)$/m);
    // Half the settings: the message names what is missing, never the values that were given.
    const withoutBucket = problemsOf({ DATA_DIR: tempDir(), MEDIA_S3_ACCESS_KEY_ID: bucketKeys.MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG' });
    expect(withoutBucket).toContain('MEDIA_S3_BUCKET is required');
    for (const message of [media, withoutBucket]) {
      for (const secret of ['AKIAEXAMPLEKEYID0001', 'wJalrXUtnFEMI', 'M1nioPassw0rd']) expect(message).not.toContain(secret);
    }
    const database = problemsOf({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://site:Pa55word@db.internal/site' });
    expect(database).toContain('(hidden, 38 characters)');
    expect(database).not.toContain('Pa55word');
    // Settings that are not secret still show what was given, which helps the most.
    expect(problemsOf({ DATA_DIR: tempDir(), PORT: 'eighty' })).toContain('(got "eighty")');
  });

  it('requires JWT_SECRET in production and accepts a long one', () => {
    const rest = { ALLOW_SIMULATED_PAYMENTS: 'true', PUBLIC_URL: 'https://www.example.org', SMTP_URL: 'smtps://u:p@mail.example.org:465' };
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', DATA_DIR: tempDir(), ...rest })).toThrow(/JWT_SECRET must be at least 32 characters/);
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: tempDir(), ...rest }).jwtSecret).toBe(secret);
  });

  it('production refuses to write mail to the outbox folder unless MAIL_OUTBOX_IN_PRODUCTION=true', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tempDir(), PUBLIC_URL: 'https://www.example.org', ALLOW_SIMULATED_PAYMENTS: 'true' };
    expect(() => loadConfig(base)).toThrow(/SMTP_URL is required when NODE_ENV=production.*MAIL_OUTBOX_IN_PRODUCTION=true/);
    expect(() => loadConfig({ ...base, MAIL_OUTBOX_IN_PRODUCTION: 'false' })).toThrow(/SMTP_URL is required/);
    expect(() => loadConfig({ ...base, MAIL_OUTBOX_IN_PRODUCTION: 'perhaps' })).toThrow(/MAIL_OUTBOX_IN_PRODUCTION must be true or false/);
    expect(loadConfig({ ...base, MAIL_OUTBOX_IN_PRODUCTION: 'true' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.org:465' }).mail.smtpUrl).toBe('smtps://u:p@mail.example.org:465');
    // Outside production the outbox stays the default.
    expect(loadConfig({ DATA_DIR: tempDir() }).mail.smtpUrl).toBeUndefined();
  });

  it('treats an empty variable as unset and parses booleans', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', SEED_ON_EMPTY: 'false', TRUST_PROXY: '1' });
    expect(config.port).toBe(3000);
    expect(config.seedOnEmpty).toBe(false);
    expect(config.trustProxy).toBe(1);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SEED_ON_EMPTY: 'maybe' })).toThrow(/SEED_ON_EMPTY must be true or false/);
  });

  it('production needs PUBLIC_URL and real payment keys unless simulated payments are allowed', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() };
    expect(() => loadConfig({ ...base, ALLOW_SIMULATED_PAYMENTS: 'true' })).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://www.example.org' })).toThrow(/ALLOW_SIMULATED_PAYMENTS=true/);
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://www.example.org', SMTP_URL: 'smtps://u:p@mail.example.org:465', ...stripe });
    expect(config.payments).toMatchObject({ kind: 'stripe', publishableKey: 'pk_test_abc123' });
  });

  it('wants all three Stripe keys or none, each well-formed', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required when any STRIPE_\* key is set/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(loadConfig({ DATA_DIR: tempDir() }).payments).toEqual({ kind: 'simulated' });
  });

  it('turns metrics on only with a long enough bearer token, never echoing it', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).metricsToken).toBeUndefined();
    const token = 'a1b2c3d4e5f6a7b8c9d0';
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    const short = problemsOf({ DATA_DIR: tempDir(), METRICS_TOKEN: 'sh0rt-s3cret' });
    expect(short).toMatch(/METRICS_TOKEN must be at least 16 characters .*\(hidden, 12 characters\)$/m);
    expect(short).not.toContain('sh0rt-s3cret');
    expect(problemsOf({ DATA_DIR: tempDir(), METRICS_TOKEN: 'has spaces in the middle' })).toMatch(/METRICS_TOKEN must be a bearer token/);
  });

  it('keeps backups under DATA_DIR/backups, the newest 14 by default', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).backup).toEqual({ dir: path.join(dataDir, 'backups'), keep: 14, pgBin: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: '/var/backups/foundation', BACKUP_KEEP: '0', PG_BIN: '/usr/lib/postgresql/17/bin' }).backup).toEqual({
      dir: '/var/backups/foundation',
      keep: 0,
      pgBin: '/usr/lib/postgresql/17/bin',
    });
    expect(problemsOf({ DATA_DIR: dataDir, BACKUP_KEEP: 'a week' })).toMatch(/BACKUP_KEEP must be a whole number of backups \(got "a week"\)/);
    expect(problemsOf({ DATA_DIR: dataDir, BACKUP_KEEP: '-1' })).toMatch(/BACKUP_KEEP/);
  });

  it('reads mail settings: SMTP URL or the outbox folder under DATA_DIR', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).mail).toMatchObject({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox') });
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtps://u:p@mail.example.org:465' }).mail.smtpUrl).toBe('smtps://u:p@mail.example.org:465');
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp/);
  });

  describe('uploads: the database, or an S3-compatible bucket', () => {
    const keys = { MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', MEDIA_S3_SECRET_ACCESS_KEY: 'example-secret-key' };

    it('keeps uploads in the database when no bucket is set', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).media).toEqual({ kind: 'database' });
      // Empty variables are unset, as everywhere.
      expect(loadConfig({ DATA_DIR: tempDir(), MEDIA_S3_BUCKET: '', MEDIA_S3_ACCESS_KEY_ID: '' }).media).toEqual({ kind: 'database' });
    });

    it('uses the bucket with its keys; AWS region us-east-1, objects under media/ by default', () => {
      expect(loadConfig({ DATA_DIR: tempDir(), MEDIA_S3_BUCKET: 'site-media', ...keys }).media).toEqual({
        kind: 's3',
        bucket: 'site-media',
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'example-secret-key',
        forcePathStyle: false,
        prefix: 'media/',
      });
    });

    it('takes an S3-compatible endpoint, path-style addressing, a region and a prefix', () => {
      const media = loadConfig({
        DATA_DIR: tempDir(),
        MEDIA_S3_BUCKET: 'site-media',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        MEDIA_S3_REGION: 'auto',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_PREFIX: '/foundation/uploads',
        ...keys,
      }).media;
      expect(media).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true, prefix: 'foundation/uploads/' });
      // An empty folder name puts objects at the top of the bucket.
      expect(loadConfig({ DATA_DIR: tempDir(), MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_PREFIX: '/', ...keys }).media).toMatchObject({ prefix: '' });
    });

    it('refuses a bucket without both keys, naming each missing one', () => {
      const none = problemsOf({ DATA_DIR: tempDir(), MEDIA_S3_BUCKET: 'site-media' });
      expect(none).toContain('MEDIA_S3_ACCESS_KEY_ID is required when MEDIA_S3_BUCKET is set (it is not set)');
      expect(none).toContain('MEDIA_S3_SECRET_ACCESS_KEY is required when MEDIA_S3_BUCKET is set (it is not set)');
      const half = problemsOf({ DATA_DIR: tempDir(), MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' });
      expect(half).toContain('MEDIA_S3_SECRET_ACCESS_KEY is required');
      expect(half).not.toContain('MEDIA_S3_ACCESS_KEY_ID is required');
    });

    it('refuses bucket settings without a bucket instead of quietly keeping uploads in the database', () => {
      expect(problemsOf({ DATA_DIR: tempDir(), ...keys })).toMatch(
        /MEDIA_S3_BUCKET is required when MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY are set \(it is not set\); unset every MEDIA_S3_\* setting/,
      );
      expect(problemsOf({ DATA_DIR: tempDir(), MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain('MEDIA_S3_BUCKET is required when MEDIA_S3_ENDPOINT is set');
      expect(problemsOf({ DATA_DIR: tempDir(), MEDIA_S3_FORCE_PATH_STYLE: 'false' })).toContain('MEDIA_S3_BUCKET is required when MEDIA_S3_FORCE_PATH_STYLE is set');
    });

    it('names a malformed setting and what was given', () => {
      const base = { DATA_DIR: tempDir(), ...keys };
      expect(problemsOf({ ...base, MEDIA_S3_BUCKET: 's3://site-media' })).toMatch(/MEDIA_S3_BUCKET must be a bucket name.*\(got "s3:\/\/site-media"\)/);
      expect(problemsOf({ ...base, MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_REGION: 'US East' })).toMatch(/MEDIA_S3_REGION must be a region name/);
      expect(problemsOf({ ...base, MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_ENDPOINT: 'minio:9000' })).toMatch(/MEDIA_S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/);
      expect(problemsOf({ ...base, MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_FORCE_PATH_STYLE: 'sometimes' })).toMatch(/MEDIA_S3_FORCE_PATH_STYLE must be true or false/);
      for (const prefix of ['media/../secrets', './media', 'media//x', 'media?x']) {
        expect(problemsOf({ ...base, MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_PREFIX: prefix }), prefix).toMatch(/MEDIA_S3_PREFIX must/);
      }
      expect(problemsOf({ ...base, MEDIA_S3_BUCKET: 'site-media', MEDIA_S3_SECRET_ACCESS_KEY: '   ' })).toMatch(/MEDIA_S3_SECRET_ACCESS_KEY must not be blank \(hidden, 3 characters\)/);
    });
  });
});

describe('settingsFromEnvironment', () => {
  it('fills what the environment leaves unset from the settings file, and refuses a file that is not there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'settings-'));
    try {
      const file = path.join(dir, 'site.env');
      writeFileSync(file, 'PUBLIC_URL=https://give.example.org\nPORT=4000\n# a comment\n');
      expect(settingsFromEnvironment({ ENV_FILE: file, PORT: '5000' })).toMatchObject({ PUBLIC_URL: 'https://give.example.org', PORT: '5000' });
      expect(() => settingsFromEnvironment({ ENV_FILE: path.join(dir, 'missing.env') })).toThrow(ConfigError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
