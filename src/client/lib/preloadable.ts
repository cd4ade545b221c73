import { createElement, type ComponentType, type ReactElement } from 'react';

export interface Preloadable<Props> {
  /** Renders the component; until its code is here it suspends, as `lazy` does. */
  Component: (props: Props) => ReactElement;
  /** Starts loading the code, once; later calls answer the same promise. */
  preload: () => Promise<ComponentType<Props>>;
}

/**
 * A component whose code loads on demand, like `lazy`, and can be asked to load ahead. Unlike
 * `lazy` it renders at once when its code has already arrived: `lazy` suspends on its first
 * render even then, so a screen preloaded while the login check ran still showed its fallback
 * for a frame and rendered a second time, one long task more on a phone before the trader saw
 * it. A failed load is forgotten, so the next render tries again.
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Preloadable<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  let failure: { error: unknown } | undefined;

  function preload() {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        failure = { error };
        throw error;
      },
    );
    return loading;
  }

  function Component(props: Props): ReactElement {
    if (loaded) return createElement(loaded, props);
    if (failure) {
      const { error } = failure;
      failure = undefined;
      throw error;
    }
    // Suspense shows its fallback until the promise settles, then renders this again.
    throw preload().catch(() => undefined);
  }

  return { Component, preload };
}
