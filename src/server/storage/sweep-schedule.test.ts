import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startImageSweeps } from './sweep-schedule.ts';
import { SWEEP_GRACE_MS } from './sweep.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const log = { info: vi.fn(), warn: vi.fn() };

test('sweeps at the start, then every grace age, until stopped', async () => {
  const sweep = vi.fn(async () => 0);
  const sweeps = startImageSweeps({ sweep, log });
  expect(sweep).toHaveBeenCalledTimes(1);

  // What a crash left just before the start is younger than the grace age at the first sweep:
  // the next one, an hour later, takes it.
  await vi.advanceTimersByTimeAsync(SWEEP_GRACE_MS - 1);
  expect(sweep).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(sweep).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(SWEEP_GRACE_MS);
  expect(sweep).toHaveBeenCalledTimes(3);

  await sweeps.stop();
  await vi.advanceTimersByTimeAsync(10 * SWEEP_GRACE_MS);
  expect(sweep).toHaveBeenCalledTimes(3);
});

test('a sweep never overlaps the one under way, and stop waits for it', async () => {
  let finish!: (removed: number) => void;
  const sweep = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
  const sweeps = startImageSweeps({ sweep, log, intervalMs: 1000 });
  await vi.advanceTimersByTimeAsync(5000);
  expect(sweep).toHaveBeenCalledTimes(1);

  let isStopped = false;
  const stopped = sweeps.stop().then(() => (isStopped = true));
  await Promise.resolve();
  expect(isStopped).toBe(false);
  finish(3);
  await stopped;
  expect(log.info).toHaveBeenCalledWith({ removed: 3 }, 'removed unreferenced image files');
});

test('stop asks the sweep under way to end early, then waits for it', async () => {
  const sweep = vi.fn(
    (stopping: AbortSignal) =>
      new Promise<number>((resolve) => stopping.addEventListener('abort', () => resolve(1))),
  );
  const sweeps = startImageSweeps({ sweep, log, intervalMs: 1000 });
  await sweeps.stop();
  expect(sweep).toHaveBeenCalledTimes(1);
  expect(log.info).toHaveBeenCalledWith({ removed: 1 }, 'removed unreferenced image files');
});

test('a failed sweep is logged and the next one still runs', async () => {
  const sweep = vi.fn().mockRejectedValueOnce(new Error('disk gone')).mockResolvedValue(0);
  const sweeps = startImageSweeps({ sweep, log, intervalMs: 1000 });
  await vi.advanceTimersByTimeAsync(1000);
  expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'image sweep failed');
  expect(sweep).toHaveBeenCalledTimes(2);
  await sweeps.stop();
});
