import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpProblem, notFound } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import { requireFloor } from '../floors/service';
import { findPosition, setFov } from './repository';
import { DevicePositionSchema, FloorDeviceParams, FOV_CONTENT_TYPE, FovBody } from './schemas';
import type { FieldOfView } from './schemas';
import { positionView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['device positions'];

/** Largest field-of-view body, bytes: three numbers need far less than the 1 MiB JSON limit. */
export const FOV_BODY_LIMIT = 16 * 1024;

/** The media type of a request without its parameters (`; charset=…`), lower case. */
function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** 415 unless the request carries the vendor media type, checked before any body parser runs. */
async function requireFovMediaType(request: FastifyRequest): Promise<void> {
  if (mediaType(request) !== FOV_CONTENT_TYPE) {
    throw new HttpProblem(415, `This endpoint expects Content-Type ${FOV_CONTENT_TYPE}`);
  }
}

/**
 * A camera's field of view on a floor (SPEC.md section 7 "Floors", DESIGN.md "Wire
 * conventions"). `PATCH /floors/{floorId}/devices/{deviceId}/fov` takes only
 * `application/vnd.floorwatch.fov+json` with `heading_deg` 0..<360 (clockwise from the
 * image's up), `angle_deg` 1..360 and `range_percent` 0..100 (of the image width), and
 * answers the updated position. `DELETE` on the same path clears it (204); a position
 * without a field of view carries `fov: null`. Another organization's floor or device,
 * or a device not on that floor, is a 404.
 *
 * Registered inside `positionRoutes`, so its content-type parser serves these routes only.
 */
export const fovRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Fastify's own JSON parser (prototype-poisoning checks and its error codes, which the
  // error handler turns into 400s), under this media type and a small limit.
  app.addContentTypeParser(FOV_CONTENT_TYPE, { parseAs: 'string', bodyLimit: FOV_BODY_LIMIT }, app.getDefaultJsonParser('error', 'error'));

  /** The device's position on the caller's floor, or a 404 naming what is missing. */
  async function requirePosition(organizationId: string, floorId: string, deviceId: string) {
    const floor = await requireFloor(app, organizationId, floorId);
    const found = await findPosition(app.db, organizationId, floor.id, deviceId);
    if (!found) throw notFound('Device on this floor');
    return found;
  }

  app.patch(
    '/floors/:floorId/devices/:deviceId/fov',
    {
      onRequest: requireFovMediaType,
      schema: {
        tags,
        security,
        summary: "Set a camera's field of view (Content-Type application/vnd.floorwatch.fov+json)",
        params: FloorDeviceParams,
        body: FovBody,
        response: { 200: DevicePositionSchema, ...problemResponses, 413: ProblemSchema, 415: ProblemSchema },
      },
    },
    async (request) => {
      const { organizationId } = request.auth;
      const { floorId, deviceId } = request.params;
      const found = await requirePosition(organizationId, floorId, deviceId);
      const updated = await setFov(app.db, organizationId, floorId, found.device.id, request.body as FieldOfView);
      if (!updated) throw notFound('Device on this floor');
      return positionView(updated, found.device);
    },
  );

  app.delete(
    '/floors/:floorId/devices/:deviceId/fov',
    {
      schema: {
        tags,
        security,
        summary: "Clear a camera's field of view (the position then carries fov: null)",
        params: FloorDeviceParams,
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { organizationId } = request.auth;
      const { floorId, deviceId } = request.params;
      const found = await requirePosition(organizationId, floorId, deviceId);
      if (!(await setFov(app.db, organizationId, floorId, found.device.id, null))) throw notFound('Device on this floor');
      return reply.status(204).send(null);
    },
  );
};
