/**
 * Wire types of the `/v1` API (SPEC.md section 3 and 7, DESIGN.md "Wire conventions").
 * Field names are the spec's own, snake_case as they travel. Times are ISO 8601 UTC
 * strings; ids of our own rows are UUID strings; `device_id` is VORTEX's own device id.
 * The server's TypeBox schemas describe the same shapes; this file is the client's view.
 */

/** RFC 9457 problem details, as every error response carries them. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  /** Validation problems name the offending fields. */
  errors?: { field: string; message: string }[];
}

export interface User {
  id: string;
  name: string;
  email: string;
  picture: string | null;
}

export interface Organization {
  id: string;
  name: string;
  plan: string;
}

/** SPEC.md section 3 "Tokens". `expires_at` is when the access token expires (ISO 8601). */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_at: string;
}

/** `POST /v1/auth/password/login` and `POST /v1/auth/callback`. */
export interface SessionResponse extends Tokens {
  user: User;
  organization: Organization;
}

/** `GET /v1/auth/profile`. */
export interface ProfileResponse {
  user: User;
  organization: Organization;
}

export interface Building {
  id: string;
  name: string;
  address: string | null;
  /** Degrees, -90..90. */
  latitude: number | null;
  /** Degrees, -180..180. */
  longitude: number | null;
  /** `/v1/buildings/{id}/map-image` when a map image was uploaded, else null. */
  map_image_url: string | null;
  floor_count: number;
  created_at: string;
  updated_at: string;
}

export interface Floor {
  id: string;
  building_id: string;
  name: string;
  /** Integer storey number; 0 is the ground floor, negative below ground. */
  level: number;
  /** API path of the current floor plan file, null when the floor has none. */
  floor_plan_url: string | null;
  floor_plan_filename: string | null;
  /** Natural size of the current floor plan in pixels (null without a plan). */
  floor_plan_width: number | null;
  floor_plan_height: number | null;
  /**
   * The current plan's file to show at normal zoom and its size in px: a copy at most
   * 4096 px on its long side when the plan is larger, else the original. Optional: older
   * servers and hand-made fixtures leave them out (then show `floor_plan_url`).
   */
  floor_plan_display_url?: string | null;
  floor_plan_display_width?: number | null;
  floor_plan_display_height?: number | null;
  device_count: number;
  created_at: string;
  updated_at: string;
}

/** SPEC.md section 3 "Floor plan file metadata" (plan-image and floor-plans calls). */
export interface FloorPlanFile {
  file_name: string;
  /** Alias of file_name: the plan-image call names it `filename`. */
  filename: string;
  url: string;
  width: number;
  height: number;
  content_type: string;
  size: number;
  uploaded_at: string;
  /** File to show at normal zoom: a copy at most 4096 px on its long side for a larger plan, else the original. */
  display_url: string;
  display_width: number;
  display_height: number;
  /** The original at its natural size (`width` × `height`); the same as `url`. */
  original_url: string;
}

export type DeviceType = 'CAMERA' | 'NVR_CAMERA' | (string & {});
export type DeviceStatus = 'online' | 'offline' | 'error';

export interface Device {
  device_id: string;
  device_name: string;
  device_type: DeviceType;
  status: DeviceStatus;
  mac: string | null;
  /** The floor the device is placed on, null when not placed. */
  floor_id: string | null;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A camera's field of view (DESIGN.md "Wire conventions"). */
export interface FieldOfView {
  /** Degrees clockwise from the plan image's up, 0..<360. */
  heading_deg: number;
  /** Width of the cone in degrees, 1..360. */
  angle_deg: number;
  /** Reach in percent of the plan image's width, 0..100. */
  range_percent: number;
}

/** SPEC.md section 3 "Device position on a floor"; `status` joined from the device. */
export interface DevicePosition {
  device_id: string;
  device_name: string;
  device_type: DeviceType;
  status: DeviceStatus;
  /** Percent of the floor plan's natural width, 0..100, origin top left. */
  x_percent: number;
  /** Percent of the floor plan's natural height, 0..100, origin top left. */
  y_percent: number;
  floor_id: string;
  /** Null until a field of view is set. */
  fov: FieldOfView | null;
  created_at: string;
  updated_at: string;
}

/** `POST /v1/devices/bulk-import` body. */
export interface BulkImportRequest {
  floor_id: string;
  devices: {
    device_id: string;
    device_name: string;
    device_type: DeviceType;
    mac?: string | null;
    x_percent?: number;
    y_percent?: number;
  }[];
}

export interface BulkImportResponse {
  created: number;
  updated: number;
  devices: Device[];
}
