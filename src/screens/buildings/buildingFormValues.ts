/**
 * The building form's values as typed, and their check (SPEC.md section 5: name
 * required; latitude -90..90 and longitude -180..180 degrees, as the wire types say).
 */
import type { BuildingInput } from '../../api/buildings';
import type { Building } from '../../api/types';
import { isAcceptedImage } from '../../lib/imageFiles';

/** What the user typed; numbers stay strings until checked. */
export interface BuildingFormValues {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  mapImage: File | null;
}

export type BuildingFormErrors = Partial<Record<keyof BuildingFormValues, string>>;

/** The form's starting values: blank, or the building being edited. */
export function initialBuildingValues(building?: Building): BuildingFormValues {
  return {
    name: building?.name ?? '',
    address: building?.address ?? '',
    latitude: building?.latitude?.toString() ?? '',
    longitude: building?.longitude?.toString() ?? '',
    mapImage: null,
  };
}

/** Blank is null; otherwise a finite number within ±limit, or undefined when invalid. */
function parseDegrees(text: string, limit: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/**
 * Checks the form. Returns the request input, or the message for each bad field.
 * Latitude and longitude are optional; blank sends null.
 */
export function validateBuildingForm(
  values: BuildingFormValues,
): { ok: true; input: BuildingInput } | { ok: false; errors: BuildingFormErrors } {
  const errors: BuildingFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required';
  const latitude = parseDegrees(values.latitude, 90);
  if (latitude === undefined) errors.latitude = 'Latitude must be between -90 and 90';
  const longitude = parseDegrees(values.longitude, 180);
  if (longitude === undefined) errors.longitude = 'Longitude must be between -180 and 180';
  if (values.mapImage && !isAcceptedImage(values.mapImage)) {
    errors.mapImage = 'Map image must be a PNG, JPEG, WebP or SVG file';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const address = values.address.trim();
  return {
    ok: true,
    input: {
      name,
      address: address === '' ? null : address,
      latitude: latitude ?? null,
      longitude: longitude ?? null,
      map_image: values.mapImage,
    },
  };
}
