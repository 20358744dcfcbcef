import { useCallback, useEffect, useRef, useState } from 'react';
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
  /**
   * Stage position (CSS px) and scale (CSS px per natural image px) as last rendered: a
   * pan reaches it only once the pan pauses (see {@link ViewportControls.panTo}).
   */
  readonly viewport: Viewport;
  /** The viewport as it is now, pans included: for event handlers and the scene's handle. */
  current(): Viewport;
  /** True while the view follows the fit (the user has not zoomed or panned since). */
  readonly fitted: boolean;
  /** Fits the plan to the stage again and follows the fit on resize. */
  fit(): void;
  /** Zooms by `factor` about a stage point, within the zoom limits. */
  zoomAt(anchor: StagePoint, factor: number): void;
  /**
   * Moves the stage to `position` (a pan). With a `draw` function the move is drawn by it
   * at once, with no React render, and reaches `viewport` once the pan pauses
   * ({@link PAN_SETTLE_MS}); without one, it is rendered.
   */
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

/** A pan is rendered (the React state catches up) once the pointer rested this long, ms. */
export const PAN_SETTLE_MS = 120;

/**
 * Viewport state for one stage. Until the user zooms or pans, the viewport is derived from
 * the fit, so a resize refits for free; once moved, it stays where the user put it across
 * resizes, until {@link ViewportControls.fit} or a new `planKey` (another image) refits.
 *
 * @param plan natural size of the plan image in px, null while none is loaded
 * @param stage stage size in CSS px
 * @param planKey identifies the image (its URL), null without one
 * @param draw shows a viewport on the stage without React (a pan every pointer move, as
 *   bare Konva moves its stage); optional, stable or read when called
 */
export function useViewport(plan: Size | null, stage: Size, planKey: string | null, draw?: (viewport: Viewport) => void): ViewportControls {
  const [userView, setUserView] = useState<UserView | null>(null);
  // The view as it is, ahead of `userView` while a pan has not settled yet.
  const live = useRef<UserView | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const drawRef = useRef(draw);
  useEffect(() => {
    drawRef.current = draw;
  });
  useEffect(() => () => clearTimeout(settle.current), []);
  const planSize = plan ?? NO_PLAN;
  const { width: planWidth, height: planHeight } = planSize;
  const { width: stageWidth, height: stageHeight } = stage;

  const moved = userView !== null && planKey !== null && userView.planKey === planKey;
  const fitView = fitViewport(planSize, stage);
  const viewport = moved ? userView.viewport : fitView;

  const current = useCallback((): Viewport => {
    const latest = live.current;
    if (latest !== null && planKey !== null && latest.planKey === planKey) return latest.viewport;
    return fitViewport({ width: planWidth, height: planHeight }, { width: stageWidth, height: stageHeight });
  }, [planKey, planWidth, planHeight, stageWidth, stageHeight]);

  // Changes recompute from the live view, so several wheel events between two renders,
  // and a zoom in the middle of a pan, all count.
  const update = useCallback(
    (change: (now: Viewport) => Viewport) => {
      if (planKey === null || planWidth <= 0 || planHeight <= 0) return;
      clearTimeout(settle.current);
      const next = { planKey, viewport: change(current()) };
      live.current = next;
      setUserView(next);
    },
    [planKey, planWidth, planHeight, current],
  );

  const fitScale = fitView.scale;
  const zoomAt = useCallback(
    (anchor: StagePoint, factor: number) =>
      update((current) => zoomViewportAt(current, anchor, factor, scaleLimits(fitScale))),
    [update, fitScale],
  );
  const panTo = useCallback(
    (position: StagePoint) => {
      const show = drawRef.current;
      if (!show) {
        update((now) => ({ ...now, x: position.x, y: position.y }));
        return;
      }
      if (planKey === null || planWidth <= 0 || planHeight <= 0) return;
      const next = { planKey, viewport: { ...current(), x: position.x, y: position.y } };
      live.current = next;
      show(next.viewport);
      clearTimeout(settle.current);
      settle.current = setTimeout(() => setUserView(live.current), PAN_SETTLE_MS);
    },
    [update, current, planKey, planWidth, planHeight],
  );
  const fit = useCallback(() => {
    clearTimeout(settle.current);
    live.current = null;
    setUserView(null);
    // The last render may already show the fit while a pan moved the stage since.
    drawRef.current?.(current());
  }, [current]);
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

  return { viewport, current, fitted: !moved, fit, zoomAt, panTo, boundPan, show };
}
