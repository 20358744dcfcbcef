import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProblemSchema, problemResponses } from '../http/schemas';
import type { VortexDeps } from '../vortex/service';
import { syncOneDevice } from '../vortex/sync';
import { DeviceParams, DeviceSchema } from './schemas';
import { deviceSnapshot, SNAPSHOT_CACHE_CONTROL } from './snapshot';
import { deviceView } from './view';
import { imageResponseHeaders } from '../images/imageResponseHeaders';

const SnapshotQuery = Type.Object(
  {
    timestamp: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 253_402_300_799, description: 'Unix seconds (UTC) of an event: its stored thumbnail, else VORTEX’s recorded image nearest that time' }),
    ),
  },
  { additionalProperties: false },
);

const security = [{ bearerAuth: [] }];
const tags = ['devices'];

/**
 * SPEC.md section 7 "Devices": the device routes that reach VORTEX through the
 * organization's saved connection. Problems: 404 for a device the organization does not
 * have (another organization's included), 422 when VORTEX is not set up (or, for a
 * snapshot, the device is not a camera), 502 when VORTEX fails (unreachable, key
 * refused, answer outside the contract), 404 when VORTEX has no image.
 */
export const deviceVortexRoutes: FastifyPluginAsyncTypebox<{ vortex: Omit<VortexDeps, 'db'> }> = async (app, options) => {
  app.addHook('preHandler', app.authenticate);
  const deps: VortexDeps = { db: app.db, ...options.vortex };

  app.post(
    '/devices/:id/sync',
    {
      schema: {
        tags,
        security,
        summary: 'Refresh one device from VORTEX’s list; a device VORTEX no longer lists is marked offline',
        params: DeviceParams,
        response: { 200: DeviceSchema, ...problemResponses, 422: ProblemSchema, 502: ProblemSchema },
      },
    },
    async (request) => deviceView(await syncOneDevice(deps, request.auth.organizationId, request.params.id)),
  );

  app.get(
    '/devices/:id/snapshot',
    {
      schema: {
        tags,
        security,
        summary: 'A camera’s image (CAMERA, NVR_CAMERA): live, or at an event’s time (the event’s thumbnail when VORTEX sent one)',
        params: DeviceParams,
        querystring: SnapshotQuery,
        response: {
          200: Type.Any({ description: 'A JPEG, PNG or WebP image' }),
          ...problemResponses,
          422: ProblemSchema,
          502: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { timestamp } = request.query;
      const image = await deviceSnapshot({ ...deps, files: app.files }, request.auth.organizationId, id, timestamp);
      const fileName = `${id}${timestamp === undefined ? '' : `-${timestamp}`}.${image.contentType.replace('image/', '').replace('jpeg', 'jpg')}`;
      return reply
        .headers({
          ...imageResponseHeaders(image.contentType, fileName),
          'content-length': String(image.size),
          'cache-control': SNAPSHOT_CACHE_CONTROL,
          'cross-origin-resource-policy': 'same-origin',
        })
        .send(image.body);
    },
  );
};
