/**
 * Lazy screens (SPEC.md section 2): each screen is its own chunk. A failed chunk load
 * dispatches a cancelable `preload-error` CustomEvent on `window` (detail `{ error }`,
 * after Vite's `vite:preloadError`) and is rethrown unless a listener called
 * `preventDefault()`; the rethrown error reaches `ScreenErrorBoundary`.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

export const PRELOAD_ERROR_EVENT = 'preload-error';

export interface PreloadErrorDetail {
  error: unknown;
}

/** A screen's module: the screen is its default export. */
export interface ScreenModule {
  default: ComponentType;
}

/** Each lazy screen's module loader, for `preloadScreen`. */
const loaders = new WeakMap<LazyExoticComponent<ComponentType>, () => Promise<ScreenModule>>();

/** Rendered when a listener handled the failure itself (typically by reloading). */
const Handled: ComponentType = () => null;

/**
 * Wraps a dynamic import of a screen module for `React.lazy`.
 * @param load e.g. `() => import('../screens/LoginScreen')`
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> {
  const screen = lazy(async () => {
    try {
      return await load();
    } catch (error) {
      const event = new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { cancelable: true, detail: { error } });
      window.dispatchEvent(event);
      if (!event.defaultPrevented) throw error;
      return { default: Handled };
    }
  });
  loaders.set(screen, load);
  return screen;
}

/**
 * Starts loading a lazy screen's module before it renders (the same module the render
 * will use: modules load once). Resolves to the module, or to null when it fails: the
 * screen's own render then meets the failure and reports it as `lazyScreen` says.
 */
export function preloadScreen(screen: LazyExoticComponent<ComponentType>): Promise<ScreenModule | null> {
  const load = loaders.get(screen);
  return load ? load().catch(() => null) : Promise.resolve(null);
}
