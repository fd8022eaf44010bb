import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Company } from './lib/company';
import type { S3Options } from './lib/s3-storage';
import { DUE_SOON_DAYS } from '@keurwijzer/shared/compliance';
import { EXPORTS_PER_HOUR, STORAGE_BYTES_PER_CUSTOMER, UPLOADS_PER_HOUR } from '@keurwijzer/shared/usage';
import { CUTOFF_PATTERN, DEFAULT_CUTOFF } from './lib/working-days';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * Which proxies in front of the app may say who the client is (X-Forwarded-For), as Fastify's
 * `trustProxy` takes it: false (none: the connection's address is the client), a number of hops
 * (the last N addresses of the chain are proxies; the one before is the client) or the proxies'
 * addresses and CIDRs. Never `true`: that takes the leftmost address, which the client writes
 * itself, and would let anyone choose the address the login throttle counts.
 */
export type TrustProxy = false | number | string[];

/**
 * TrustProxy as Fastify's `trustProxy` option: a hop count as a function of the hop (proxy-addr's
 * own meaning of a number; Fastify 5.12 takes a bare number as "trust nothing"). With hops, the
 * app must be reachable only through the proxy (HOST=127.0.0.1, a firewall): a client that
 * reaches it directly would count as a proxy. A list checks the proxy's own address instead.
 */
export const fastifyTrustProxy = (trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

/** proxy-addr's names for address ranges (loopback 127.0.0.1/8 and ::1, fe80::/10, fc00::/7 ...). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (10.0.0.0/8, fd00::/8) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, "0", "false" or "no": none; "1" ("true", "yes"), "2" ...: that many proxies
 * (hops) in front of the app; else a comma-separated list of proxy addresses and CIDRs
 * ("10.0.0.1,10.0.0.0/8", also "loopback").
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const v = (value ?? '').toLowerCase();
    if (v === '' || v === '0' || v === 'false' || v === 'no') return false;
    if (v === 'true' || v === 'yes') return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
    } else {
      const entries = v.split(',').map((e) => e.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must be 0, a number of proxies in front of the app (1 to 10), or a comma-separated list of proxy addresses and CIDRs',
    });
    return z.NEVER;
  });

/** Every environment variable the server reads, parsed once (README has the table). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections per server process to DATABASE_URL (default: see defaultPoolSize). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  APP_URL: z.string().url().optional(),
  /** Must pass the strength check for every demo account (seed/demo.ts refuses a weak one). */
  DEMO_PASSWORD: z.string().min(8).default('Demo1234!'),
  SEED_DEMO: bool.optional(),
  MAIL_FROM: z.string().default('Keurwijzer <no-reply@keurwijzer.local>'),
  SMTP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema,
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** log2 of scrypt's N; 17 by security.md. Tests lower it to keep the suite fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  WEB_DIST: z.string().optional(),
  /** The inspection company in the header of exports (inventory list, reports). */
  COMPANY_NAME: z.string().min(1).default('Keurwijzer Machinekeuringen B.V.'),
  COMPANY_ADDRESS: z.string().default('Industrieweg 12, 3542 AD Utrecht'),
  COMPANY_CONTACT: z.string().default('030 123 45 67 · info@keurwijzer.nl'),
  /** Two-factor sign-in compulsory for employees (super admin, admin, mechanic): sent to 2fa-intro. */
  TWO_FACTOR_REQUIRED_FOR_EMPLOYEES: bool.default(false),
  /**
   * The key material of the two-factor secrets' encryption (lib/secret-box.ts). Unset: derived
   * from the session secret (then changing SESSION_SECRET turns every account's two-factor off).
   */
  SECRET_BOX_KEY: z.string().min(32).optional(),
  /** Google sign-in (OpenID Connect): on when both are set; the buttons are hidden otherwise. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID provider; tests point it at a local one (oidc-provider). */
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Per-user rates and the per-customer storage quota (packages/shared/src/usage.ts); tests lower them. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(UPLOADS_PER_HOUR),
  EXPORTS_PER_HOUR: z.coerce.number().int().min(1).default(EXPORTS_PER_HOUR),
  STORAGE_BYTES_PER_CUSTOMER: z.coerce.number().int().min(1).default(STORAGE_BYTES_PER_CUSTOMER),
  /** Days before its due date a machine counts as "Binnenkort" (packages/shared/src/compliance.ts). */
  DUE_SOON_DAYS: z.coerce.number().int().min(1).max(365).default(DUE_SOON_DAYS),
  /** The reminder mails' schedules (modules/reminders); REMINDERS=0 turns them off (tests, bench). */
  REMINDERS: bool.default(true),
  /**
   * The bearer token of GET /api/metrics (Prometheus, plugins/health.ts); unset: no metrics
   * (404). At least 32 characters: the metrics name routes and volumes, not for the public.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /** Nightly backups of the embedded database and files into this folder (lib/backup.ts); unset: none. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many nightly backups BACKUP_DIR keeps (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** From this Dutch time on, the day's backup is made (once a day; later if the app was down). "HH:MM". */
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME must be HH:MM')
    .default('02:30'),
  /** Files in this S3-compatible bucket instead of DATA_DIR/uploads (lib/storage.ts). */
  S3_BUCKET: z.string().min(3).optional(),
  /** The store's URL (MinIO, Garage, Ceph...); unset: AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (endpoint/bucket/key), which most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Put before every object key, e.g. "keurwijzer/" (several apps in one bucket). */
  S3_PREFIX: z.string().default(''),
  /** How long connecting to the bucket's store may take before an operation fails (ms). */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
  /**
   * How long one storage operation (upload, the start of a file read, a delete; the SDK's retries
   * included) may take before the request gets a 503 (ms); also the longest silence within a read.
   */
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  /**
   * A malfunction reported at or after this Dutch time counts from the next working day; its
   * response deadline is this time one working day later (lib/working-days.ts). "HH:MM".
   */
  MALFUNCTION_CUTOFF: z
    .string()
    .regex(CUTOFF_PATTERN, 'MALFUNCTION_CUTOFF must be a time HH:MM (00:00-23:59)')
    .default(DEFAULT_CUTOFF),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** undefined: generated and kept in DATA_DIR (embedded database only). */
  sessionSecret: string | undefined;
  appUrl: string;
  secureCookies: boolean;
  demoPassword: string;
  seedDemo: boolean;
  mailFrom: string;
  smtpUrl: string | undefined;
  logLevel: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (TrustProxy). */
  trustProxy: TrustProxy;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  scryptLogN: number;
  webDist: string | undefined;
  company: Company;
  twoFactorRequiredForEmployees: boolean;
  /** SECRET_BOX_KEY; undefined: the session secret is the key material. */
  secretBoxKey: string | undefined;
  /** null: Google sign-in is off. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Uploads and exports one user may start per hour, bytes of stored files per customer. */
  usage: { uploadsPerHour: number; exportsPerHour: number; storageBytesPerCustomer: number };
  /** Days before its due date a machine is "due soon". */
  dueSoonDays: number;
  /** The reminder mails' schedules and workers run in this process (REMINDERS, default on). */
  reminders: boolean;
  /** MALFUNCTION_CUTOFF: the Dutch time ("16:00") of a malfunction's response deadline. */
  malfunctionCutoff: string;
  /** METRICS_TOKEN: GET /api/metrics's bearer token (undefined: no metrics). */
  metricsToken: string | undefined;
  /** S3_*: the bucket of the files; null: the disk (DATA_DIR/uploads). */
  s3: S3Options | null;
  /** BACKUP_*: nightly backups of the embedded default; null: none. */
  backup: { dir: string; keep: number; time: string } | null;
};

/** Modules take the company from here, as they take Config. */
export type { Company };

/**
 * PostgreSQL works best with about two busy connections per core (PostgreSQL wiki, "Number Of
 * Database Connections"): more only make its backends take turns on the cores. The database
 * usually runs on a machine like this one, so its cores are the guess; set DATABASE_POOL_SIZE
 * for a bigger database server or for several server processes. Measured (bench, 2 cores): 5
 * connections answer the machines list with p95 28-30 ms where 10 took 30-32 ms.
 */
export const defaultPoolSize = () => Math.min(20, 2 * os.availableParallelism() + 1);

/** Parses the environment; throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.SESSION_SECRET && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is set in production');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // Relative to where the command was typed: `npm run backup` (or any workspace script) runs
    // in apps/server, and npm names the first folder in INIT_CWD.
    dataDir: path.resolve(env.INIT_CWD ?? '', e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    sessionSecret: e.SESSION_SECRET,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    scryptLogN: e.SCRYPT_LOG_N,
    webDist: e.WEB_DIST,
    company: { name: e.COMPANY_NAME, address: e.COMPANY_ADDRESS, contact: e.COMPANY_CONTACT },
    twoFactorRequiredForEmployees: e.TWO_FACTOR_REQUIRED_FOR_EMPLOYEES,
    secretBoxKey: e.SECRET_BOX_KEY,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : null,
    usage: {
      uploadsPerHour: e.UPLOADS_PER_HOUR,
      exportsPerHour: e.EXPORTS_PER_HOUR,
      storageBytesPerCustomer: e.STORAGE_BYTES_PER_CUSTOMER,
    },
    dueSoonDays: e.DUE_SOON_DAYS,
    reminders: e.REMINDERS,
    malfunctionCutoff: e.MALFUNCTION_CUTOFF,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
          connectTimeoutMs: e.S3_CONNECT_TIMEOUT_MS,
          requestTimeoutMs: e.S3_REQUEST_TIMEOUT_MS,
        }
      : null,
    backup: e.BACKUP_DIR
      ? { dir: path.resolve(env.INIT_CWD ?? '', e.BACKUP_DIR), keep: e.BACKUP_KEEP, time: e.BACKUP_TIME }
      : null,
  };
}
