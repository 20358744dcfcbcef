import { memo, useLayoutEffect, useRef, useState } from 'react';
import Konva from 'konva';
import { Group, Image as KonvaImage, Layer, Rect } from 'react-konva';
import { counterScale } from './geometry';
import { planCachePixelRatio, wantsOriginal } from './planResolution';
import type { ScenePlan } from './usePlanImage';
import { useOriginalPlan } from './useOriginalPlan';
import { usePrescaledPlan } from './usePrescaledPlan';

interface PlanLayerProps {
  image: ScenePlan;
  /** Viewport scale, CSS px per natural plan px. */
  scale: number;
}

/** Konva names of the plan's nodes, for tests and tools. */
export const PLAN_GROUP_NAME = 'plan';
export const PLAN_IMAGE_NAME = 'plan-image';

/**
 * The floor plan, drawn at its natural size at 0,0 (the scene's plan px), on a layer that
 * never listens (nothing on it is clicked, so Konva skips its hit canvas). A white sheet
 * under the image keeps plans with transparent backgrounds readable on a dark theme.
 *
 * A large plan shows its display version stretched to the natural size, and swaps to the
 * original (loaded once, decoded before the swap) while the display version would be
 * stretched past one of its px per device px; zoomed out again, the lighter display
 * version is drawn. The first view's display version comes decoded and scaled to the
 * cache's size off the main thread when the screen gave its bytes (`usePrescaledPlan`).
 * While the whole plan fits a 4096 px canvas at screen resolution, the
 * sheet and image are cached as one bitmap at exactly that resolution, so a pan copies
 * pixels 1:1 and never re-rasterizes the plan, its sheet or its shadow.
 */
function PlanLayerView({ image: plan, scale }: PlanLayerProps) {
  const { naturalWidth: width, naturalHeight: height } = plan;
  const pixelRatio = Konva.pixelRatio;
  const wanted = wantsOriginal(
    { naturalWidth: width, displayWidth: plan.display.naturalWidth, hasOriginal: plan.loadOriginal !== null },
    scale,
    pixelRatio,
  );
  const original = useOriginalPlan(plan, wanted);
  const cacheRatio = planCachePixelRatio({ width, height }, scale, pixelRatio);
  const perCssPx = counterScale(scale);

  const group = useRef<Konva.Group>(null);
  // Hidden until the first cache: Konva draws a layer as soon as it joins the stage, and
  // rasterizing a 4096 px plan there, then again into the cache, doubled the floor
  // page's longest task (issue 5).
  const [ready, setReady] = useState(false);
  // The first cache waits for the display version scaled to its size in a worker, rather
  // than decoding and downscaling it here (issue 5); later zooms draw as before.
  const prescaled = usePrescaledPlan(plan, wanted ? null : cacheRatio, !ready);
  const bitmap = wanted && original !== null ? original : (prescaled.bitmap ?? plan.display);
  useLayoutEffect(() => {
    const node = group.current;
    if (!node || prescaled.pending) return;
    if (cacheRatio === null) node.clearCache();
    else node.cache({ pixelRatio: cacheRatio });
    node.getLayer()?.batchDraw();
    setReady(true);
  }, [cacheRatio, bitmap, width, height, prescaled.pending]);

  return (
    <Layer listening={false} visible={ready}>
      <Group ref={group} name={PLAN_GROUP_NAME}>
        <Rect
          width={width}
          height={height}
          fill="#ffffff"
          stroke="rgba(15, 23, 42, 0.18)"
          strokeWidth={1}
          strokeScaleEnabled={false}
          shadowColor="#000000"
          shadowOpacity={0.18}
          shadowBlur={16 * perCssPx}
          shadowOffsetY={2 * perCssPx}
          shadowForStrokeEnabled={false}
          perfectDrawEnabled={false}
        />
        <KonvaImage name={PLAN_IMAGE_NAME} image={bitmap} width={width} height={height} perfectDrawEnabled={false} />
      </Group>
    </Layer>
  );
}

/** The plan layer; memoised so panning skips it. */
export const PlanLayer = memo(PlanLayerView);
