import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { inject, describe } from 'vitest';
import { createApp, type App, type CreateAppOptions, type Timeouts } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { createDatabase, type AppDatabase } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { ImportReaderOptions } from '#server/modules/data-transfer/import-reader.ts';
import type { PasswordCost } from '#server/modules/users/passwords.ts';
import { createImageStoreFromConfig } from '#server/storage/from-config.ts';
import type { ImageStore } from '#server/storage/image-store.ts';
import { createTestImageStore } from './image-store.ts';
import { leaseMigratedDatabase } from './postgres-schema.ts';
import type { TestBucket } from './s3-server.ts';

export interface TestApp {
  app: App;
  database: AppDatabase;
  images: ImageStore;
  /** The image store's folder ('' when the images are in a bucket). */
  imageDir: string;
  /** Every file in the image store, `folder/name`, sorted. */
  listImageFiles: () => Promise<string[]>;
  /** Backdates a stored image, for the sweep: on disk or in the bucket. */
  setImageWrittenAt: (key: string, date: Date) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A migrated, empty database of the given dialect: SQLite in memory, or a PostgreSQL schema
 * leased for this test (postgres-schema.ts); `drop` closes it or gives it back.
 */
async function createTestDatabase(
  dialect: DialectName,
): Promise<{ database: AppDatabase; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    return { database, drop: () => database.db.destroy() };
  }
  const { database, release } = await leaseMigratedDatabase();
  return { database, drop: release };
}

/**
 * argon2's cheapest cost (1 MiB, one pass): the API tests sign up and log in thousands of
 * times, and at full cost hashing was a fifth of the suite's CPU. What the tests check of a
 * password (the policy, a wrong one refused, a change ending logins) does not depend on the
 * cost; the server's own full cost is checked on the server process (main.test.ts) and the
 * operator commands (manage-users.test.ts).
 */
const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 1024, timeCost: 1 };

/** The test run's Redis, or an error for a suite that should have been skipped. */
export function testRedisUrl(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error('Redis is not available for this run');
  return url;
}

/** Redis keys of their own, so that apps of parallel test files never count each other's. */
export function uniqueRedisKeyPrefix(): string {
  return `rulekeeper-test:${randomBytes(6).toString('hex')}:`;
}

/**
 * The import reader as the server runs it: the bundle's script, which the run's global setup
 * built from this source (a start through tsx would cost each import a quarter of a second).
 */
export function testImportReader(
  overrides: Partial<ImportReaderOptions> = {},
): ImportReaderOptions {
  return { script: join(inject('serverBundle'), 'read-import.js'), ...overrides };
}

/** Images in a bucket of the test S3 server, or on disk in a fresh temporary folder. */
async function createImages(config: Config, bucket: TestBucket | undefined) {
  if (bucket) {
    const prefix = config.s3?.prefix ?? '';
    return {
      // Built from the configuration, as the server builds it.
      images: await createImageStoreFromConfig(config),
      dir: '',
      listFiles: async () =>
        (await bucket.listKeys()).map((key) => {
          if (!key.startsWith(prefix)) throw new Error(`${key} is outside the prefix ${prefix}`);
          return key.slice(prefix.length);
        }),
      setWrittenAt: (key: string, date: Date) => bucket.setWrittenAt(`${prefix}${key}`, date),
      remove: async () => {},
    };
  }
  const store = await createTestImageStore();
  return {
    ...store,
    setWrittenAt: (key: string, date: Date) => utimes(join(store.dir, key), date, date),
  };
}

/**
 * The real app over a fresh database, as `npm start` builds it, without the client files. The
 * images go to `s3` (a bucket of `startTestS3Server`) when given, else to a temporary folder.
 */
export async function createTestApp(
  dialect: DialectName,
  overrides: {
    env?: Record<string, string>;
    now?: () => Date;
    timeouts?: Timeouts;
    s3?: TestBucket;
    /** The attempt counters in the run's Redis (`REDIS_URL`), under keys of this app's own. */
    isCountingInRedis?: boolean;
    /** The server's log, which the tests otherwise leave off. */
    logger?: CreateAppOptions['logger'];
    /** The import reader's options, a stand-in script's among them. */
    importReader?: Partial<ImportReaderOptions>;
    /** What the app is given in place of the fresh database (a faulty one: commit-faults.ts). */
    wrapDatabase?: (database: AppDatabase) => AppDatabase;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(dialect);
  const config: Config = loadConfig({
    ...overrides.s3?.env,
    ...overrides.env,
    ...(overrides.isCountingInRedis ? { REDIS_URL: testRedisUrl() } : {}),
  });
  const store = await createImages(config, overrides.s3);
  const app = await createApp({
    database: overrides.wrapDatabase?.(database) ?? database,
    config,
    images: store.images,
    importReader: testImportReader(overrides.importReader),
    isCheckingResponses: true,
    redisKeyPrefix: uniqueRedisKeyPrefix(),
    passwordCost: TEST_PASSWORD_COST,
    isClosingDatabase: false, // the test closes it or gives it back (createTestDatabase)
    ...(overrides.now ? { now: overrides.now } : {}),
    ...(overrides.timeouts ? { timeouts: overrides.timeouts } : {}),
    ...(overrides.logger ? { logger: overrides.logger } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    images: store.images,
    imageDir: store.dir,
    listImageFiles: store.listFiles,
    setImageWrittenAt: store.setWrittenAt,
    close: async () => {
      await app.close();
      await drop();
      await store.remove();
    },
  };
}

const dialects: DialectName[] = ['sqlite', 'postgres'];

/** Runs a suite once per database; the PostgreSQL run is skipped (and says so) when none answered. */
export function describeEachDialect(name: string, suite: (dialect: DialectName) => void) {
  for (const dialect of dialects) {
    const isUnavailable = dialect === 'postgres' && !inject('postgresUrl');
    describe.skipIf(isUnavailable)(`${name} [${dialect}]`, () => suite(dialect));
  }
}

/** Where the attempt counters are kept in a test: the store, and the database beside it. */
export interface CounterStoreCase {
  store: 'memory' | 'postgres' | 'redis';
  dialect: DialectName;
  isCountingInRedis: boolean;
}

const counterStoreCases: CounterStoreCase[] = [
  { store: 'memory', dialect: 'sqlite', isCountingInRedis: false },
  { store: 'postgres', dialect: 'postgres', isCountingInRedis: false },
  { store: 'redis', dialect: 'sqlite', isCountingInRedis: true },
];

/**
 * Runs a suite once per attempt-counter store: memory (SQLite), PostgreSQL, and Redis (beside
 * SQLite); the PostgreSQL and Redis runs are skipped (and say so) when theirs did not answer.
 */
export function describeEachCounterStore(name: string, suite: (store: CounterStoreCase) => void) {
  for (const store of counterStoreCases) {
    const isUnavailable =
      (store.dialect === 'postgres' && !inject('postgresUrl')) ||
      (store.isCountingInRedis && !inject('redisUrl'));
    describe.skipIf(isUnavailable)(`${name} [${store.store}]`, () => suite(store));
  }
}

/** A suite about PostgreSQL alone; skipped (and says so) when none answered. */
export function describePostgres(name: string, suite: () => void) {
  describe.skipIf(!inject('postgresUrl'))(`${name} [postgres]`, suite);
}
