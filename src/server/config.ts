import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's names, such as `loopback`. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (`X-Forwarded-For`, `-Proto`, `-Host`): none, a
 * hop count, or the proxies' addresses. `true` is refused: it would let any client choose
 * its own address, and with it dodge the login limits.
 */
const trustProxySchema = z.string().transform((value, context) => {
  if (value === 'false' || value === '0') return false as const;
  if (/^[1-9]\d?$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (value !== 'true' && entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'must be a hop count (such as 1) or the proxy addresses (such as 10.0.0.5,loopback); "true" would trust any client',
  });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535 (0: any free port)' })
    .int()
    .min(0)
    .max(65535)
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SIGNUP: z.enum(['open', 'closed']).default('open'),
  APP_NAME: z.string().trim().min(1).max(60).default('Rulekeeper'),
  APP_COMPANY: z.string().trim().min(1).max(100).default('Rulekeeper Labs'),
  TRUST_PROXY: trustProxySchema.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SIGNUP_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of signups per address per hour' })
    .int()
    .min(1)
    .default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The only reader of the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    isSignupOpen: e.SIGNUP === 'open',
    appName: e.APP_NAME,
    appCompany: e.APP_COMPANY,
    trustProxy: e.TRUST_PROXY,
    signupsPerHour: e.SIGNUP_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
  };
}
