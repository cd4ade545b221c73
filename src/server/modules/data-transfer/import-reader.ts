import { fork } from 'node:child_process';
import pLimit from 'p-limit';
import type { ExportFile } from '#shared/schemas/export.ts';
import { AppError } from '../../errors.ts';
import { tooMuchToRead } from './data-transfer.errors.ts';
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
  /** From the reader's start; that largest document took 7 s on a 2-core machine. */
  deadlineMs?: number;
}

const DEFAULT_MAX_HEAP_MB = 1024;
const DEFAULT_DEADLINE_MS = 60_000;
/** Of the reader's error output, what is kept for the log when it fails. */
const STDERR_TAIL = 4096;

/** V8's words when a heap is full: the reader was given more than it may hold. */
const isOutOfMemory = (stderr: string) => stderr.includes('heap out of memory');

/**
 * Reads import files in a process of their own (docs/decisions/0023-export-import.md): parsing
 * and checking a document is synchronous work that grows with its number of values, and 48 MB
 * of empty objects once held the server's only thread for 14 s and 1.1 GB. In a process, the
 * server goes on answering, the reader's heap is limited (a worker thread's limit can abort the
 * whole process when it is reached), and a file past the limit or the deadline is a 413. One
 * import is read at a time per instance; the others wait their turn.
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

  const readOne = (upload: ImportUpload) =>
    new Promise<ImportFile>((resolve, reject) => {
      const child = fork(script, [], {
        execArgv,
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      const images = new Map<string, Buffer>();
      const sessions: ExportFile['sessions'] = [];
      let outcome: { file: ImportFile } | { refusal: AppError } | null = null;
      let isPastDeadline = false;
      let stderr = '';

      const deadline = setTimeout(() => {
        isPastDeadline = true;
        child.kill('SIGKILL');
      }, deadlineMs);
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL);
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
      // Could not be started (a spawn error): 'close' follows and says so.
      child.on('error', () => {});
      child.on('close', (code, signal) => {
        clearTimeout(deadline);
        if (outcome && 'file' in outcome) resolve(outcome.file);
        else if (outcome) reject(outcome.refusal);
        else if (isPastDeadline || isOutOfMemory(stderr)) reject(tooMuchToRead());
        else reject(new Error(`The import reader stopped (${signal ?? code}): ${stderr.trim()}`));
      });
      child.send(upload, (error) => {
        if (error) child.kill('SIGKILL');
      });
    });

  const oneAtATime = pLimit(1);
  return {
    /** The upload checked, as readImportFile answers it, or its refusal (400, 413). */
    read: (upload: ImportUpload) => oneAtATime(() => readOne(upload)),
  };
}

export type ImportReader = ReturnType<typeof createImportReader>;
