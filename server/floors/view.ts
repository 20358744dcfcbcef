import type { FloorPlanRow, FloorWithPlan } from './repository';
import { buildingFolder } from '../buildings/view';

/** Storage folder of a floor's plan files, inside its building's folder. */
export const floorFolder = (organizationId: string, buildingId: string, floorId: string) =>
  `${buildingFolder(organizationId, buildingId)}/floors/${floorId}`;

/** API path of a floor plan file. */
export const floorPlanUrl = (floorId: string, fileName: string) => `/v1/floors/${floorId}/floor-plans/${encodeURIComponent(fileName)}`;

/** Wire shape of a floor (SPEC.md section 3 "Floor"). */
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
    device_count: row.deviceCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Wire shape of floor plan file metadata (SPEC.md section 3). */
export function floorPlanFileView(row: FloorPlanRow) {
  return {
    file_name: row.fileName,
    filename: row.fileName,
    url: floorPlanUrl(row.floorId, row.fileName),
    width: row.width,
    height: row.height,
    content_type: row.contentType,
    size: row.size,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}
