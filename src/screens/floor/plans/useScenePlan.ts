import { useMemo } from 'react';
import { fetchFloorPlanImage, type CurrentPlanFiles } from '../../../api/floors';
import { usePlanObjectUrl, type PlanObjectUrl } from '../../../lib/usePlanObjectUrl';
import type { PlanVariants } from '../../../scene/planVariants';

/** The plan image to give `FloorScene`, and the variants to provide around it. */
export interface ScenePlanSource extends PlanObjectUrl {
  /** For `PlanVariantsContext`; null while loading or without the plan's files. */
  variants: PlanVariants | null;
}

/**
 * Loads the plan the floor scene shows: the display version when the floor has one (at
 * most 4096 px), else the original at `imageUrl`, with the bearer header, as an object
 * URL. The variants tell the scene the original's natural size and how to fetch the
 * original (through the authenticated API client) when it zooms in past the display
 * version's detail.
 *
 * @param imageUrl the current plan's API path (`FloorWithImage.image_url`)
 * @param files the current plan's files (`currentPlanFiles(floor)`), or null when unknown
 */
export function useScenePlan(imageUrl: string, files: CurrentPlanFiles | null): ScenePlanSource {
  const loaded = usePlanObjectUrl(files?.displayUrl ?? imageUrl);
  const objectUrl = loaded.objectUrl;
  const displayBlob = loaded.blob;
  const naturalWidth = files?.width;
  const naturalHeight = files?.height;
  const originalUrl = files && files.displayUrl !== files.originalUrl ? files.originalUrl : null;
  const variants = useMemo<PlanVariants | null>(() => {
    if (objectUrl === null || naturalWidth === undefined || naturalHeight === undefined) return null;
    return {
      forUrl: objectUrl,
      naturalWidth,
      naturalHeight,
      displayBlob,
      loadOriginal: originalUrl === null ? null : (signal) => fetchFloorPlanImage(originalUrl, signal),
    };
  }, [objectUrl, displayBlob, naturalWidth, naturalHeight, originalUrl]);
  return { ...loaded, variants };
}
