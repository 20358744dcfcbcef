/**
 * Parts of a screen that are not on screen at its first paint (dialogs, menus): their code
 * loads once the page is idle after that paint, or at once when they are needed before
 * (issue 5 "Weight of the pages"). Until then they render nothing.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

/**
 * Runs `task` when the browser is next idle (`requestIdleCallback`, else a 0 ms timeout).
 * @returns a function that cancels it if it has not run yet
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 0);
  return () => window.clearTimeout(handle);
}

/** A component whose code loads on idle or on first need; `preload()` starts loading it now. */
export interface DeferredComponent<P> {
  (props: P): ReactNode;
  /** Loads the module once (later calls share it); rejects when the chunk cannot be fetched, a later call tries again. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * Wraps a lazily imported component.
 * @param load e.g. `() => import('./BuildingFormDialog').then((m) => m.BuildingFormDialog)`
 * @param needed whether these props show something (e.g. `(p) => p.open`): then the code is
 *   fetched at once and the component shows as soon as it is in. Once loaded the component
 *   always renders, as a static import would (so closing animations still play).
 * @param fallback what shows while needed and loading (e.g. the list's skeleton); nothing by default
 * @returns the component; a failed load while needed reaches the nearest error boundary
 */
export function lazyOnIdle<P extends object>(
  load: () => Promise<ComponentType<P>>,
  needed: (props: P) => boolean,
  fallback: ReactNode = null,
): DeferredComponent<P> {
  let loaded = false;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = true;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function Deferred(props: P) {
    const [ready, setReady] = useState(loaded);
    useEffect(() => {
      if (ready) return;
      let live = true;
      const cancel = whenIdle(() =>
        void preload().then(
          () => live && setReady(true),
          () => undefined, // tried again when needed, where a failure is reported
        ),
      );
      return () => {
        live = false;
        cancel();
      };
    }, [ready]);
    if (!ready && !needed(props)) return null;
    // One tree shape whether it suspended on need or was ready from idle, so it never remounts.
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Deferred.preload = preload;
  return Deferred;
}

/**
 * Starts loading `components` once the calling component has painted (not on idle: for the
 * parts its data will show, such as a list behind its skeleton, fetched alongside the data).
 */
export function usePreload(...components: readonly { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    for (const component of components) component.preload().catch(() => undefined); // reported when rendered
    // Loads once per mount; the components are module constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
