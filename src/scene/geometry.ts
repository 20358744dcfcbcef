/**
 * Pure coordinate math of the floor-plan scene (DESIGN.md "The browser app", STYLE.md
 * "The scene"). No React, no Konva: every function takes values and returns values.
 *
 * Coordinate kinds are branded so a mix-up is a type error (as excalidraw brands
 * `GlobalPoint` and `LocalPoint`):
 * - {@link PlanPercent}: percent of the floor plan image's natural width and height,
 *   origin top left, 0..100 on the plan (the wire's `x_percent`, `y_percent`).
 * - {@link PlanPoint}: natural image pixels; the scene's world coordinates (the plan image
 *   is drawn at 0,0 at its natural size, and markers are placed in these units).
 * - {@link StagePoint}: CSS pixels from the stage container's top-left corner (what
 *   Konva's `stage.getPointerPosition()` and `getAbsolutePosition()` report).
 * - {@link ScreenPoint}: CSS pixels in the browser viewport (`clientX`, `clientY`).
 */

declare const brand: unique symbol;

/** A value of type `T` tagged with the compile-time-only kind `K`. */
export type Brand<T, K extends string> = T & { readonly [brand]: K };

/** Percent of the plan's natural size, origin top left (0..100 on the plan). */
export type PlanPercent = Brand<{ readonly x: number; readonly y: number }, 'PlanPercent'>;
/** Natural image pixels of the floor plan (the scene's world coordinates). */
export type PlanPoint = Brand<{ readonly x: number; readonly y: number }, 'PlanPoint'>;
/** CSS pixels from the stage container's top-left corner. */
export type StagePoint = Brand<{ readonly x: number; readonly y: number }, 'StagePoint'>;
/** CSS pixels in the browser viewport (`clientX`, `clientY`). */
export type ScreenPoint = Brand<{ readonly x: number; readonly y: number }, 'ScreenPoint'>;
/** Angle in degrees, clockwise from the image's up (DESIGN.md field of view). */
export type Degrees = Brand<number, 'Degrees'>;

/** Width and height; natural image pixels for a plan, CSS pixels for a stage. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * Where the plan sits on the stage: `x`, `y` is the stage position in CSS px (where plan
 * point 0,0 lands), `scale` is CSS px per natural image px.
 */
export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

/** Smallest and largest allowed `Viewport.scale`. */
export interface ScaleLimits {
  readonly min: number;
  readonly max: number;
}

/** Space kept between a fitted plan and the stage edge, CSS px per side. */
export const FIT_PADDING_PX = 24;
/** How far out (relative to the fitted scale) the user may zoom. */
export const MIN_ZOOM_OF_FIT = 0.5;
/** How far in (relative to the fitted scale) the user may zoom. */
export const MAX_ZOOM_OF_FIT = 16;
/** Radius of a device marker in CSS px, the same at every zoom. */
export const MARKER_RADIUS_PX = 13;

/** Brands plain numbers as a {@link PlanPercent}. */
export const planPercent = (x: number, y: number): PlanPercent => ({ x, y }) as PlanPercent;
/** Brands plain numbers as a {@link PlanPoint} (natural image px). */
export const planPoint = (x: number, y: number): PlanPoint => ({ x, y }) as PlanPoint;
/** Brands plain numbers as a {@link StagePoint} (CSS px in the stage). */
export const stagePoint = (x: number, y: number): StagePoint => ({ x, y }) as StagePoint;
/** Brands plain numbers as a {@link ScreenPoint} (CSS px in the browser viewport). */
export const screenPoint = (x: number, y: number): ScreenPoint => ({ x, y }) as ScreenPoint;
/** Brands a number as {@link Degrees}. */
export const degrees = (value: number): Degrees => value as Degrees;

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/**
 * Clamps one percent coordinate to 0..100 (DESIGN.md: `x_percent`, `y_percent` are finite
 * numbers in [0, 100]). NaN becomes 0 so a bad value can never reach the wire.
 */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return clamp(value, 0, 100);
}

/**
 * Clamps a percent to 0..100 and rounds it to 3 decimals (0.2 px on a 20 000 px plan), so
 * transform round-off like 2.8e-15 never reaches the wire.
 */
export function dropPercent(value: number): number {
  return Math.round(clampPercent(value) * 1000) / 1000;
}

/** Clamps both coordinates of a plan percent to 0..100. */
export function clampPlanPercent(p: PlanPercent): PlanPercent {
  return planPercent(clampPercent(p.x), clampPercent(p.y));
}

/** Plan percent -> natural image px of a plan of `plan` size. */
export function percentToPlan(p: PlanPercent, plan: Size): PlanPoint {
  return planPoint((p.x / 100) * plan.width, (p.y / 100) * plan.height);
}

/**
 * Natural image px -> plan percent, not clamped (a point off the plan gives a value
 * outside 0..100). A plan with no area gives 0,0.
 */
export function planToPercent(p: PlanPoint, plan: Size): PlanPercent {
  if (plan.width <= 0 || plan.height <= 0) return planPercent(0, 0);
  return planPercent((p.x * 100) / plan.width, (p.y * 100) / plan.height);
}

/** Keeps a plan point inside the plan rectangle 0..width, 0..height (natural px). */
export function clampPlanPoint(p: PlanPoint, plan: Size): PlanPoint {
  return planPoint(clamp(p.x, 0, plan.width), clamp(p.y, 0, plan.height));
}

/** Natural image px -> stage CSS px under `viewport`. */
export function planToStage(p: PlanPoint, viewport: Viewport): StagePoint {
  return stagePoint(viewport.x + p.x * viewport.scale, viewport.y + p.y * viewport.scale);
}

/** Stage CSS px -> natural image px under `viewport` (inverse of {@link planToStage}). */
export function stageToPlan(p: StagePoint, viewport: Viewport): PlanPoint {
  return planPoint((p.x - viewport.x) / viewport.scale, (p.y - viewport.y) / viewport.scale);
}

/** Stage CSS px -> browser viewport CSS px, given where the stage container's corner is. */
export function stageToScreen(p: StagePoint, containerOrigin: ScreenPoint): ScreenPoint {
  return screenPoint(containerOrigin.x + p.x, containerOrigin.y + p.y);
}

/** Browser viewport CSS px -> stage CSS px (inverse of {@link stageToScreen}). */
export function screenToStage(p: ScreenPoint, containerOrigin: ScreenPoint): StagePoint {
  return stagePoint(p.x - containerOrigin.x, p.y - containerOrigin.y);
}

/** Plan percent -> stage CSS px: where a device marker is drawn. */
export function percentToStage(p: PlanPercent, plan: Size, viewport: Viewport): StagePoint {
  return planToStage(percentToPlan(p, plan), viewport);
}

/** Stage CSS px -> plan percent, not clamped. */
export function stageToPercent(p: StagePoint, plan: Size, viewport: Viewport): PlanPercent {
  return planToPercent(stageToPlan(p, viewport), plan);
}

/**
 * The viewport that contains the whole plan in the stage, centred, with `padding` CSS px
 * kept free on each side (shrunk when the stage is too small for it). A plan or stage
 * with no area gives the identity viewport.
 */
export function fitViewport(plan: Size, stage: Size, padding = FIT_PADDING_PX): Viewport {
  if (plan.width <= 0 || plan.height <= 0 || stage.width <= 0 || stage.height <= 0) {
    return { x: 0, y: 0, scale: 1 };
  }
  const pad = Math.min(padding, stage.width / 4, stage.height / 4);
  const scale = Math.min(
    (stage.width - 2 * pad) / plan.width,
    (stage.height - 2 * pad) / plan.height,
  );
  return {
    x: (stage.width - plan.width * scale) / 2,
    y: (stage.height - plan.height * scale) / 2,
    scale,
  };
}

/** Zoom limits for a plan whose fitted scale is `fitScale`: half of fit to 16 times fit. */
export function scaleLimits(fitScale: number): ScaleLimits {
  return { min: fitScale * MIN_ZOOM_OF_FIT, max: fitScale * MAX_ZOOM_OF_FIT };
}

/**
 * Zooms by `factor` (above 1 zooms in) about `anchor`, so the plan point under the anchor
 * stays under it; the resulting scale is clamped to `limits`.
 */
export function zoomAt(
  viewport: Viewport,
  anchor: StagePoint,
  factor: number,
  limits: ScaleLimits,
): Viewport {
  const scale = clamp(viewport.scale * factor, limits.min, limits.max);
  const under = stageToPlan(anchor, viewport);
  return { x: anchor.x - under.x * scale, y: anchor.y - under.y * scale, scale };
}

/**
 * A wheel event's `deltaY` in CSS px whatever its `deltaMode` (0 pixels, 1 lines of about
 * 16 px, 2 pages of `pageHeight` px), as Firefox reports lines.
 */
export function wheelDeltaPx(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * 16;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}

/**
 * Zoom factor for a wheel event's `deltaY` in pixels (negative scrolls up = zoom in).
 * Exponential, so a trackpad's many small deltas and a mouse's few large ones zoom by the
 * same total; one notch (100 px) is about 1.2 times, and a huge delta is capped at that.
 */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-clamp(deltaY, -100, 100) * 0.0018);
}

/**
 * Constrains a pan so at least `margin` CSS px of the plan stays inside the stage on each
 * axis (the plan can never be lost off screen). Returns the allowed stage position.
 */
export function clampPan(
  position: StagePoint,
  scale: number,
  plan: Size,
  stage: Size,
  margin = 64,
): StagePoint {
  const w = plan.width * scale;
  const h = plan.height * scale;
  const mx = Math.min(margin, w, stage.width);
  const my = Math.min(margin, h, stage.height);
  return stagePoint(clamp(position.x, mx - w, stage.width - mx), clamp(position.y, my - h, stage.height - my));
}

/** Plan percent at the centre of the stage under `viewport`, clamped to 0..100. */
export function viewCentrePercent(viewport: Viewport, stage: Size, plan: Size): PlanPercent {
  const centre = stagePoint(stage.width / 2, stage.height / 2);
  return clampPlanPercent(stageToPercent(centre, plan, viewport));
}

/**
 * Scale to give a marker drawn in plan px so it keeps its CSS px size at any zoom: the
 * inverse of the viewport scale.
 */
export function counterScale(scale: number): number {
  return scale > 0 ? 1 / scale : 1;
}
