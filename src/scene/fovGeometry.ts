/**
 * Field-of-view geometry in natural image px (DESIGN.md: heading clockwise from the
 * image's up, angle the cone's width, range percent of the image width). Pure.
 */
import { planPoint, type PlanPoint, type Size } from './geometry';
import type { SceneFov } from './types';

/** The cone's radius in natural image px: `range_percent` of the plan's width. */
export const fovRadius = (fov: SceneFov, plan: Size): number => (fov.range_percent / 100) * plan.width;

/**
 * Konva `Wedge` rotation in degrees for a cone: Konva starts a wedge at +x (east) and
 * sweeps clockwise (y points down), so the cone centred on `heading_deg` from up starts at
 * heading - 90 - angle / 2.
 */
export const wedgeRotation = (fov: SceneFov): number => fov.heading_deg - 90 - fov.angle_deg / 2;

/** The point `distance` natural px from `origin` along `heading_deg` (clockwise from up). */
export function alongHeading(origin: PlanPoint, headingDeg: number, distance: number): PlanPoint {
  const rad = (headingDeg * Math.PI) / 180;
  return planPoint(origin.x + Math.sin(rad) * distance, origin.y - Math.cos(rad) * distance);
}

/** Where a camera's rotation handle (half way along the heading) and range handle (at the cone's reach) sit. */
export function fovHandles(origin: PlanPoint, fov: SceneFov, plan: Size): { rotation: PlanPoint; range: PlanPoint } {
  const radius = fovRadius(fov, plan);
  return { rotation: alongHeading(origin, fov.heading_deg, radius / 2), range: alongHeading(origin, fov.heading_deg, radius) };
}
