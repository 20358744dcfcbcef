/**
 * Buildings resource (SPEC.md section 7 "Buildings"): query option factories, the list
 * normaliser and the mutation functions. Errors are left as thrown by `apiFetch` so the
 * caller turns them into the spec's message with `problemMessage` (SPEC.md section 8).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { Building } from './types';
import { isRecord, numberOr, stringOr, unwrapList, unwrapRecord } from '../lib/unwrapList';

/** Fields of the create and edit forms; latitude and longitude in degrees. */
export interface BuildingInput {
  name: string;
  address?: string | null;
  /** Degrees, -90..90. */
  latitude?: number | null;
  /** Degrees, -180..180. */
  longitude?: number | null;
  /** Map image file, sent as the multipart field `map_image`. */
  map_image?: File | null;
}

/** Query key roots; a building's own key and its floors' key sit under `['buildings']`. */
export const buildingKeys = {
  all: ['buildings'] as const,
  detail: (id: string) => ['buildings', id] as const,
};

/**
 * Turns one building record into a `Building`, filling fields the server left out.
 * Returns null when the record has no string `id`.
 */
export function toBuilding(raw: unknown): Building | null {
  if (!isRecord(raw) || typeof raw.id !== 'string') return null;
  return {
    id: raw.id,
    name: stringOr(raw.name, `Building ${raw.id}`),
    address: stringOr(raw.address, null),
    latitude: numberOr(raw.latitude, null),
    longitude: numberOr(raw.longitude, null),
    map_image_url: stringOr(raw.map_image_url, null),
    floor_count: numberOr(raw.floor_count, 0),
    created_at: stringOr(raw.created_at, ''),
    updated_at: stringOr(raw.updated_at, ''),
  };
}

/**
 * Normalises `GET /v1/buildings`: a bare list or an object holding `buildings`
 * (SPEC.md section 7). Any other shape, and records without an id, yield nothing.
 */
export function normaliseBuildingList(raw: unknown): Building[] {
  const list = unwrapList(raw, ['buildings']) ?? [];
  return list.map(toBuilding).filter((b): b is Building => b !== null);
}

/** `GET /v1/buildings`, normalised. Throws the fetch error (fallback 'Failed to load buildings'). */
export async function fetchBuildings(signal?: AbortSignal): Promise<Building[]> {
  return normaliseBuildingList(await apiFetch<unknown>('/buildings', { signal }));
}

/** Query options of the buildings list, key `['buildings']`. */
export function buildingsQueryOptions() {
  return queryOptions({
    queryKey: buildingKeys.all,
    queryFn: ({ signal }) => fetchBuildings(signal),
  });
}

/** Query options of one building, key `['buildings', id]`; accepts a `{ building }` wrapper. */
export function buildingQueryOptions(id: string) {
  return queryOptions({
    queryKey: buildingKeys.detail(id),
    queryFn: async ({ signal }): Promise<Building> => {
      const raw = await apiFetch<unknown>(`/buildings/${encodeURIComponent(id)}`, { signal });
      const building = toBuilding(unwrapRecord(raw, ['building', 'data']));
      if (!building) throw new Error('Failed to load buildings');
      return building;
    },
  });
}

/**
 * Request body for create and update: multipart when a map image is attached (so the
 * file travels as `map_image`), JSON otherwise. Empty optional fields are sent as null.
 */
export function buildingBody(input: BuildingInput): FormData | Record<string, unknown> {
  const fields = {
    name: input.name,
    address: input.address ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  if (!input.map_image) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null) form.append(key, String(value));
  }
  form.append('map_image', input.map_image);
  return form;
}

/** `POST /v1/buildings`. Returns the new building; throws the fetch error ('Failed to create building'). */
export async function createBuilding(input: BuildingInput): Promise<Building> {
  const raw = await apiFetch<unknown>('/buildings', { method: 'POST', body: buildingBody(input) });
  const building = toBuilding(unwrapRecord(raw, ['building', 'data']));
  if (!building) throw new Error('Failed to create building');
  return building;
}

/** `PATCH /v1/buildings/{id}`. Returns the updated building; throws the fetch error ('Failed to update building'). */
export async function updateBuilding(id: string, input: BuildingInput): Promise<Building> {
  const raw = await apiFetch<unknown>(`/buildings/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: buildingBody(input),
  });
  const building = toBuilding(unwrapRecord(raw, ['building', 'data']));
  if (!building) throw new Error('Failed to update building');
  return building;
}

/** `DELETE /v1/buildings/{id}`. Throws the fetch error ('Failed to delete building'). */
export async function deleteBuilding(id: string): Promise<void> {
  await apiFetch(`/buildings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
