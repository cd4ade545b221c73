import type { Config, S3Settings } from './config.ts';
import { DataFolderInUse } from './db/data-folder-lock.ts';
import { RedisConnectError } from './redis.ts';
import { ImageStoreUnavailableError } from './storage/image-store.ts';

/** The codes of an error and of everything it wraps (`cause`, AggregateError's `errors`). */
function codesOf(error: unknown, seen = new Set<unknown>()): string[] {
  if (typeof error !== 'object' || error === null || seen.has(error)) return [];
  seen.add(error);
  const own = 'code' in error && typeof error.code === 'string' ? [error.code] : [];
  const cause = 'cause' in error ? codesOf(error.cause, seen) : [];
  const nested =
    error instanceof AggregateError ? error.errors.flatMap((inner) => codesOf(inner, seen)) : [];
  return [...own, ...cause, ...nested];
}

function describePostgres(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `PostgreSQL at ${hostname}:${port || '5432'}${pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** Where Redis was looked for: its host and port only, never the password the URL may hold. */
function describeRedis(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `Redis at ${hostname}:${port || '6379'}`;
  } catch {
    return 'Redis';
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'no answer',
  ECONNRESET: 'connection reset',
};

const POSTGRES_REASONS: Record<string, string> = {
  ...NETWORK_REASONS,
  '28P01': 'password authentication failed',
  '28000': 'not allowed to connect',
  '3D000': 'the database does not exist',
};

const FOLDER_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file',
  SQLITE_READONLY: 'read-only',
  SQLITE_CANTOPEN: 'cannot create or open the database file (read-only or no permission)',
};

const S3_REASONS: Record<ImageStoreUnavailableError['reason'], string> = {
  missing: 'the bucket does not exist',
  denied:
    'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the credentials the AWS SDK found) and their rights on the bucket',
  'wrong-region': 'the bucket is in another region: set S3_REGION to it',
  'no-credentials':
    'no credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the server AWS credentials of its own (a role, a profile)',
  unreachable: 'no answer',
};

function describeS3(s3: S3Settings): string {
  return s3.endpoint
    ? `the S3 bucket ${s3.bucket} at ${s3.endpoint} (S3_BUCKET, S3_ENDPOINT)`
    : `the S3 bucket ${s3.bucket} in ${s3.region} (S3_BUCKET, S3_REGION)`;
}

/**
 * One line that tells an operator what to fix when the server cannot start: no stack trace
 * for the problems an operator can cause (folders, files, the database's address).
 */
export function describeStartupError(error: unknown, config: Config): string {
  if (error instanceof DataFolderInUse) {
    return `Another Rulekeeper server is already using the data folder ${error.dataDir} (SQLite serves one instance; for several, use PostgreSQL with DATABASE_URL).`;
  }
  const codes = codesOf(error);
  const has = (table: Record<string, string>) => codes.find((code) => code in table);

  // Before the database's reasons: a refused connection here is Redis's, not PostgreSQL's.
  if (error instanceof RedisConnectError && config.redisUrl) {
    const code = has(NETWORK_REASONS);
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    const reason = code ? NETWORK_REASONS[code] : cause.split('\n')[0];
    return `Cannot connect to ${describeRedis(config.redisUrl)} (REDIS_URL): ${reason}.`;
  }
  if (config.s3 && error instanceof ImageStoreUnavailableError) {
    const network = error.reason === 'unreachable' ? has(NETWORK_REASONS) : undefined;
    const reason = network ? NETWORK_REASONS[network] : S3_REASONS[error.reason];
    return `Cannot use ${describeS3(config.s3)}: ${reason}.`;
  }

  if (config.databaseUrl) {
    const code = has(POSTGRES_REASONS);
    if (code) {
      return `Cannot connect to ${describePostgres(config.databaseUrl)} (DATABASE_URL): ${POSTGRES_REASONS[code]}.`;
    }
  } else {
    if (codes.includes('SQLITE_NOTADB')) {
      return `The file in the data folder ${config.dataDir} (DATA_DIR) is not a SQLite database: rulekeeper.db must be the app's database or absent.`;
    }
    const code = has(FOLDER_REASONS) ?? codes.find((c) => c.startsWith('SQLITE_READONLY'));
    if (code) {
      const reason = FOLDER_REASONS[code] ?? FOLDER_REASONS.SQLITE_READONLY;
      return `Cannot write to the data folder ${config.dataDir} (DATA_DIR): ${reason}.`;
    }
  }
  if (codes.includes('EADDRINUSE')) {
    return `Port ${config.port} is already in use (PORT): stop the other server or choose another port.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Failed to start: ${message.split('\n')[0]}`;
}
