/**
 * Where and how sharp to cache a layer of plan-wide content (every marker), from the
 * plan size and the viewport scale. Pure: no React, no Konva, no DOM.
 */
import { MAX_CACHE_SIDE } from './planResolution';

/** How far marker drawings reach past their centre (ring, hover growth, label), CSS px. */
export const MARKER_REACH_PX = 100;

/** A Konva `cache()` area: plan px, and the cache px per plan px. */
export interface CacheArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly pixelRatio: number;
}

/**
 * The area to cache so the whole plan, plus `reachPx` CSS px of marker drawing around it,
 * is one bitmap at exactly one cache px per device px at this scale (a pan or a redraw
 * then copies pixels 1:1); or null when that bitmap would be longer than
 * {@link MAX_CACHE_SIDE} on a side (zoomed far in: draw the nodes, the canvas clips them).
 *
 * @param plan the plan's natural size, px
 * @param scale viewport scale, CSS px per plan px
 * @param pixelRatio device px per CSS px
 * @param reachPx margin around the plan, CSS px
 */
export function planCacheArea(plan: { width: number; height: number }, scale: number, pixelRatio: number, reachPx = MARKER_REACH_PX): CacheArea | null {
  const ratio = scale * pixelRatio;
  if (!(ratio > 0) || !(plan.width > 0) || !(plan.height > 0)) return null;
  const margin = reachPx / scale;
  const width = plan.width + 2 * margin;
  const height = plan.height + 2 * margin;
  if (Math.max(width, height) * ratio > MAX_CACHE_SIDE) return null;
  return { x: -margin, y: -margin, width, height, pixelRatio: ratio };
}
