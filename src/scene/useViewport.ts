import { useCallback, useState } from 'react';
import {
  clampPan,
  fitViewport,
  scaleLimits,
  stagePoint,
  zoomAt as zoomViewportAt,
  type Size,
  type StagePoint,
  type Viewport,
} from './geometry';

/** The scene's viewport and the gestures that change it. */
export interface ViewportControls {
  /** Current stage position (CSS px) and scale (CSS px per natural image px). */
  readonly viewport: Viewport;
  /** True while the view follows the fit (the user has not zoomed or panned since). */
  readonly fitted: boolean;
  /** Fits the plan to the stage again and follows the fit on resize. */
  fit(): void;
  /** Zooms by `factor` about a stage point, within the zoom limits. */
  zoomAt(anchor: StagePoint, factor: number): void;
  /** Moves the stage to `position` (after a background drag). */
  panTo(position: StagePoint): void;
  /** The nearest stage position that keeps the plan on screen, for Konva's dragBoundFunc. */
  boundPan(position: StagePoint): StagePoint;
  /**
   * Shows `viewport` (zoom to a selection), its scale clamped to the zoom limits about the
   * middle of the stage, so the plan point `viewport` puts there stays there.
   */
  show(viewport: Viewport): void;
}

interface UserView {
  /** The plan the user moved the view over; a new plan drops the view and refits. */
  readonly planKey: string;
  readonly viewport: Viewport;
}

const NO_PLAN: Size = { width: 0, height: 0 };

/**
 * Viewport state for one stage. Until the user zooms or pans, the viewport is derived from
 * the fit, so a resize refits for free; once moved, it stays where the user put it across
 * resizes, until {@link ViewportControls.fit} or a new `planKey` (another image) refits.
 *
 * @param plan natural size of the plan image in px, null while none is loaded
 * @param stage stage size in CSS px
 * @param planKey identifies the image (its URL), null without one
 */
export function useViewport(plan: Size | null, stage: Size, planKey: string | null): ViewportControls {
  const [userView, setUserView] = useState<UserView | null>(null);
  const planSize = plan ?? NO_PLAN;
  const { width: planWidth, height: planHeight } = planSize;
  const { width: stageWidth, height: stageHeight } = stage;

  const moved = userView !== null && planKey !== null && userView.planKey === planKey;
  const fitView = fitViewport(planSize, stage);
  const viewport = moved ? userView.viewport : fitView;

  // The updaters recompute from the previous state, so several wheel events between two
  // renders all count.
  const update = useCallback(
    (change: (current: Viewport) => Viewport) => {
      if (planKey === null || planWidth <= 0 || planHeight <= 0) return;
      setUserView((previous) => {
        const fit = fitViewport({ width: planWidth, height: planHeight }, { width: stageWidth, height: stageHeight });
        const current = previous !== null && previous.planKey === planKey ? previous.viewport : fit;
        return { planKey, viewport: change(current) };
      });
    },
    [planKey, planWidth, planHeight, stageWidth, stageHeight],
  );

  const fitScale = fitView.scale;
  const zoomAt = useCallback(
    (anchor: StagePoint, factor: number) =>
      update((current) => zoomViewportAt(current, anchor, factor, scaleLimits(fitScale))),
    [update, fitScale],
  );
  const panTo = useCallback(
    (position: StagePoint) => update((current) => ({ ...current, x: position.x, y: position.y })),
    [update],
  );
  const fit = useCallback(() => setUserView(null), []);
  const scale = viewport.scale;
  const boundPan = useCallback(
    (position: StagePoint) =>
      clampPan(position, scale, { width: planWidth, height: planHeight }, { width: stageWidth, height: stageHeight }),
    [scale, planWidth, planHeight, stageWidth, stageHeight],
  );

  // Clamped about the middle of the stage: what `next` centres stays centred (a lone
  // marker's zoom asks for far more than the limit, and must still land in the middle).
  const show = useCallback(
    (next: Viewport) => update(() => zoomViewportAt(next, stagePoint(stageWidth / 2, stageHeight / 2), 1, scaleLimits(fitScale))),
    [update, fitScale, stageWidth, stageHeight],
  );

  return { viewport, fitted: !moved, fit, zoomAt, panTo, boundPan, show };
}
