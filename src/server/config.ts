import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { refuse } from '#shared/schemas/common.ts';
import { z } from '#shared/zod.ts';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's names, such as `loopback`. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix of 0 is every address: as `true`, any client could choose its own.
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128)
  );
}

/**
 * Which proxies may say who the client is (`X-Forwarded-For`, `-Proto`, `-Host`): none, a
 * hop count, or the proxies' addresses. `true` is refused: it would let any client choose
 * its own address, and with it dodge the login limits.
 */
const trustProxySchema = z.pipe(
  z.string(),
  z.transform((value, context) => {
    if (value === 'false' || value === '0') return false as const;
    if (/^[1-9]\d?$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) return entries;
    refuse(
      context,
      'must be a hop count (such as 1) or the proxy addresses (such as 10.0.0.5,loopback); "true" would trust any client',
    );
    return z.NEVER;
  }),
);

const MAIL_FROM_ERROR =
  'must be an e-mail address, such as rulekeeper@example.com or "Rulekeeper <rulekeeper@example.com>"';

/**
 * The sender of the notices' mail: an address, or a display name and an address in angle
 * brackets. One line only: a line break would let the value add headers to every message.
 */
const mailFromSchema = z.string().check(
  z.refine((value) => {
    if (/[\r\n]/.test(value)) return false;
    const named = /^([^<>"]*|"[^"]*")\s*<([^<>\s]+)>$/.exec(value.trim());
    const address = named ? named[2] : value.trim();
    return z.email().safeParse(address).success;
  }, MAIL_FROM_ERROR),
);

const S3_PREFIX_ERROR =
  'must be folder names of letters, digits, - and _ separated by /, such as rulekeeper/ or prod/rulekeeper/';

/** The S3 variables that mean something only beside S3_BUCKET. */
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/**
 * A whole number from `min` to `max`, `fallback` when unset; `error` says what is expected.
 * Digits only (spaces around them allowed): `Number()` reads a blank value as 0, which for
 * PORT and JOBS_INTERVAL_SECONDS is a meaning of its own (any port, no jobs), and reads
 * `1e3` and `0x1F` as numbers an operator did not write.
 */
const wholeNumber = ({
  min,
  max = Number.MAX_SAFE_INTEGER,
  fallback,
  error,
}: {
  min: number;
  max?: number;
  fallback: number;
  error: string;
}) =>
  z._default(
    z
      .pipe(z.string().check(z.trim(), z.regex(/^\d+$/, { error })), z.transform(Number))
      .check(
        z.refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, { error }),
      ),
    fallback,
  );

const envSchema = z.object({
  PORT: wholeNumber({
    min: 0,
    max: 65_535,
    fallback: 5000,
    error: 'must be a port number from 0 to 65535 (0: any free port)',
  }),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: z.optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  REDIS_URL: z.optional(
    z.url({
      protocol: /^rediss?$/,
      error: 'must be a redis:// or rediss:// URL, such as redis://:password@redis-host:6379/0',
    }),
  ),
  SIGNUP: z._default(z.enum(['open', 'closed']), 'open'),
  APP_NAME: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(60)), 'Rulekeeper'),
  APP_COMPANY: z._default(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    'Rulekeeper Labs',
  ),
  TRUST_PROXY: z._default(trustProxySchema, false),
  COOKIE_SECURE: z._default(z.enum(['auto', 'true', 'false']), 'auto'),
  SIGNUP_RATE_LIMIT: wholeNumber({
    min: 1,
    fallback: 20,
    error: 'must be a whole number of signups per address per hour',
  }),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  SMTP_URL: z.optional(
    z.url({
      protocol: /^smtps?$/,
      error:
        'must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587',
    }),
  ),
  MAIL_FROM: z.optional(mailFromSchema),
  JOBS_INTERVAL_SECONDS: wholeNumber({
    min: 0,
    max: 86_400,
    fallback: 300,
    error: 'must be a whole number of seconds from 0 to 86400, a day (0: no scheduled jobs)',
  }),
  IMPORT_MEMORY_MB: wholeNumber({
    min: 64,
    max: 16_384,
    fallback: 1024,
    error: 'must be a whole number of megabytes from 64 to 16384',
  }),
  S3_BUCKET: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
        ),
      ),
  ),
  S3_ENDPOINT: z.optional(
    z.url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL, such as http://minio.internal:9000',
    }),
  ),
  S3_REGION: z._default(
    z
      .string()
      .check(z.regex(/^[a-z0-9-]+$/, 'must be a region name, such as us-east-1 or eu-west-3')),
    'us-east-1',
  ),
  S3_ACCESS_KEY_ID: z.optional(z.string().check(z.trim(), z.minLength(1))),
  S3_SECRET_ACCESS_KEY: z.optional(z.string().check(z.minLength(1))),
  S3_FORCE_PATH_STYLE: z._default(
    z.enum(['true', 'false'], { error: 'must be true or false' }),
    'false',
  ),
  S3_PREFIX: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/, S3_PREFIX_ERROR)),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where the login and signup attempt counters live when set: one Redis for every instance,
   * whatever the database. Unset: in PostgreSQL, or in memory on SQLite.
   */
  redisUrl: string | undefined;
  isSignupOpen: boolean;
  appName: string;
  appCompany: string;
  /** false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** Signups accepted per client address per hour. */
  signupsPerHour: number;
  /** `auto`: Secure when the request came over HTTPS. */
  cookieSecure: 'auto' | boolean;
  logLevel: string;
  /**
   * Where the notices' mail goes out (`SMTP_URL`, `MAIL_FROM`); null when either is missing:
   * then no mail is ever attempted and notices are written for the app only.
   */
  mail: { smtpUrl: string; from: string } | null;
  /** How often the scheduled jobs (weekly report, alert, mail) run; 0: never. */
  jobsIntervalSeconds: number;
  /** The heap of the process that reads an import file, in MB (modules/data-transfer). */
  importMemoryMb: number;
  /** The bucket that holds the images (`S3_*`); null: files under `DATA_DIR/images`. */
  s3: S3Settings | null;
}

export interface S3Settings {
  bucket: string;
  /** Another S3-compatible service (MinIO, ...); undefined: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** null: the SDK's own chain (AWS_* variables, shared files, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `host/bucket/key` addresses instead of `bucket.host/key`, as most local servers need. */
  forcePathStyle: boolean;
  /** Put before every key (`rulekeeper/`), so one bucket can hold several instances' images; or ''. */
  prefix: string;
}

/**
 * What the schema cannot say alone: an S3 setting without the bucket would be ignored, and the
 * images would silently stay on this machine's disk (a typo in S3_BUCKET's name must not pass
 * for a working setup); half a key pair would be dropped for the SDK's own credentials.
 */
function s3Issues(env: Record<string, string | undefined>): string[] {
  if (env.S3_BUCKET === undefined) {
    return S3_SETTINGS.filter((name) => env[name] !== undefined).map(
      (name) => `  ${name}: has no effect without S3_BUCKET`,
    );
  }
  const [idSet, secretSet] = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].map(
    (value) => value !== undefined,
  );
  if (idSet === secretSet) return [];
  const [missing, other] = idSet
    ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
    : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  return [`  ${missing}: must be set with ${other} (or neither, for the SDK's own credentials)`];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The only reader of the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  const lines = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)),
    ...s3Issues(present),
  ];
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    isSignupOpen: e.SIGNUP === 'open',
    appName: e.APP_NAME,
    appCompany: e.APP_COMPANY,
    trustProxy: e.TRUST_PROXY,
    signupsPerHour: e.SIGNUP_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM.trim() } : null,
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    importMemoryMb: e.IMPORT_MEMORY_MB,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
        }
      : null,
  };
}
