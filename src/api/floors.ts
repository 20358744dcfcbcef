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

/** The current plan's files as the floor scene loads them (all API paths start with `/v1`). */
export interface CurrentPlanFiles {
  /** The original, at its natural size. */
  originalUrl: string;
  /** What to show at normal zoom: a copy at most 4096 px on its long side for a larger plan, else the original. */
  displayUrl: string;
  /** The original's natural size, px (percent positions refer to it). */
  width: number;
  height: number;
}

/**
 * The current plan's files of a floor, or null without a plan or without its natural
 * size. A server that sends no display version leaves the original to be shown.
 */
export function currentPlanFiles(floor: Floor & { image_url?: string | null }): CurrentPlanFiles | null {
  const originalUrl = floor.image_url ?? floorImageUrl(floor);
  if (originalUrl === null || floor.floor_plan_width === null || floor.floor_plan_height === null) return null;
  return { originalUrl, displayUrl: floor.floor_plan_display_url ?? originalUrl, width: floor.floor_plan_width, height: floor.floor_plan_height };
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
    floor_plan_display_url: stringOr(record.floor_plan_display_url, null),
    floor_plan_display_width: numberOr(record.floor_plan_display_width, null),
    floor_plan_display_height: numberOr(record.floor_plan_display_height, null),
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

/** Query key of a floor's plan files (`GET /v1/floors/{id}/floor-plans`). */
export const floorPlanKeys = {
  ofFloor: (floorId: string) => ['floors', floorId, 'floor-plans'] as const,
};

/** Normalises one plan file record, filling the display fields an older server leaves out; null without a `file_name`. */
export function toFloorPlanFile(raw: unknown): FloorPlanFile | null {
  if (!isRecord(raw)) return null;
  const fileName = stringOr(raw.file_name, stringOr(raw.filename, null));
  if (fileName === null) return null;
  const url = stringOr(raw.url, '');
  const width = numberOr(raw.width, 0);
  const height = numberOr(raw.height, 0);
  return {
    file_name: fileName,
    filename: fileName,
    url,
    width,
    height,
    content_type: stringOr(raw.content_type, ''),
    size: numberOr(raw.size, 0),
    uploaded_at: stringOr(raw.uploaded_at, ''),
    display_url: stringOr(raw.display_url, url),
    display_width: numberOr(raw.display_width, width),
    display_height: numberOr(raw.display_height, height),
    original_url: stringOr(raw.original_url, url),
  };
}

/** `GET /v1/floors/{id}/floor-plans`: the floor's plan files, oldest first. */
export async function fetchFloorPlans(floorId: string, signal?: AbortSignal): Promise<FloorPlanFile[]> {
  const raw = await apiFetch<unknown>(`/floors/${encodeURIComponent(floorId)}/floor-plans`, { signal });
  return (unwrapList(raw, ['floor_plans', 'data']) ?? []).map(toFloorPlanFile).filter((f): f is FloorPlanFile => f !== null);
}

/** Query options of a floor's plan files, key `['floors', id, 'floor-plans']`. */
export function floorPlansQueryOptions(floorId: string) {
  return queryOptions({
    queryKey: floorPlanKeys.ofFloor(floorId),
    queryFn: ({ signal }) => fetchFloorPlans(floorId, signal),
  });
}

/**
 * `POST /v1/floors/{id}/floor-plans` with the multipart field `floor_plan`: adds a plan
 * file, which becomes current. Throws the fetch error ('Failed to upload floor plan').
 */
export async function addFloorPlanFile(floorId: string, file: Blob, fileName?: string): Promise<FloorPlanFile> {
  const form = new FormData();
  if (fileName === undefined) form.append('floor_plan', file);
  else form.append('floor_plan', file, fileName);
  const raw = await apiFetch<unknown>(`/floors/${encodeURIComponent(floorId)}/floor-plans`, { method: 'POST', body: form });
  const plan = toFloorPlanFile(raw);
  if (!plan) throw new Error('Failed to upload floor plan');
  return plan;
}

/**
 * `PUT /v1/floors/{id}/plan-image` with `{ file_name }`: makes one of the floor's plan
 * files current. Throws the fetch error ('Failed to update floor').
 */
export async function setCurrentFloorPlan(floorId: string, fileName: string): Promise<FloorPlanFile> {
  const raw = await apiFetch<unknown>(`/floors/${encodeURIComponent(floorId)}/plan-image`, { method: 'PUT', body: { file_name: fileName } });
  const plan = toFloorPlanFile(raw);
  if (!plan) throw new Error('Failed to update floor');
  return plan;
}

/** `DELETE /v1/floors/{id}/floor-plans?filename=`. Throws the fetch error ('Failed to delete floor plan'). */
export async function deleteFloorPlanFile(floorId: string, fileName: string): Promise<void> {
  await apiFetch(`/floors/${encodeURIComponent(floorId)}/floor-plans`, { method: 'DELETE', query: { filename: fileName } });
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
