import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type AppDatabase } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { ImageStore } from '#server/storage/image-store.ts';
import { createTestImageStore } from './image-store.ts';
import { testImportReader } from './test-app.ts';
import { createTestSchema, type TestSchema } from './postgres-schema.ts';

/** A mail as the test SMTP server received it, decoded. */
export interface ReceivedMail {
  envelopeFrom: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i += 1) {
    const char = unfolded[i] as string;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded, names lower-cased) and body of a MIME entity. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Just enough MIME for the app's mail: one text part and one HTML part, or one of them. */
export function parseMail(raw: string) {
  const { headers, body } = splitEntity(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitEntity(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: part.headers['content-type'] ?? '',
        content: decodeBody(part.headers, part.body).replace(/\r?\n$/, ''),
      });
    }
  } else {
    parts.push({ type: headers['content-type'] ?? '', content: decodeBody(headers, body) });
  }
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.content ?? '',
  };
}

/**
 * A mail server in this process for the tests (smtp-server, by nodemailer's authors): no TLS,
 * no login. Every mail it accepts is kept in `messages`; recipients in `refuse` are refused.
 */
export async function startTestSmtpServer({ refuse = [] }: { refuse?: string[] } = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        messages.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          ...mail,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;

/**
 * One database that several "instances" (apps, job runners) open at once, and open again after
 * a "restart": a SQLite file in a temporary folder, or a PostgreSQL schema of its own.
 */
export async function createSharedDatabase(dialect: DialectName) {
  const opened: AppDatabase[] = [];
  let folder: string | null = null;
  let schema: TestSchema | null = null;
  if (dialect === 'sqlite') {
    folder = await mkdtemp(join(tmpdir(), 'rulekeeper-notices-'));
  } else {
    schema = await createTestSchema();
  }
  const open = () =>
    schema
      ? createDatabase({
          dialect: 'postgres',
          connectionString: schema.connectionString,
          searchPath: schema.schema,
        })
      : createDatabase({ dialect: 'sqlite', filename: join(folder as string, 'rulekeeper.db') });

  const first = open();
  await migrateToLatest(first);
  await first.db.destroy();

  return {
    /** A new connection (pool) to the database; closed by `close` if still open. */
    connect(): AppDatabase {
      const database = open();
      opened.push(database);
      return database;
    },
    /**
     * An app over a new connection, as a server instance would run it (no jobs). Instances
     * that share a Redis (`env.REDIS_URL`) must be given the same `redisKeyPrefix`; instances
     * that share an object store, the same `images` (else each has a folder of its own).
     */
    async startApp({
      now,
      env = {},
      redisKeyPrefix,
      images,
    }: {
      now?: () => Date;
      env?: Record<string, string>;
      redisKeyPrefix?: string;
      images?: ImageStore;
    } = {}): Promise<App> {
      // A store given is the test's to remove.
      const store = images ? { images, remove: async () => {} } : await createTestImageStore();
      const database = open();
      const app = await createApp({
        database,
        config: loadConfig(env),
        images: store.images,
        importReader: testImportReader(),
        isCheckingResponses: true,
        ...(now ? { now } : {}),
        ...(redisKeyPrefix ? { redisKeyPrefix } : {}),
      });
      app.addHook('onClose', async () => store.remove());
      await app.ready();
      return app;
    },
    async close() {
      for (const database of opened) await database.db.destroy().catch(() => {});
      if (folder) await rm(folder, { recursive: true, force: true });
      if (schema) await schema.drop();
    },
  };
}
