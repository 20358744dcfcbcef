/**
 * The new-floor form's values as typed, and their check (SPEC.md section 5: name, level
 * and building required; level is an integer storey; the plan a PNG, JPEG, WebP or SVG).
 */
import type { FloorInput } from '../../api/floors';
import { isAcceptedImage } from '../../lib/imageFiles';

export interface FloorFormValues {
  name: string;
  level: string;
  floorPlan: File | null;
}

export type FloorFormErrors = Partial<Record<keyof FloorFormValues, string>>;

/** A blank form whose level defaults to the next storey up. */
export function initialFloorValues(nextLevel: number): FloorFormValues {
  return { name: '', level: String(nextLevel), floorPlan: null };
}

/** Checks the form for `buildingId`. Returns the request input, or the message for each bad field. */
export function validateFloorForm(
  values: FloorFormValues,
  buildingId: string,
): { ok: true; input: FloorInput } | { ok: false; errors: FloorFormErrors } {
  const errors: FloorFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required';
  const levelText = values.level.trim();
  const level = Number(levelText);
  if (levelText === '') errors.level = 'Level is required';
  else if (!/^[-+]?\d+$/.test(levelText) || !Number.isSafeInteger(level)) {
    errors.level = 'Level must be a whole number';
  }
  if (values.floorPlan && !isAcceptedImage(values.floorPlan)) {
    errors.floorPlan = 'Floor plan must be a PNG, JPEG, WebP or SVG image';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { name, level, building_id: buildingId, floor_plan: values.floorPlan } };
}
