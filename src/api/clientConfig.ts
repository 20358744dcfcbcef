/**
 * `GET /v1/client-config`: browser settings taken from the server's configuration
 * (the optional map tile server, `MAP_TILE_URL`; README "Configuration").
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { isRecord, stringOr } from '../lib/unwrapList';

export interface ClientConfig {
  /** Leaflet tile URL template, or null: the maps draw only the built-in country outlines. */
  mapTileUrl: string | null;
  /** Credit for the tiles; empty when none is configured. */
  mapTileAttribution: string;
}

/** Reads the answer; anything unexpected means no tile server. */
export function toClientConfig(raw: unknown): ClientConfig {
  const record = isRecord(raw) ? raw : {};
  return { mapTileUrl: stringOr(record.map_tile_url, null), mapTileAttribution: stringOr(record.map_tile_attribution, '') };
}

/**
 * Query options, key `['client-config']`. Kept for the session (the server's
 * configuration changes only on restart); a failure falls back to no tile server.
 */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: async ({ signal }) => {
      try {
        return toClientConfig(await apiFetch<unknown>('/client-config', { signal }));
      } catch (error) {
        if (signal.aborted) throw error;
        return toClientConfig(null);
      }
    },
    staleTime: Infinity,
  });
}
