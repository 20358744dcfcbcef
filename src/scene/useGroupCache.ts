import { createContext, useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type Konva from 'konva';
import type { CacheArea } from './layerCache';
import { paintOntoCache } from './paintOntoCache';

const sameArea = (a: CacheArea | null, b: CacheArea | null): boolean =>
  a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.pixelRatio === b.pixelRatio;

/**
 * Tells the cached group above a node that its drawing changed. Markers call it after
 * each of their own renders (a hover, a status change) so the bitmap is redrawn.
 */
export const GroupCacheContext = createContext<(() => void) | null>(null);

/**
 * Keeps a Konva group cached as one bitmap over `area` (see `planCacheArea`), so drawing
 * its layer (a pan, a zoom, a hover) blits one image instead of drawing every child, as a
 * bare-Konva layer cache would. Re-caches after every render of the calling component
 * (its layout effect runs after the children's) and, through the returned `invalidate`,
 * after a render of a single child: coalesced in a microtask, before Konva's next draw.
 * A null area draws the children directly. Hit detection reads the cached hit bitmap at
 * the same resolution.
 *
 * `added`, when given, is asked after each render of the caller which children that
 * render only added on top (nothing else changed): they are painted onto the existing
 * bitmap (`paintOntoCache`) instead of re-caching every child. It returns null when the
 * render changed anything else.
 *
 * @returns `invalidate()`, stable; provide it through {@link GroupCacheContext}
 */
export function useGroupCache(
  group: RefObject<Konva.Group | null>,
  area: CacheArea | null,
  added?: () => readonly Konva.Node[] | null,
): () => void {
  const current = useRef(area);
  const dirty = useRef(false);

  const recache = useCallback(() => {
    dirty.current = false;
    const node = group.current;
    if (!node) return;
    const next = current.current;
    if (next) node.cache({ ...next, hitCanvasPixelRatio: next.pixelRatio });
    else if (node.isCached()) {
      node.clearCache();
      node.getLayer()?.batchDraw();
    }
  }, [group]);

  const invalidate = useCallback(() => {
    if (dirty.current) return;
    dirty.current = true;
    queueMicrotask(() => {
      if (dirty.current) recache();
    });
  }, [recache]);

  useLayoutEffect(() => {
    const unchangedArea = sameArea(current.current, area);
    current.current = area;
    const fresh = added?.() ?? null;
    const node = group.current;
    if (fresh && unchangedArea && node?.isCached()) {
      // The markers that just mounted asked for a re-cache; painting them covers it.
      dirty.current = false;
      if (fresh.length === 0 || paintOntoCache(node, fresh)) return;
    }
    recache();
  });
  return invalidate;
}
