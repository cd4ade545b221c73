// The processes under test: each server runs in a child process of its own, so autocannon
// (in the bench process) never competes with it for the same event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or the signal's name) when the process has ended. */
  exited: Promise<number | string>;
}

/** A port nothing listens on now: the OS picks it, we release it and hand it to the child. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node <args>`; its output goes straight to ours, so its warnings and crashes show. */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (child.pid === undefined) throw new Error(`${name}: could not start node`);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { name, process: child, pid: child.pid, exited };
}

/** Polls `url` until it answers 2xx; throws if the child exits first or takes too long. */
export async function waitUntilReady(
  child: Child,
  url: string,
  { timeoutMs = 30_000, pollMs = 100 } = {},
) {
  let hasExited = false;
  void child.exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited)
      throw new Error(`${child.name} exited before it was ready (see its output above)`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(pollMs);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * SIGTERM and wait: the server closes gracefully, which is also when `--cpu-prof` writes its
 * profile. SIGKILL only if it hangs.
 */
export async function stop(child: Child, timeoutMs = 15_000) {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return child.exited;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.warn(`${child.name} did not exit ${timeoutMs / 1000} s after SIGTERM; killing it`);
    child.process.kill('SIGKILL');
  }, timeoutMs);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

/** Resident memory of a live process in MiB, from /proc (Linux only; null elsewhere). */
export function memoryOf(pid: number): { rssMiB: number; peakRssMiB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kiB = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssMiB: kiB('VmRSS') / 1024, peakRssMiB: kiB('VmHWM') / 1024 };
  } catch {
    return null;
  }
}
