/**
 * Loads the shell's overlays (`shellOverlays.tsx`) off the first paint (issue 5 "Weight of
 * the pages") and tells the triggers when they are there.
 *
 * The module starts loading once the shell has rendered (after the screen's own chunk was
 * asked for), or when a trigger is hovered or clicked (`useShellOverlays().preload`). Until
 * it is in, the bell draws a stand-in that looks the same but is hidden from assistive
 * technology and the tab order (`standInProps`), so the real bell is the only one ever
 * focused or announced; a click on the stand-in is remembered (`requestOpen`) and the
 * popover opens as soon as the module is in. (The user menu swaps its button on first use
 * instead: see `UserMenu`.)
 */
import { createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { logger } from '../lib/logger';
import type * as ShellOverlaysModule from './shellOverlays';

export type ShellOverlays = typeof ShellOverlaysModule;
/** The overlays a trigger can ask to open before the module is loaded. */
export type OverlayKey = 'notifications';

let loaded: ShellOverlays | null = null;
let loading: Promise<ShellOverlays> | null = null;

/**
 * Imports the overlays module once; later calls share the promise.
 * @returns the module; rejects when the chunk cannot be fetched (a later call tries again)
 */
export function loadShellOverlays(): Promise<ShellOverlays> {
  loading ??= import('./shellOverlays').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

interface ShellOverlaysValue {
  /** The module once loaded, else null. */
  overlays: ShellOverlays | null;
  /** Starts loading (hover). */
  preload: () => void;
  /** A trigger was clicked before the module was in: load it, then open that overlay. */
  requestOpen: (key: OverlayKey) => void;
  /** The overlay asked for by a click before loading, if any. */
  openOnLoad: OverlayKey | null;
}

const ShellOverlaysContext = createContext<ShellOverlaysValue>({
  overlays: null,
  preload: () => undefined,
  requestOpen: () => undefined,
  openOnLoad: null,
});

/** The overlays for the shell's triggers (null until loaded) and the means to ask for them. */
export function useShellOverlays(): ShellOverlaysValue {
  return use(ShellOverlaysContext);
}

/** Wrap the signed-in shell in it. */
export function ShellOverlaysProvider({ children }: { children: ReactNode }) {
  const [overlays, setOverlays] = useState<ShellOverlays | null>(loaded);
  const [openOnLoad, setOpenOnLoad] = useState<OverlayKey | null>(null);
  const preload = useCallback(() => {
    if (loaded) return;
    loadShellOverlays().then(
      (module) => setOverlays(module),
      (error: unknown) => logger.error('Could not load the menus and popovers of the shell', error),
    );
  }, []);

  const requestOpen = useCallback(
    (key: OverlayKey) => {
      setOpenOnLoad(key);
      preload();
    },
    [preload],
  );

  useEffect(preload, [preload]);

  const value = useMemo(() => ({ overlays, preload, requestOpen, openOnLoad }), [overlays, preload, requestOpen, openOnLoad]);
  return <ShellOverlaysContext value={value}>{children}</ShellOverlaysContext>;
}

/**
 * Props that make a trigger's stand-in inert for the keyboard and assistive technology
 * while the overlays load, yet load them on hover and open `key`'s overlay on click.
 */
export function standInProps({ preload, requestOpen }: Pick<ShellOverlaysValue, 'preload' | 'requestOpen'>, key: OverlayKey) {
  return {
    'aria-hidden': true,
    tabIndex: -1,
    onPointerEnter: preload,
    onClick: () => requestOpen(key),
  } as const;
}
