import type { FloorPlanRow, FloorWithPlan } from './repository';
import { buildingFolder } from '../buildings/view';

/** Storage folder of a floor's plan files, inside its building's folder. */
export const floorFolder = (organizationId: string, buildingId: string, floorId: string) =>
  `${buildingFolder(organizationId, buildingId)}/floors/${floorId}`;

/** API path of a floor plan file. */
export const floorPlanUrl = (floorId: string, fileName: string) => `/v1/floors/${floorId}/floor-plans/${encodeURIComponent(fileName)}`;

/** API path of the file to show for a plan: its display version when it has one, else the original. */
export const planDisplayUrl = (row: FloorPlanRow) => floorPlanUrl(row.floorId, row.displayFileName ?? row.fileName);

/** Size of the file {@link planDisplayUrl} names, px. */
const displaySize = (row: FloorPlanRow) => ({ width: row.displayWidth ?? row.width, height: row.displayHeight ?? row.height });

/**
 * Wire shape of a floor (SPEC.md section 3 "Floor"), plus the current plan's display
 * version (`floor_plan_display_url`, `_width`, `_height`; the original's when it is small).
 */
export function floorView(row: FloorWithPlan) {
  return {
    id: row.id,
    building_id: row.buildingId,
    name: row.name,
    level: row.level,
    floor_plan_url: row.plan ? floorPlanUrl(row.id, row.plan.fileName) : null,
    floor_plan_filename: row.plan?.fileName ?? null,
    floor_plan_width: row.plan?.width ?? null,
    floor_plan_height: row.plan?.height ?? null,
    floor_plan_display_url: row.plan ? planDisplayUrl(row.plan) : null,
    floor_plan_display_width: row.plan ? displaySize(row.plan).width : null,
    floor_plan_display_height: row.plan ? displaySize(row.plan).height : null,
    device_count: row.deviceCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Wire shape of floor plan file metadata (SPEC.md section 3). `width`/`height` are the
 * original's natural size (what percent positions refer to); `display_url`,
 * `display_width` and `display_height` name the file to show at normal zoom (a
 * downscaled copy of a plan over 4096 px, else the original), `original_url` the full one.
 */
export function floorPlanFileView(row: FloorPlanRow) {
  const url = floorPlanUrl(row.floorId, row.fileName);
  const display = displaySize(row);
  return {
    file_name: row.fileName,
    filename: row.fileName,
    url,
    width: row.width,
    height: row.height,
    content_type: row.contentType,
    size: row.size,
    uploaded_at: row.uploadedAt.toISOString(),
    display_url: planDisplayUrl(row),
    display_width: display.width,
    display_height: display.height,
    original_url: url,
  };
}
