import { useEffect, useState } from 'react';
import type { ScenePlan } from './usePlanImage';

interface Loaded {
  readonly plan: ScenePlan;
  readonly image: HTMLImageElement;
}

/**
 * The original bitmap of a large plan, once it has been wanted. The first time `wanted`
 * is true for a plan, calls `plan.loadOriginal` (once per plan, never again for it, even
 * after a failure) and decodes the image before handing it over, so swapping it in for
 * the display version never shows an empty frame. Its object URL is revoked, and a load
 * in flight aborted, when the plan changes or the component unmounts.
 *
 * @param wanted true when the display version would look blurry (see `wantsOriginal`)
 * @returns the decoded original, or null before it is wanted, while it loads, on failure
 * (the display version stays) and for a plan that has no separate original
 */
export function useOriginalPlan(plan: ScenePlan, wanted: boolean): HTMLImageElement | null {
  const [requested, setRequested] = useState<ScenePlan | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Derived during render (React's "adjust state on prop change"): the request outlives
  // `wanted`, so zooming out and in again never loads twice.
  if (wanted && plan.loadOriginal !== null && requested !== plan) setRequested(plan);
  const load = requested === plan ? plan.loadOriginal : null;

  useEffect(() => {
    if (load === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const fetchAndDecode = async () => {
      const blob = await load(controller.signal);
      if (controller.signal.aborted) return;
      objectUrl = URL.createObjectURL(blob);
      const image = new window.Image();
      image.src = objectUrl;
      await image.decode();
      if (!controller.signal.aborted) setLoaded({ plan, image });
    };
    // A failed original is not an error for the user: the display version stays shown.
    fetchAndDecode().catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [load, plan]);

  return loaded !== null && loaded.plan === plan ? loaded.image : null;
}
