import { useContext, useEffect, useMemo, useState } from 'react';
import { PlanVariantsContext, type PlanVariants } from './planVariants';

/**
 * A loaded floor plan as the scene draws it: the display image, shown stretched to the
 * original's natural size, and how to get the original (see `PlanLayer`).
 */
export interface ScenePlan {
  /** The original's natural size, px: the scene's plan px. */
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  /** The loaded display image (the original itself for a plan of at most 4096 px). */
  readonly display: HTMLImageElement;
  /** The display image's bytes, when known (`PlanVariants.displayBlob`), else null. */
  readonly displayBlob: Blob | null;
  /** Fetches the original; null when `display` is the original. */
  readonly loadOriginal: PlanVariants['loadOriginal'];
}

/** The loaded floor plan, or null while loading, on error, or without a URL. */
export interface PlanImage {
  readonly image: ScenePlan | null;
  /** `'idle'` without a URL. */
  readonly status: 'idle' | 'loading' | 'loaded' | 'error';
}

interface Loaded {
  readonly url: string;
  readonly image: HTMLImageElement | null;
  readonly failed: boolean;
}

/**
 * Loads `url` (an object URL or same-origin URL, so no `crossOrigin` is needed) into an
 * `HTMLImageElement`. The result belongs to the URL it was loaded for: when `url` changes
 * the previous image is dropped at once rather than shown under the new floor's devices.
 * When a {@link PlanVariantsContext} for this URL is provided, the plan takes the
 * original's natural size from it and can load the original; else the image is the plan.
 */
export function usePlanImage(url: string | null): PlanImage {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const provided = useContext(PlanVariantsContext);
  const variants = provided !== null && provided.forUrl === url ? provided : null;
  const shown = loaded !== null && loaded.url === url ? loaded.image : null;
  // One object per image and variants, so the scene's effects keyed on it run once per plan.
  const plan = useMemo<ScenePlan | null>(() => {
    if (shown === null) return null;
    return {
      naturalWidth: variants?.naturalWidth ?? shown.naturalWidth,
      naturalHeight: variants?.naturalHeight ?? shown.naturalHeight,
      display: shown,
      displayBlob: variants?.displayBlob ?? null,
      loadOriginal: variants?.loadOriginal ?? null,
    };
  }, [shown, variants]);

  useEffect(() => {
    if (url === null) return;
    const image = new window.Image();
    let current = true;
    image.onload = () => {
      if (current) setLoaded({ url, image, failed: false });
    };
    image.onerror = () => {
      if (current) setLoaded({ url, image: null, failed: true });
    };
    image.src = url;
    return () => {
      // A late load of a URL we left must not replace the current one.
      current = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);

  if (url === null) return { image: null, status: 'idle' };
  if (loaded === null || loaded.url !== url) return { image: null, status: 'loading' };
  return plan === null ? { image: null, status: 'error' } : { image: plan, status: 'loaded' };
}
