import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import type { S3MediaSettings } from './domain/media/s3-media-store';
import { findProjectRoot } from './project-root';

/** Every setting comes from the environment (.env.example); a bad value stops start-up naming the variable. */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const databaseUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine(
    (v) => /^postgres(ql)?:\/\/.+/.test(v) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v),
    'must be a postgres:// URL or a path to a SQLite file (e.g. data/foundation.sqlite)',
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://example.org' }).optional(),
  DATA_DIR: z.string().trim().min(1).default('data'),
  DATABASE_URL: databaseUrl.optional(),
  CONTENT_DIR: z.string().trim().min(1).default('content'),
  SEED_ON_EMPTY: booleanFromEnv.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+|[\w.:/, -]+)$/, 'must be true, false, a hop count or a list of proxy addresses')
    .default('false'),
  JSON_BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'must look like 100kb or 1mb').default('100kb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(120_000).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(120_000).default(2_000),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 32`)')
    .max(256, 'must be at most 256 characters')
    .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'must be a bearer token: letters, digits and . _ ~ + / - (e.g. `openssl rand -hex 32`)')
    .optional(),
  PAGE_CACHE: booleanFromEnv.default(true),
  PAGE_CACHE_CHECK_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(1_000),
  PAGE_CACHE_TTL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(3_600_000).default(30_000),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.org:465' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Foundation website <no-reply@localhost>'),
  OUTBOX_DIR: z.string().trim().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: z.url({ error: 'must be an absolute URL such as http://127.0.0.1:12111' }).optional(),
  ALLOW_SIMULATED_PAYMENTS: booleanFromEnv.default(false),
  MAIL_OUTBOX_IN_PRODUCTION: booleanFromEnv.default(false),
  MEDIA_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/, 'must be a bucket name: 3 to 63 letters, digits, dots or hyphens')
    .optional(),
  MEDIA_S3_REGION: z.string().trim().regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1 (auto for Cloudflare R2)').default('us-east-1'),
  MEDIA_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://s3.us-west-004.backblazeb2.com' })
    .refine((v) => !/^[a-z]+:\/\/[^/]*@/i.test(v), 'must not carry a user name or password (use MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY)')
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().trim().min(1, 'must not be blank').max(256, 'must be at most 256 characters').optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().trim().min(1, 'must not be blank').max(256, 'must be at most 256 characters').optional(),
  MEDIA_S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a whole number of backups' }).int('must be a whole number of backups').min(0).max(100_000).default(14),
  PG_BIN: z.string().trim().min(1).optional(),
  MEDIA_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.\-/]{0,200}$/, 'must be a folder of letters, digits, dots, hyphens, underscores and slashes such as media/')
    .refine((v) => !/(^|\/)\.\.?(\/|$)/.test(v) && !/.\/\/./.test(v), 'must not contain ., .. or an empty folder (//)')
    .default('media/'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string | undefined;
  publicUrl: string | undefined;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  contentDir: string;
  seedOnEmpty: boolean;
  jwtSecret: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string;
  jsonBodyLimit: string;
  shutdownTimeoutMs: number;
  /** After SIGTERM, /healthz says 503 this long while requests are still answered. */
  shutdownDrainMs: number;
  /** ADR 029. */
  pageCache: { enabled: boolean; checkEveryMs: number; ttlMs: number };
  /** Without it /metrics is a 404 and nothing is collected. */
  metricsToken: string | undefined;
  mail: MailConfig;
  payments: PaymentsConfig;
  media: MediaConfig;
  backup: BackupConfig;
}

export interface BackupConfig {
  /** Default DATA_DIR/backups. */
  dir: string;
  /** 0 keeps every one. */
  keep: number;
  /** PG_BIN; see findPostgresTool. */
  pgBin: string | undefined;
}

export interface MailConfig {
  /** When absent, messages go to `outboxDir` as .eml files. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

export type PaymentsConfig =
  | {
      kind: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Tests and stripe-mock only. */
      apiUrl: URL | undefined;
    }
  | { kind: 'simulated' };

/** ADR 023. */
export type MediaConfig = { kind: 'database' } | ({ kind: 's3' } & S3MediaSettings);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every setting.`);
    this.name = 'ConfigError';
  }
}

/** Never echoed: the message goes to stderr and the log collector, and URLs may carry a password. */
const SECRET_SETTINGS = new Set([
  'JWT_SECRET',
  'METRICS_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  // Not a password, but it tells whose bucket this is.
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'MEDIA_S3_ENDPOINT',
]);

function describeIssues(error: z.ZodError, source: Record<string, string | undefined>): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const raw = source[name];
    const shown =
      raw === undefined
        ? 'it is not set'
        : SECRET_SETTINGS.has(name)
          ? `hidden, ${raw.length} characters`
          : `got "${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}"`;
    return `${name} ${issue.message} (${shown})`;
  });
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Kept under DATA_DIR so logins survive restarts. */
function developmentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  // DATA_DIR holds the database, this secret and the mail outbox: owner only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Production must opt into the simulated gateway. */
function paymentsConfig(env: Env, isProduction: boolean): PaymentsConfig {
  const missing = STRIPE_KEYS.filter((name) => !env[name]);
  if (missing.length === 0) {
    return {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiUrl: env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined,
    };
  }
  if (missing.length < STRIPE_KEYS.length) {
    throw new ConfigError(missing.map((name) => `${name} is required when any STRIPE_* key is set (it is not set)`));
  }
  if (isProduction && !env.ALLOW_SIMULATED_PAYMENTS) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production; ' +
        'set ALLOW_SIMULATED_PAYMENTS=true only for a demo where no real money is taken',
    ]);
  }
  return { kind: 'simulated' };
}

const MEDIA_S3_SETTINGS = [
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_REGION',
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'MEDIA_S3_FORCE_PATH_STYLE',
  'MEDIA_S3_PREFIX',
] as const;

/** A half-finished bucket setting stops start-up rather than quietly keep uploads in the database. */
function mediaConfig(env: Env, given: Record<string, string | undefined>): MediaConfig {
  if (!env.MEDIA_S3_BUCKET) {
    const stray = MEDIA_S3_SETTINGS.filter((name) => given[name] !== undefined);
    if (stray.length === 0) return { kind: 'database' };
    throw new ConfigError([
      `MEDIA_S3_BUCKET is required when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set (it is not set); ` +
        'unset every MEDIA_S3_* setting to keep uploads in the database',
    ]);
  }
  const missing = (['MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name} is required when MEDIA_S3_BUCKET is set (it is not set)`));
  }
  const prefix = env.MEDIA_S3_PREFIX.replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: env.MEDIA_S3_BUCKET,
    region: env.MEDIA_S3_REGION,
    endpoint: env.MEDIA_S3_ENDPOINT?.replace(/\/+$/, ''),
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: prefix === '' ? '' : `${prefix}/`,
  };
}

/**
 * The settings every entry reads (the server, `staff:add`, the `db:` commands): the environment,
 * then the project's `.env` file (ENV_FILE names another) for what the environment leaves unset.
 */
export function settingsFromEnvironment(environment: Record<string, string | undefined> = process.env): Record<string, string | undefined> {
  const file = environment.ENV_FILE || path.join(findProjectRoot(import.meta.dirname), '.env');
  if (!existsSync(file)) {
    if (environment.ENV_FILE) throw new ConfigError([`ENV_FILE names ${file}, which does not exist`]);
    return environment;
  }
  return { ...parseEnv(readFileSync(file, 'utf8')), ...environment };
}

export function loadConfig(source: Record<string, string | undefined> = settingsFromEnvironment()): AppConfig {
  // FOO= means "not set", as most people intend it.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error, cleaned));
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';

  if (isProduction && !env.JWT_SECRET) {
    throw new ConfigError(['JWT_SECRET is required when NODE_ENV=production (it is not set)']);
  }
  if (isProduction && !env.PUBLIC_URL) {
    // Links in emails must never be built from a request's Host header.
    throw new ConfigError(['PUBLIC_URL is required when NODE_ENV=production, e.g. https://www.example.org (it is not set)']);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const payments = paymentsConfig(env, isProduction);
  const media = mediaConfig(env, cleaned);
  if (isProduction && !env.SMTP_URL && !env.MAIL_OUTBOX_IN_PRODUCTION) {
    // Otherwise receipts and reset links silently go to a folder.
    throw new ConfigError([
      'SMTP_URL is required when NODE_ENV=production (it is not set); ' +
        'set MAIL_OUTBOX_IN_PRODUCTION=true only if mail should really be written to OUTBOX_DIR instead of sent',
    ]);
  }
  const dbUrl = env.DATABASE_URL ?? path.join(dataDir, 'foundation.sqlite');
  const database = /^postgres(ql)?:\/\//.test(dbUrl)
    ? ({ kind: 'postgres', url: dbUrl } as const)
    : ({ kind: 'sqlite', file: dbUrl === ':memory:' ? dbUrl : path.resolve(dbUrl.replace(/^(sqlite|file):/, '')) } as const);

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    dataDir,
    database,
    contentDir: path.resolve(env.CONTENT_DIR),
    seedOnEmpty: env.SEED_ON_EMPTY,
    jwtSecret: env.JWT_SECRET ?? developmentJwtSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jsonBodyLimit: env.JSON_BODY_LIMIT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    pageCache: { enabled: env.PAGE_CACHE, checkEveryMs: env.PAGE_CACHE_CHECK_MS, ttlMs: env.PAGE_CACHE_TTL_MS },
    metricsToken: env.METRICS_TOKEN,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    payments,
    media,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      keep: env.BACKUP_KEEP,
      pgBin: env.PG_BIN ? path.resolve(env.PG_BIN) : undefined,
    },
  };
}
