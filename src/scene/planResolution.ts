/**
 * Which bitmap of a floor plan to draw, and whether its layer can be cached, from the
 * viewport scale alone. Pure: no React, no Konva, no DOM.
 *
 * A large plan comes as a display version (at most 4096 px on its long side) and its
 * original; both are drawn at the original's natural size, so the scene's plan px and
 * every percent position are the same whichever is shown.
 */

/** Sizes of a plan's bitmaps, px. */
export interface PlanBitmaps {
  /** The original's natural size: the scene's plan px. */
  naturalWidth: number;
  /** The display version's size; equal to the natural width when it is the original. */
  displayWidth: number;
  /** True when an original larger than the display version can be loaded. */
  hasOriginal: boolean;
}

/**
 * Display-version pixels per device pixel on screen at a viewport scale. Below 1 the
 * display version is stretched, so it looks blurry.
 *
 * @param scale viewport scale, CSS px per natural plan px
 * @param pixelRatio device px per CSS px (`devicePixelRatio`)
 */
export function displayPixelsPerScreenPixel(plan: Pick<PlanBitmaps, 'naturalWidth' | 'displayWidth'>, scale: number, pixelRatio: number): number {
  const screenPxPerNaturalPx = scale * pixelRatio;
  if (!(screenPxPerNaturalPx > 0) || !(plan.naturalWidth > 0)) return Infinity;
  return plan.displayWidth / plan.naturalWidth / screenPxPerNaturalPx;
}

/** True when the original should be shown: it exists, is larger, and the display version would be stretched (< 1 px per screen px). */
export function wantsOriginal(plan: PlanBitmaps, scale: number, pixelRatio: number): boolean {
  return plan.hasOriginal && plan.displayWidth < plan.naturalWidth && displayPixelsPerScreenPixel(plan, scale, pixelRatio) < 1;
}

/** Longest side of a plan-layer cache, device px: past this the cache costs more memory than the redraws it saves. */
export const MAX_CACHE_SIDE = 4096;

/**
 * The cache pixel ratio (cache px per plan px) that makes a cached plan layer exactly
 * one cache px per device px at this scale, so a pan only copies pixels 1:1; or null
 * when such a cache would be larger than {@link MAX_CACHE_SIDE} on its long side (zoomed
 * far in: draw the plan directly, only its visible part is sampled).
 *
 * @param natural the plan's natural size, px
 * @param scale viewport scale, CSS px per plan px
 * @param pixelRatio device px per CSS px
 */
export function planCachePixelRatio(natural: { width: number; height: number }, scale: number, pixelRatio: number): number | null {
  const ratio = scale * pixelRatio;
  if (!(ratio > 0)) return null;
  const longSide = Math.max(natural.width, natural.height) * ratio;
  return longSide > 0 && longSide <= MAX_CACHE_SIDE ? ratio : null;
}
