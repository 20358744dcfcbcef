/**
 * Floors resource (SPEC.md section 7 "Floors"): floors, their floor plan files, and the
 * floors of every building with the 10 s per-building rule (SPEC.md sections 8 and 9).
 * Device positions on a floor live in `floorDevices.ts`. Errors are left as thrown by
 * `apiFetch`; callers show them with `problemMessage` and the fallback named on each call.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { fetchBuildings } from './buildings';
import type { Floor, FloorPlanFile } from './types';
import { isRecord, numberOr, stringOr, unwrapList, unwrapRecord } from '../lib/unwrapList';
import { withTimeoutFallback } from '../lib/withTimeout';

/** A floor as the client keeps it: the wire fields plus the derived plan image address. */
export interface FloorWithImage extends Floor {
  /** API path of the plan image, derived from `floor_plan_filename` (SPEC.md section 3); null without a plan. */
  image_url: string | null;
}

/** Fields of the new-floor form. `level` is an integer storey number. */
export interface FloorInput {
  name: string;
  level: number;
  building_id: string;
  /** PNG, JPEG, WebP or SVG; sent as the multipart field `floor_plan`. */
  floor_plan?: File | null;
}

/** SPEC.md section 9: per-building floor load aborted after 10 s. */
export const FLOOR_LOAD_TIMEOUT_MS = 10_000;

/** Query keys: `['floors']` is the floors of every building, `['floors', id]` one floor. */
export const floorKeys = {
  all: ['floors'] as const,
  detail: (id: string) => ['floors', id] as const,
  ofBuilding: (buildingId: string) => ['buildings', buildingId, 'floors'] as const,
};

/** The plan image address for a floor: `/v1/floors/{id}/floor-plans/{filename}`, else `floor_plan_url`. */
export function floorImageUrl(floor: Pick<Floor, 'id' | 'floor_plan_filename' | 'floor_plan_url'>): string | null {
  if (floor.floor_plan_filename) {
    return `/v1/floors/${encodeURIComponent(floor.id)}/floor-plans/${encodeURIComponent(floor.floor_plan_filename)}`;
  }
  return floor.floor_plan_url;
}

/**
 * Turns one floor record (bare, or wrapped in `floor` or `data`) into a `FloorWithImage`,
 * filling fields the server left out. Returns null when there is no string `id`.
 */
export function toFloor(raw: unknown): FloorWithImage | null {
  const record = unwrapRecord(raw, ['floor', 'data']);
  if (!isRecord(record) || typeof record.id !== 'string') return null;
  const floor: Floor = {
    id: record.id,
    building_id: stringOr(record.building_id, ''),
    name: stringOr(record.name, `Floor ${record.id}`),
    level: numberOr(record.level, 0),
    floor_plan_url: stringOr(record.floor_plan_url, null),
    floor_plan_filename: stringOr(record.floor_plan_filename, null),
    floor_plan_width: numberOr(record.floor_plan_width, null),
    floor_plan_height: numberOr(record.floor_plan_height, null),
    device_count: numberOr(record.device_count, 0),
    created_at: stringOr(record.created_at, ''),
    updated_at: stringOr(record.updated_at, ''),
  };
  return { ...floor, image_url: floorImageUrl(floor) };
}

/** Normalises `GET /v1/buildings/{id}/floors`: a bare list or an object holding `floors`, sorted by level. */
export function normaliseFloorList(raw: unknown): FloorWithImage[] {
  const list = unwrapList(raw, ['floors']) ?? [];
  return list
    .map(toFloor)
    .filter((f): f is FloorWithImage => f !== null)
    .sort((a, b) => a.level - b.level);
}

function requireFloor(raw: unknown, message: string): FloorWithImage {
  const floor = toFloor(raw);
  if (!floor) throw new Error(message);
  return floor;
}

/** `GET /v1/buildings/{id}/floors`, normalised. Throws the fetch error ('Failed to load floors'). */
export async function fetchBuildingFloors(buildingId: string, signal?: AbortSignal): Promise<FloorWithImage[]> {
  const raw = await apiFetch<unknown>(`/buildings/${encodeURIComponent(buildingId)}/floors`, { signal });
  return normaliseFloorList(raw);
}

/**
 * Loads the floors of several buildings in parallel, each given `timeoutMs`; a building
 * that takes longer is skipped with an empty list (SPEC.md section 8). Other failures reject.
 *
 * @param buildingIds buildings to load, in order.
 * @param fetchFloors loader for one building; it should honour the signal.
 * @returns every floor found, building by building.
 */
export async function loadFloorsOfBuildings(
  buildingIds: readonly string[],
  fetchFloors: (buildingId: string, signal: AbortSignal) => Promise<FloorWithImage[]>,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<FloorWithImage[]> {
  const timeoutMs = options.timeoutMs ?? FLOOR_LOAD_TIMEOUT_MS;
  const perBuilding = await Promise.all(
    buildingIds.map((id) =>
      withTimeoutFallback<FloorWithImage[]>((signal) => fetchFloors(id, signal), timeoutMs, [], options.signal),
    ),
  );
  return perBuilding.flat();
}

/** Query options of the floors of every building (key `['floors']`), with the 10 s rule. */
export function allFloorsQueryOptions() {
  return queryOptions({
    queryKey: floorKeys.all,
    queryFn: async ({ signal }) => {
      const buildings = await fetchBuildings(signal);
      return loadFloorsOfBuildings(
        buildings.map((b) => b.id),
        fetchBuildingFloors,
        { signal },
      );
    },
  });
}

/** Query options of one building's floors, key `['buildings', id, 'floors']` ('Failed to load floors'). */
export function buildingFloorsQueryOptions(buildingId: string) {
  return queryOptions({
    queryKey: floorKeys.ofBuilding(buildingId),
    queryFn: ({ signal }) => fetchBuildingFloors(buildingId, signal),
  });
}

/** Query options of one floor, key `['floors', id]`; accepts a `{ floor }` wrapper ('Failed to load floor'). */
export function floorQueryOptions(id: string) {
  return queryOptions({
    queryKey: floorKeys.detail(id),
    queryFn: async ({ signal }): Promise<FloorWithImage> => {
      const raw = await apiFetch<unknown>(`/floors/${encodeURIComponent(id)}`, { signal });
      return requireFloor(raw, 'Failed to load floor');
    },
  });
}

/**
 * `POST /v1/floors` as multipart (name, level, building_id and, when given, floor_plan).
 * Returns the new floor; throws the fetch error ('Failed to create floor').
 */
export async function createFloor(input: FloorInput): Promise<FloorWithImage> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('level', String(input.level));
  form.append('building_id', input.building_id);
  if (input.floor_plan) form.append('floor_plan', input.floor_plan);
  const raw = await apiFetch<unknown>('/floors', { method: 'POST', body: form });
  return requireFloor(raw, 'Failed to create floor');
}

/**
 * `PATCH /v1/floors/{id}`; the response's `data` replaces the floor (SPEC.md section 7).
 * Throws the fetch error ('Failed to update floor').
 */
export async function updateFloor(id: string, changes: { name?: string; level?: number }): Promise<FloorWithImage> {
  const raw = await apiFetch<unknown>(`/floors/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
  return requireFloor(raw, 'Failed to update floor');
}

/** `DELETE /v1/floors/{id}`. Throws the fetch error ('Failed to delete floor'). */
export async function deleteFloor(id: string): Promise<void> {
  await apiFetch(`/floors/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * `POST /v1/floors/{id}/plan-image` with the multipart field `floor_plan`.
 * Returns the stored file's metadata; throws the fetch error ('Failed to upload floor plan').
 */
export async function uploadFloorPlan(floorId: string, file: File): Promise<FloorPlanFile> {
  const form = new FormData();
  form.append('floor_plan', file);
  return apiFetch<FloorPlanFile>(`/floors/${encodeURIComponent(floorId)}/plan-image`, { method: 'POST', body: form });
}

/**
 * Fetches a floor plan image with the bearer header. `url` is an API path that already
 * starts with `/v1` (`Floor.floor_plan_url`), so the client's base URL is overridden.
 */
export async function fetchFloorPlanImage(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiFetch<Blob, 'blob'>(url, { baseURL: '/', responseType: 'blob', signal });
}
