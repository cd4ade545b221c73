import { SWEEP_GRACE_MS } from './sweep.ts';

interface SweepLog {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

/**
 * Runs the image sweep at start-up and then every `intervalMs` (an hour, the sweep's grace
 * age), started by main.ts. A sweep at start-up alone would leave what a crash left minutes
 * before it (still younger than the grace age) until the next restart, which may never come;
 * a removal that failed while the server ran, likewise. Runs never overlap, the timer does not
 * keep the process alive, and `stop` asks the run under way to end early (`stopping`: a sweep
 * of a large bucket takes minutes, and a shutdown waits for it), then waits for it.
 */
export function startImageSweeps({
  sweep,
  log,
  intervalMs = SWEEP_GRACE_MS,
}: {
  sweep: (stopping: AbortSignal) => Promise<number>;
  log: SweepLog;
  intervalMs?: number;
}) {
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sweep(stopping.signal)
      .then(
        (removed) => removed > 0 && log.info({ removed }, 'removed unreferenced image files'),
        (error: unknown) => log.warn({ err: error }, 'image sweep failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  // In the background: the server is already answering.
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
