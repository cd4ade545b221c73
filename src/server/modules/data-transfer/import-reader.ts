import { fork } from 'node:child_process';
import pLimit from 'p-limit';
import type { ExportFile } from '#shared/schemas/export.ts';
import { AppError } from '../../errors.ts';
import { SWEEP_GRACE_MS } from '../../storage/sweep.ts';
import { importsBusy, importInterrupted, tooMuchToRead } from './data-transfer.errors.ts';
import type { ImportFile, ImportUpload } from './import-file.ts';

/** What the reader's process (read-import.ts) answers, in this order. */
export type ReaderMessage =
  | { type: 'image'; path: string; bytes: Buffer }
  | { type: 'sessions'; sessions: ExportFile['sessions'] }
  | { type: 'done'; document: ExportFile }
  | { type: 'refused'; code: string; statusCode: number; message: string };

export interface ImportReaderOptions {
  /** The reader's script: the bundle's `read-import.js`, or under tsx `read-import.ts`. */
  script: string;
  /**
   * The reader's heap (`IMPORT_MEMORY_MB`). The largest document the limits let through
   * (200 MB: 50,000 sessions of 70 checklist items) took about 700 MB parsed and checked.
   */
  maxHeapMb?: number;
  /** From the reader's start; that largest document took 11–15 s on a 2-core machine. */
  deadlineMs?: number;
}

const DEFAULT_MAX_HEAP_MB = 1024;
const DEFAULT_DEADLINE_MS = 60_000;
/**
 * Once read, how long a file's screenshots may take to be stored (`storeBy`, given to the
 * import's work). Well under the image sweep's grace: the sweep takes a file older than that
 * which no row names for one a crash abandoned, and an import's rows name its screenshots only
 * when it commits, after the last is stored.
 */
const STORE_WITHIN_MS = SWEEP_GRACE_MS / 2;
/**
 * Imports that may wait behind the one being read: each holds its upload (200 MB at most) in
 * the server's memory while it waits. One more is refused with a 503.
 */
export const MAX_WAITING_IMPORTS = 4;
/** Imports an instance can take at once: the one being read and those waiting behind it. */
export const MAX_HELD_IMPORTS = 1 + MAX_WAITING_IMPORTS;
/** Of the reader's error output, what is kept for the log when it fails. */
const STDERR_TAIL = 4096;
/**
 * What the reader is given of the server's environment: enough to start Node and find a
 * temporary folder, never the database's, the bucket's or the mail server's credentials.
 */
const READER_ENV = ['PATH', 'TMPDIR', 'TMP', 'TEMP', 'SYSTEMROOT'];

/** V8's words when a heap is full: the reader was given more than it may hold. */
const isOutOfMemory = (stderr: string) => stderr.includes('heap out of memory');

function readerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    READER_ENV.flatMap((name) => {
      const value = process.env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * Reads import files in a process of their own (docs/decisions/0023-export-import.md): parsing
 * and checking a document is synchronous work that grows with its number of values, and 48 MB
 * of empty objects once held the server's only thread for 14 s and 1.1 GB. In a process, the
 * server goes on answering, the reader's heap is limited (a worker thread's limit can abort the
 * whole process when it is reached), and a file past the limit or the deadline is a 413. The
 * upload goes to the reader through its standard input, written while the server does other
 * work. One import is read and used at a time per instance; a few wait their turn.
 */
export function createImportReader({
  script,
  maxHeapMb = DEFAULT_MAX_HEAP_MB,
  deadlineMs = DEFAULT_DEADLINE_MS,
}: ImportReaderOptions) {
  const execArgv = [
    `--max-old-space-size=${maxHeapMb}`,
    // In development and the source's tests the reader is TypeScript, run as the server is.
    ...(script.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : []),
  ];
  let isClosed = false;
  let stopReading: (() => void) | null = null;

  const readOne = (upload: ImportUpload) =>
    new Promise<ImportFile>((resolve, reject) => {
      if (isClosed) return reject(importInterrupted());
      const images = new Map<string, Buffer>();
      const sessions: ExportFile['sessions'] = [];
      let outcome: { file: ImportFile } | { refusal: AppError } | null = null;
      let ending: 'deadline' | 'closing' | null = null;
      let stderr = '';
      let isSettled = false;

      const child = fork(script, [upload.kind], {
        execArgv,
        env: readerEnv(),
        serialization: 'advanced',
        stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
      });
      const end = (why: 'deadline' | 'closing') => {
        ending ??= why;
        child.kill('SIGKILL');
      };
      const deadline = setTimeout(() => end('deadline'), deadlineMs);
      stopReading = () => end('closing');
      const settle = (error: Error | null, file?: ImportFile) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(deadline);
        stopReading = null;
        if (error) reject(error);
        else resolve(file!);
      };

      // A process that could not be started has no 'close' to wait for.
      child.on('error', (error) => {
        if (child.pid === undefined) settle(error);
      });
      child.on('message', (message: ReaderMessage) => {
        switch (message.type) {
          case 'image':
            images.set(message.path, message.bytes);
            break;
          case 'sessions':
            for (const session of message.sessions) sessions.push(session);
            break;
          case 'done':
            outcome = { file: { document: { ...message.document, sessions }, images } };
            break;
          case 'refused': {
            const { code, statusCode, message: text } = message;
            outcome = { refusal: new AppError({ code, statusCode, message: text }) };
            break;
          }
        }
      });
      child.on('close', (code, signal) => {
        if (outcome && 'file' in outcome) settle(null, outcome.file);
        else if (outcome) settle(outcome.refusal);
        else if (ending === 'closing') settle(importInterrupted());
        else if (ending === 'deadline' || isOutOfMemory(stderr)) settle(tooMuchToRead());
        else settle(new Error(`The import reader stopped (${signal ?? code}): ${stderr.trim()}`));
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL);
      });
      // A reader that ended early stops reading its input: its 'close' says why.
      child.stdin?.on('error', () => {});
      child.stdin?.end(upload.bytes);
    });

  const oneAtATime = pLimit(1);
  let waiting = 0;
  return {
    /**
     * Reads the upload and hands the checked file (as readImportFile answers it) to `use`, with
     * the moment its screenshots must be stored by (STORE_WITHIN_MS), and passes on its
     * answer. The next import is read once `use` has settled: a file's
     * sessions and screenshots, hundreds of megabytes at the limits, are in the server's memory
     * one file at a time. Refusals: 400 or 413 for the file, 503 when too many imports wait or
     * the server is closing.
     */
    read<T>(
      upload: ImportUpload,
      use: (file: ImportFile, storeBy: number) => Promise<T>,
    ): Promise<T> {
      if (isClosed) return Promise.reject(importInterrupted());
      if (waiting >= MAX_WAITING_IMPORTS) return Promise.reject(importsBusy());
      waiting += 1;
      return oneAtATime(async () => {
        waiting -= 1;
        const file = await readOne(upload);
        return use(file, Date.now() + STORE_WITHIN_MS);
      });
    },
    /** The server is closing: the file being read and those waiting are answered with a 503. */
    close() {
      isClosed = true;
      stopReading?.();
    },
  };
}

export type ImportReader = ReturnType<typeof createImportReader>;
