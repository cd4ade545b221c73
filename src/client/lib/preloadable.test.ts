import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.ts';

function Screen(props: { title: string }) {
  return props.title;
}

/** What rendering the component does: an element, or what it throws (a promise suspends). */
function render<Props extends object>(component: (props: Props) => unknown, props: Props) {
  try {
    return { element: component(props) as ReactElement<Props> };
  } catch (thrown) {
    return { thrown };
  }
}

describe('preloadable', () => {
  it('loads the code once, however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Screen));
    const screen = preloadable(load);
    const [first, second] = await Promise.all([screen.preload(), screen.preload()]);
    expect(first).toBe(Screen);
    expect(second).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once when the code was preloaded, without suspending', async () => {
    const screen = preloadable(() => Promise.resolve(Screen));
    await screen.preload();
    const { element, thrown } = render(screen.Component, { title: 'Dashboard' });
    expect(thrown).toBeUndefined();
    expect(element?.type).toBe(Screen);
    expect(element?.props).toEqual({ title: 'Dashboard' });
  });

  it('suspends until the code arrives, then renders it', async () => {
    let arrive = (_component: typeof Screen) => {};
    const load = vi.fn(() => new Promise<typeof Screen>((resolve) => (arrive = resolve)));
    const screen = preloadable(load);

    const { thrown } = render(screen.Component, { title: 'Rules' });
    expect(thrown).toBeInstanceOf(Promise);
    expect(load).toHaveBeenCalledTimes(1);

    arrive(Screen);
    await thrown;
    expect(render(screen.Component, { title: 'Rules' }).element?.type).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load to the error boundary, and loads again on the next try', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const load = vi
      .fn<() => Promise<typeof Screen>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(Screen);
    const screen = preloadable(load);

    const suspended = render(screen.Component, { title: 'History' }).thrown;
    // The promise Suspense waits on settles either way: a rejection would leave it waiting.
    await expect(suspended).resolves.toBeUndefined();
    expect(render(screen.Component, { title: 'History' }).thrown).toBe(failure);

    const retry = render(screen.Component, { title: 'History' }).thrown;
    expect(retry).toBeInstanceOf(Promise);
    await retry;
    expect(render(screen.Component, { title: 'History' }).element?.type).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers a failed preload with the failure, for the caller to ignore or report', async () => {
    const failure = new Error('offline');
    const screen = preloadable(() => Promise.reject(failure));
    await expect(screen.preload()).rejects.toBe(failure);
  });
});
