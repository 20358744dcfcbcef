/**
 * Device positions on a floor (SPEC.md section 7 "Floors": `/v1/floors/{id}/devices`).
 * Percentages are of the floor plan's natural size, 0..100, origin top left.
 * Errors are left as thrown by `apiFetch`; callers show them with `problemMessage`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { DevicePosition, DeviceStatus, FieldOfView } from './types';
import { isRecord, numberOr, stringOr, unwrapList } from '../lib/unwrapList';

/** A placed device as the client keeps it: the wire fields plus those SPEC.md section 3 derives. */
export interface PlacedDevice extends DevicePosition {
  /** Same as `x_percent`. */
  position_x: number;
  /** Same as `y_percent`. */
  position_y: number;
  /** `device_name`, else the device id. */
  name: string;
}

/** Body of `POST /v1/floors/{id}/devices`. */
export interface PlaceDeviceInput {
  device_id: string;
  device_name: string;
  device_type: string;
  x_percent: number;
  y_percent: number;
}

/** Key of a floor's device positions. */
export const floorDevicesKey = (floorId: string) => ['floors', floorId, 'devices'] as const;

const STATUSES: readonly DeviceStatus[] = ['online', 'offline', 'error'];

/** The status when it is one the spec names, else 'online' (SPEC.md section 3 default). */
export function toStatus(value: unknown): DeviceStatus {
  return STATUSES.find((s) => s === value) ?? 'online';
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** The field-of-view media type (SPEC.md section 7, DESIGN.md "Wire conventions"). */
export const FOV_CONTENT_TYPE = 'application/vnd.floorwatch.fov+json';

/**
 * Reads a position's `fov`: heading 0..<360 and angle 1..360 in degrees, range 0..100
 * percent of the plan's width. Null when absent or when any part is not a number in range.
 */
export function toFieldOfView(raw: unknown): FieldOfView | null {
  if (!isRecord(raw)) return null;
  const heading = numberOr(raw.heading_deg, null);
  const angle = numberOr(raw.angle_deg, null);
  const range = numberOr(raw.range_percent, null);
  if (heading === null || angle === null || range === null) return null;
  if (heading < 0 || heading >= 360 || angle < 1 || angle > 360 || range < 0 || range > 100) return null;
  return { heading_deg: heading, angle_deg: angle, range_percent: range };
}

/**
 * Turns one device position record into a `PlacedDevice`, deriving position_x,
 * position_y, name and the default status 'online' (SPEC.md section 3).
 * Returns null without a `device_id` or finite percentages.
 */
export function toPlacedDevice(raw: unknown, floorId: string): PlacedDevice | null {
  if (!isRecord(raw)) return null;
  const id = stringOr(raw.device_id, null);
  const x = numberOr(raw.x_percent, numberOr(raw.position_x, null));
  const y = numberOr(raw.y_percent, numberOr(raw.position_y, null));
  if (!id || x === null || y === null) return null;
  const deviceName = stringOr(raw.device_name, stringOr(raw.name, ''));
  const xPercent = clampPercent(x);
  const yPercent = clampPercent(y);
  return {
    device_id: id,
    device_name: deviceName,
    device_type: stringOr(raw.device_type, 'unknown'),
    status: toStatus(raw.status),
    x_percent: xPercent,
    y_percent: yPercent,
    floor_id: stringOr(raw.floor_id, floorId),
    fov: toFieldOfView(raw.fov),
    created_at: stringOr(raw.created_at, ''),
    updated_at: stringOr(raw.updated_at, ''),
    position_x: xPercent,
    position_y: yPercent,
    name: deviceName || id,
  };
}

/**
 * Normalises `GET /v1/floors/{id}/devices`: a bare list, or an object holding
 * `device_positions` or `devices` (SPEC.md section 7). Anything else yields nothing.
 */
export function normaliseDevicePositions(raw: unknown, floorId: string): PlacedDevice[] {
  const list = unwrapList(raw, ['device_positions', 'devices']) ?? [];
  return list.map((item) => toPlacedDevice(item, floorId)).filter((d): d is PlacedDevice => d !== null);
}

/** Query options of a floor's placed devices, key `['floors', id, 'devices']` ('Failed to load floor data'). */
export function floorDevicesQueryOptions(floorId: string) {
  return queryOptions({
    queryKey: floorDevicesKey(floorId),
    queryFn: async ({ signal }) => {
      const raw = await apiFetch<unknown>(`/floors/${encodeURIComponent(floorId)}/devices`, { signal });
      return normaliseDevicePositions(raw, floorId);
    },
  });
}

function devicePath(floorId: string, deviceId?: string): string {
  const base = `/floors/${encodeURIComponent(floorId)}/devices`;
  return deviceId === undefined ? base : `${base}/${encodeURIComponent(deviceId)}`;
}

/**
 * `POST /v1/floors/{id}/devices`: places a device (moving it here from any other floor).
 * Returns the new position (null when the response does not carry one, e.g. a 204);
 * throws the fetch error ('Failed to create device position').
 */
export async function placeDevice(floorId: string, input: PlaceDeviceInput): Promise<PlacedDevice | null> {
  const raw = await apiFetch<unknown>(devicePath(floorId), { method: 'POST', body: input });
  return toPlacedDevice(raw, floorId);
}

/**
 * `PATCH /v1/floors/{floorId}/devices/{deviceId}/position` with percentages 0..100.
 * Returns the saved position (null when the response does not carry one);
 * throws the fetch error ('Failed to update device positions').
 */
export async function updateDevicePosition(
  floorId: string,
  deviceId: string,
  position: { x_percent: number; y_percent: number },
): Promise<PlacedDevice | null> {
  const raw = await apiFetch<unknown>(`${devicePath(floorId, deviceId)}/position`, {
    method: 'PATCH',
    body: position,
  });
  return toPlacedDevice(raw, floorId);
}

/** `DELETE /v1/floors/{id}/devices/{deviceId}`. Throws the fetch error ('Failed to remove device from floor'). */
export async function removeDeviceFromFloor(floorId: string, deviceId: string): Promise<void> {
  await apiFetch(devicePath(floorId, deviceId), { method: 'DELETE' });
}

/**
 * `PATCH /v1/floors/{floorId}/devices/{deviceId}/fov` with the vendor content type
 * `application/vnd.floorwatch.fov+json`: heading 0..<360 degrees clockwise from the plan's
 * up, angle 1..360 degrees, range 0..100 percent of the plan's width. Returns the updated
 * position (null when the response does not carry one); throws the fetch error (a 400
 * names the field; fallback 'Failed to update device').
 */
export async function updateDeviceFov(floorId: string, deviceId: string, fov: FieldOfView): Promise<PlacedDevice | null> {
  const raw = await apiFetch<unknown>(`${devicePath(floorId, deviceId)}/fov`, {
    method: 'PATCH',
    headers: { 'Content-Type': FOV_CONTENT_TYPE },
    body: { heading_deg: fov.heading_deg, angle_deg: fov.angle_deg, range_percent: fov.range_percent },
  });
  return toPlacedDevice(raw, floorId);
}

/** `DELETE /v1/floors/{floorId}/devices/{deviceId}/fov`: the camera no longer has a field of view. Throws the fetch error. */
export async function clearDeviceFov(floorId: string, deviceId: string): Promise<void> {
  await apiFetch(`${devicePath(floorId, deviceId)}/fov`, { method: 'DELETE' });
}
