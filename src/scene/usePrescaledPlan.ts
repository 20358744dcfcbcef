import { useEffect, useState } from 'react';
import { canPrescale, prescalePlan } from './prescalePlan';
import type { ScenePlan } from './usePlanImage';

interface Request {
  readonly plan: ScenePlan;
  readonly ratio: number;
}

interface Result extends Request {
  readonly bitmap: ImageBitmap | null;
}

/** What the plan layer may draw instead of the display version. */
export interface PrescaledPlan {
  /** The display version scaled to the plan's natural size × `ratio`, or null. */
  readonly bitmap: ImageBitmap | null;
  /** True while a bitmap for this plan and ratio is being made: the caller waits for it rather than drawing the display version. */
  readonly pending: boolean;
}

/**
 * The plan's display version decoded and scaled off the main thread (`prescalePlan`) to
 * exactly the size the plan layer's cache wants at `ratio` (cache px per plan px), so
 * caching it copies pixels instead of decoding and downscaling a 4096 px image on the
 * main thread (issue 5). Only asked for while `wanted` (the layer has not been shown yet),
 * once per plan and ratio (a ratio change meanwhile, e.g. the stage's first measured size,
 * asks again); the bitmap is returned as long as `ratio` stays the one it was made for.
 * A plan without its bytes (`displayBlob`), or a browser without workers, never waits.
 *
 * @param plan the loaded plan
 * @param ratio the cache's pixel ratio, or null when the layer is not cached or shows the original
 * @param wanted true while a bitmap for a new ratio is worth waiting for
 */
export function usePrescaledPlan(plan: ScenePlan, ratio: number | null, wanted: boolean): PrescaledPlan {
  const [request, setRequest] = useState<Request | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const possible = ratio !== null && plan.displayBlob !== null && canPrescale();
  // Derived during render (React's "adjust state on prop change"), as `useOriginalPlan` does.
  if (wanted && possible && (request === null || request.plan !== plan || request.ratio !== ratio)) setRequest({ plan, ratio });

  useEffect(() => {
    const blob = request?.plan.displayBlob;
    if (!request || !blob) return;
    const controller = new AbortController();
    let made: ImageBitmap | null = null;
    const { plan: forPlan, ratio: forRatio } = request;
    prescalePlan(blob, forPlan.naturalWidth * forRatio, forPlan.naturalHeight * forRatio, controller.signal).then(
      (bitmap) => {
        made = bitmap;
        setResult({ plan: forPlan, ratio: forRatio, bitmap });
      },
      // Aborted: this request was replaced or the layer left; a failure draws the display version.
      () => undefined,
    );
    return () => {
      controller.abort();
      made?.close();
    };
  }, [request]);

  const matches = (r: Request | null) => r !== null && r.plan === plan && r.ratio === ratio;
  return {
    bitmap: matches(result) && matches(request) ? (result?.bitmap ?? null) : null,
    pending: possible && matches(request) && !matches(result),
  };
}
