/**
 * Pure geometry of the floor editor's gestures (issue 4): the click-versus-drag
 * threshold, marquee hit testing, moving a selection inside the plan, the selection's
 * bounds, and field-of-view handles. Positions are plan percent (0..100, origin top left);
 * only the threshold works in stage CSS px, where 3 px means the same at every zoom.
 */
import type { PlanPercent, Size, StagePoint } from '../../scene/geometry';
import { roundPercent } from './commands';
import type { DeviceId, Placements } from './types';

/** A pointer that moved less than this many CSS px between down and up clicked. */
export const DRAG_THRESHOLD_PX = 3;

/** True once the pointer is at least {@link DRAG_THRESHOLD_PX} CSS px from where it went down. */
export function pastDragThreshold(down: StagePoint, now: StagePoint): boolean {
  return Math.hypot(now.x - down.x, now.y - down.y) >= DRAG_THRESHOLD_PX;
}

/** An axis-aligned rectangle in plan percent, `left <= right`, `top <= bottom`. */
export interface PercentRect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The rectangle spanned by two corners, in whichever order the pointer drew them. */
export function rectFromPoints(a: PlanPercent, b: PlanPercent): PercentRect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
}

/**
 * Marquee hit test: the devices whose position lies in `rect` (edges included), in the
 * order of `placements`.
 */
export function idsInRect(placements: Placements, rect: PercentRect): DeviceId[] {
  return Object.entries(placements)
    .filter(([, p]) => p.x_percent >= rect.left && p.x_percent <= rect.right && p.y_percent >= rect.top && p.y_percent <= rect.bottom)
    .map(([id]) => id);
}

/** A displacement in plan percent. */
export interface PercentDelta {
  readonly dx: number;
  readonly dy: number;
}

const clampAxis = (delta: number, low: number, high: number) => Math.min(100 - high, Math.max(-low, delta));

/**
 * Limits a move of the devices `ids` by `delta` percent so every one stays inside
 * 0..100: the selection keeps its shape and stops at the plan's edge (a marker already at
 * 99.8 nudged by 0.5 moves the group by 0.2). Ids not placed are ignored.
 */
export function clampGroupDelta(placements: Placements, ids: readonly DeviceId[], delta: PercentDelta): PercentDelta {
  const bounds = selectionBounds(placements, ids);
  if (!bounds) return { dx: 0, dy: 0 };
  const dx = clampAxis(delta.dx, bounds.left, bounds.right);
  const dy = clampAxis(delta.dy, bounds.top, bounds.bottom);
  return { dx: dx === 0 ? 0 : dx, dy: dy === 0 ? 0 : dy };
}

/** The smallest rectangle holding the positions of the devices `ids`; null when none is placed. */
export function selectionBounds(placements: Placements, ids: readonly DeviceId[]): PercentRect | null {
  let rect: PercentRect | null = null;
  for (const id of ids) {
    const p = placements[id];
    if (!p) continue;
    rect = rect
      ? {
          left: Math.min(rect.left, p.x_percent),
          top: Math.min(rect.top, p.y_percent),
          right: Math.max(rect.right, p.x_percent),
          bottom: Math.max(rect.bottom, p.y_percent),
        }
      : { left: p.x_percent, top: p.y_percent, right: p.x_percent, bottom: p.y_percent };
  }
  return rect;
}

/** Natural-px offset from `origin` to `point` on a plan of `plan` size (a square 100 x 100 without one). */
function offsetPx(origin: PlanPercent, point: PlanPercent, plan: Size | null) {
  const width = plan && plan.width > 0 ? plan.width : 100;
  const height = plan && plan.height > 0 ? plan.height : 100;
  return { x: ((point.x - origin.x) / 100) * width, y: ((point.y - origin.y) / 100) * height, width };
}

/**
 * The field-of-view heading that points from a camera at `origin` to `point`: degrees
 * clockwise from the plan image's up, 0..<360, rounded to 0.1 (DESIGN.md "Wire
 * conventions"). Measured in image pixels, so a wide plan's percent units do not skew
 * it. Null when the two points coincide.
 */
export function headingTo(origin: PlanPercent, point: PlanPercent, plan: Size | null): number | null {
  const { x, y } = offsetPx(origin, point, plan);
  if (x === 0 && y === 0) return null;
  const degrees = (Math.atan2(x, -y) * 180) / Math.PI;
  const rounded = Math.round(((degrees % 360) + 360) * 10) / 10;
  return rounded % 360;
}

/**
 * The field-of-view range that reaches from a camera at `origin` to `point`: percent of
 * the plan image's width, clamped to 0..100 and rounded to 3 decimals (DESIGN.md "Wire
 * conventions").
 */
export function rangeTo(origin: PlanPercent, point: PlanPercent, plan: Size | null): number {
  const { x, y, width } = offsetPx(origin, point, plan);
  return roundPercent((Math.hypot(x, y) / width) * 100);
}
