import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';

/**
 * The processes this test process has started and not yet reaped (Linux's /proc). A thread
 * that ended between the listing and the read had none.
 */
export function childProcessCount(): number {
  const tasks = `/proc/${process.pid}/task`;
  return readdirSync(tasks)
    .flatMap((task) => {
      try {
        return readFileSync(`${tasks}/${task}/children`, 'utf8').trim().split(' ');
      } catch {
        return [];
      }
    })
    .filter(Boolean).length;
}

/** Resolves once the reader's process is running, however long it takes to start. */
export async function readerStarted(baseline: number) {
  while (childProcessCount() === baseline) await setTimeout(5);
}

/** A stand-in for the reader's script, in a folder of its own: `source` is its whole code. */
export function standInReader(source: string) {
  const folder = mkdtempSync(join(tmpdir(), 'rulekeeper-reader-'));
  const script = join(folder, 'stand-in-reader.mjs');
  writeFileSync(script, source);
  return { script, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Never answers, as a reader deep in a document that would take it minutes; it ends with the
 * test's process, should a test fail before it is ended.
 */
export const BUSY_READER =
  "process.on('disconnect', () => process.exit(0)); setInterval(() => {}, 60_000);";
