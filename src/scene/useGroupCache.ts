import { createContext, useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type Konva from 'konva';
import type { CacheArea } from './layerCache';

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
 * @returns `invalidate()`, stable; provide it through {@link GroupCacheContext}
 */
export function useGroupCache(group: RefObject<Konva.Group | null>, area: CacheArea | null): () => void {
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
    current.current = area;
    recache();
  });
  return invalidate;
}
