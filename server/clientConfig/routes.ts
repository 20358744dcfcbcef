import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { MapTilesConfig } from './mapTiles';

const ClientConfigSchema = Type.Object(
  {
    map_tile_url: Type.Union([Type.String(), Type.Null()], { description: 'Leaflet tile URL template, or null: the maps draw only the built-in country outlines' }),
    map_tile_attribution: Type.String({ description: 'Credit to show for the tiles (may be empty)' }),
  },
  { $id: 'ClientConfig' },
);

/**
 * `GET /v1/client-config`: what the browser app needs from the server's configuration
 * (today the optional map tile server, `MAP_TILE_URL`). Public, as the sign-in screen's
 * `GET /v1/auth/providers` is: it holds nothing secret.
 */
export const clientConfigRoutes: FastifyPluginAsyncTypebox<{ mapTiles: MapTilesConfig | undefined }> = async (app, options) => {
  const body = { map_tile_url: options.mapTiles?.url ?? null, map_tile_attribution: options.mapTiles?.attribution ?? '' };
  app.get(
    '/client-config',
    { schema: { tags: ['config'], summary: 'Browser app settings from the server configuration (map tiles)', response: { 200: ClientConfigSchema } } },
    async () => body,
  );
};
