import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema, problemResponses } from '../http/schemas';
import type { VortexDeps } from '../vortex/service';
import { syncOneDevice } from '../vortex/sync';
import { DeviceParams, DeviceSchema } from './schemas';
import { deviceView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['devices'];

/**
 * SPEC.md section 7 "Devices": the device routes that reach VORTEX through the
 * organization's saved connection. Problems: 404 for a device the organization does not
 * have (another organization's included), 422 when VORTEX is not set up, 502 when VORTEX
 * fails (unreachable, key refused, answer outside the contract).
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
};
