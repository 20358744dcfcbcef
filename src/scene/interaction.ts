/**
 * What the floor screen's editor hands the scene (issue 4): plain data to draw (the
 * selection, the marquee) and plain callbacks with plan-percent points. The scene knows
 * neither the editor machine nor the API; it only reports pointer gestures.
 */
import type { PlanPercent, StagePoint } from './geometry';

/** A rectangle in plan percent (0..100, origin top left), `left <= right`, `top <= bottom`. */
export interface SceneRect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** What the pointer is over: a device marker, a field-of-view handle, or the plan (or nothing). */
export type SceneTarget = 'marker' | 'handle' | 'plan';

/** Which button went down: the middle one pans. */
export type SceneButton = 'primary' | 'middle';

/**
 * Pointer gestures and their drawing, for a scene driven by an editor. With it, markers
 * and the background are not Konva-draggable: every press, move and release is reported
 * (`at` in plan percent, not clamped; `screen` in stage CSS px) and the editor decides.
 */
export interface SceneInteraction {
  /** Selected device ids: outlined on the selection layer. */
  readonly selection: readonly string[];
  /** The marquee being drawn, plan percent; null when none. */
  readonly marquee: SceneRect | null;
  /**
   * Ids of the markers being dragged (the editor's `dragging` state; absent or empty when
   * none), the same array for the whole drag. Their `devices` positions are where they
   * rest; they are drawn on the drag layer, moved by `FloorSceneHandle.moveDrag`, the only
   * layer redrawn while the pointer moves; the layers under it hide them.
   */
  readonly dragging?: readonly string[];
  onMarkerDown(id: string, at: PlanPercent, screen: StagePoint, shift: boolean, button: SceneButton): void;
  onPlanDown(at: PlanPercent, screen: StagePoint, shift: boolean, button: SceneButton): void;
  /** A press on the selected camera's field-of-view handle. */
  onFovHandleDown(id: string, handle: 'rotation' | 'range', at: PlanPercent, screen: StagePoint): void;
  /** The pointer moved; `over` is what it is over now (the editor's cursor depends on it). */
  onPointerMove(at: PlanPercent, screen: StagePoint, over: SceneTarget): void;
  /** The button went up, anywhere in the window. */
  onPointerUp(): void;
}
