import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number from 1 to 65535' })
    .int()
    .min(1)
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
  TRUST_PROXY: booleanFlag.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
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
  trustProxy: boolean;
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
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
  };
}
