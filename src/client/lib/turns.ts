/**
 * Work that waits its turn: each callback runs in a task of its own, first come first served.
 *
 * A phone runs the page's JavaScript about four times slower than the machines it is built on,
 * and a task that holds the main thread for more than 50 ms delays the next tap (Lighthouse's
 * Total Blocking Time counts every millisecond past 50). Rendering a whole screen of cards in
 * one task is such a task; rendering them one per task is not, and the browser can paint and
 * answer input between them.
 */
export type AwaitTurn = (callback: () => void) => () => void;

/**
 * A queue whose callbacks run one per `post`ed task. `post` schedules its argument as a new
 * task; the tests pass their own, so that they can run the tasks one by one.
 */
export function createTurns(post: (runNext: () => void) => void): AwaitTurn {
  const waiting: (() => void)[] = [];

  function runNext() {
    const callback = waiting.shift();
    if (waiting.length > 0) post(runNext);
    callback?.();
  }

  return function awaitTurn(callback) {
    waiting.push(callback);
    if (waiting.length === 1) post(runNext);
    return function cancel() {
      const index = waiting.indexOf(callback);
      if (index >= 0) waiting.splice(index, 1);
    };
  };
}

/**
 * The app's one queue, so that turns taken anywhere on a screen never share a task. A message
 * to itself is a new task at once, where `setTimeout` is clamped to 4 ms after a few nested
 * calls and slowed further in a hidden tab.
 */
const channel = new MessageChannel();
export const awaitTurn = createTurns((runNext) => {
  channel.port1.onmessage = runNext;
  channel.port2.postMessage(null);
});
