import type Konva from 'konva';

/**
 * Draws `children`, just added on top of the other children of the cached `group`, into
 * the group's cache bitmaps (scene and, once built, hit) instead of re-caching the whole
 * group: a floor's markers mount in slices (issue 5), and re-drawing every marker mounted
 * so far on each slice would make the last slices as long as mounting all at once. The
 * result is what a full `cache()` would draw, since these children are drawn last.
 *
 * Konva has no public API for this: it follows `Node.cache()` (Konva 10) on the cache it
 * stored, and returns false (the caller re-caches) when there is no cache to paint into.
 *
 * @param group a cached group whose last children are `children`
 * @param children nodes to draw, bottom first
 * @returns true when they were painted, false when `group` holds no cache
 */
export function paintOntoCache(group: Konva.Group, children: readonly Konva.Node[]): boolean {
  const cache = group._getCanvasCache();
  if (!cache) return false;
  const { scene, hit } = cache;
  const wasUnderCache = group._isUnderCache;
  group._isUnderCache = true;
  try {
    scene.getContext().save();
    scene.getContext().translate(-cache.x, -cache.y);
    for (const child of children) child.drawScene(scene, group);
    scene.getContext().restore();
    // Konva builds the hit bitmap when it is first needed, from every child: nothing to add before that.
    if (hit) {
      hit.getContext().save();
      hit.getContext().translate(-cache.x, -cache.y);
      for (const child of children) child.drawHit(hit, group);
      hit.getContext().restore();
    }
  } finally {
    group._isUnderCache = wasUnderCache;
  }
  group._requestDraw();
  return true;
}
