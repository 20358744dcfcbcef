/**
 * Pure angle math for the field-of-view controls (DESIGN.md "Wire conventions": heading
 * 0..<360 degrees clockwise from the plan image's up, angle 1..360 degrees). Every value
 * is in degrees; points are in screen pixels with y pointing down. No DOM, no React.
 */

/** Smallest field-of-view angle, degrees. */
export const ANGLE_MIN_DEG = 1;
/** Largest field-of-view angle (a full circle), degrees. */
export const ANGLE_MAX_DEG = 360;
/** Headings wrap at this value: 360 is 0. */
export const FULL_TURN_DEG = 360;

/** A heading and a field-of-view angle, degrees. */
export interface HeadingAngle {
  heading_deg: number;
  angle_deg: number;
}

/** Rounds to at most `decimals` places (default 2), so float noise never shows. */
export function roundDegrees(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * Wraps a heading into 0..<360 degrees: 360 is 0, -90 is 270, 725 is 5. Non-finite
 * input gives 0. Rounded to 2 decimals, so a value a hair under 360 becomes 0, not 360.
 */
export function normaliseHeading(heading: number): number {
  if (!Number.isFinite(heading)) return 0;
  const wrapped = roundDegrees(((heading % FULL_TURN_DEG) + FULL_TURN_DEG) % FULL_TURN_DEG);
  return wrapped >= FULL_TURN_DEG ? 0 : wrapped;
}

/** Clamps a field-of-view angle into 1..360 degrees (no wrap: 400 is 360, 0 is 1). Non-finite gives 360 or 1 by sign; NaN gives 1. */
export function clampAngle(angle: number): number {
  if (Number.isNaN(angle)) return ANGLE_MIN_DEG;
  return roundDegrees(Math.min(ANGLE_MAX_DEG, Math.max(ANGLE_MIN_DEG, angle)));
}

/** The heading `delta` degrees clockwise from `heading` (negative: anticlockwise), wrapped. */
export function stepHeading(heading: number, delta: number): number {
  return normaliseHeading(heading + delta);
}

/** Rounds `value` to the nearest multiple of `step` (degrees), e.g. 15 for Shift-drag. */
export function snapDegrees(value: number, step: number): number {
  return step > 0 ? roundDegrees(Math.round(value / step) * step) : value;
}

/**
 * The heading pointing from a dial's centre to a pointer: `dx`, `dy` are the pointer's
 * offset from the centre in screen pixels (y down). Up is 0, right 90, down 180, left 270.
 * The centre itself gives 0.
 */
export function pointerToHeading(dx: number, dy: number): number {
  if (dx === 0 && dy === 0) return 0;
  return normaliseHeading((Math.atan2(dx, -dy) * 180) / Math.PI);
}

/** The point at `radius` pixels from (`cx`, `cy`) in the direction `heading` (degrees clockwise from up), y down. */
export function headingToPoint(heading: number, radius: number, cx = 0, cy = 0): { x: number; y: number } {
  const radians = (heading * Math.PI) / 180;
  return { x: cx + radius * Math.sin(radians), y: cy - radius * Math.cos(radians) };
}

/**
 * SVG path data of a field-of-view wedge centred on `heading`, `angle` degrees wide, of
 * `radius` pixels about (`cx`, `cy`). An angle of 360 is a full disc (two half arcs, since
 * one arc cannot start and end at the same point).
 */
export function wedgePath(heading: number, angle: number, radius: number, cx: number, cy: number): string {
  const width = clampAngle(angle);
  const f = (n: number) => roundDegrees(n, 3);
  if (width >= ANGLE_MAX_DEG) {
    const top = headingToPoint(0, radius, cx, cy);
    const bottom = headingToPoint(180, radius, cx, cy);
    return `M ${f(top.x)} ${f(top.y)} A ${radius} ${radius} 0 1 1 ${f(bottom.x)} ${f(bottom.y)} A ${radius} ${radius} 0 1 1 ${f(top.x)} ${f(top.y)} Z`;
  }
  const start = headingToPoint(heading - width / 2, radius, cx, cy);
  const end = headingToPoint(heading + width / 2, radius, cx, cy);
  const largeArc = width > 180 ? 1 : 0;
  return `M ${f(cx)} ${f(cy)} L ${f(start.x)} ${f(start.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${f(end.x)} ${f(end.y)} Z`;
}

/**
 * Reads typed degrees: a finite number, with an optional trailing `°` and spaces, a
 * comma accepted as the decimal mark. Null for anything else (empty, `abc`, `1e999`).
 */
export function parseDegrees(text: string): number | null {
  const cleaned = text.trim().replace(/°$/, '').trim().replace(',', '.');
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}
