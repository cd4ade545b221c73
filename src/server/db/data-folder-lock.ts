import { join } from 'node:path';
import { createPrivateFile } from './sqlite.ts';
import { SqliteDriver } from './sqlite-driver.ts';

/** Thrown when another live server holds the data folder. */
export class DataFolderInUse extends Error {
  constructor(readonly dataDir: string) {
    super(`The data folder ${dataDir} is in use by another server`);
  }
}

export interface DataFolderLock {
  release(): void;
}

/**
 * Claims the SQLite data folder for this server, or throws `DataFolderInUse` when another live
 * server has it. Two servers on one SQLite file would each keep their own login and signup
 * counters (doubling the limits), and their writers would contend through the file lock
 * instead of queueing on one connection; SQLite serves one instance, PostgreSQL many.
 *
 * The lock is an OS lock, not the presence of a file: a connection to `rulekeeper.lock` in
 * exclusive locking mode takes SQLite's exclusive lock (fcntl byte-range locks on POSIX,
 * LockFileEx on Windows) and keeps it until the connection closes. The OS drops it when the
 * process ends in any way, SIGKILL included, so there is never a stale lock to delete by hand.
 * The file itself holds nothing; it lies beside the database, not in it, so the command-line
 * tools can still open the database while the server runs.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const filename = join(dataDir, 'rulekeeper.lock');
  // Created like the database, so a folder the server may not write fails with the same line.
  createPrivateFile(filename);
  const connection = new SqliteDriver(filename, { timeout: 0 });
  try {
    connection.pragma('locking_mode = EXCLUSIVE');
    // No journal file beside it: the lock file never holds data.
    connection.pragma('journal_mode = MEMORY');
    // In exclusive locking mode the lock a write transaction takes stays after its commit.
    connection.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    connection.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new DataFolderInUse(dataDir);
    throw error;
  }
  return { release: () => connection.close() };
}
