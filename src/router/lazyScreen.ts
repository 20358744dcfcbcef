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

/** Rendered when a listener handled the failure itself (typically by reloading). */
const Handled: ComponentType = () => null;

/**
 * Wraps a dynamic import of a screen module for `React.lazy`.
 * @param load e.g. `() => import('../screens/LoginScreen')`
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      const event = new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { cancelable: true, detail: { error } });
      window.dispatchEvent(event);
      if (!event.defaultPrevented) throw error;
      return { default: Handled };
    }
  });
}
