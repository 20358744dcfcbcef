import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import { findDevice, upsertDevices } from '../devices/repository';
import { requireFloor } from '../floors/service';
import { requireRoomForDevice } from '../organizations/deviceLimit';
import { deleteAllPositions, deletePosition, findPosition, listPositions, movePosition, upsertPosition } from './repository';
import { DevicePositionSchema, FloorAndDeviceParams, FloorDeviceParams, FloorIdParams, MoveDeviceBody, PlaceDeviceBody } from './schemas';
import { positionRowView, positionView } from './view';
import { fovRoutes } from './fovRoutes';

const security = [{ bearerAuth: [] }];
const tags = ['device positions'];

/** SPEC.md section 7 "Floors": devices placed on a floor by percentage position. */
export const positionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // A child plugin: its vendor content-type parser stays with its own routes.
  await app.register(fovRoutes);

  app.get(
    '/floors/:id/devices',
    { schema: { tags, security, summary: 'Devices placed on a floor', params: FloorIdParams, response: { 200: Type.Object({ device_positions: Type.Array(DevicePositionSchema) }), ...problemResponses } } },
    async (request) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      return { device_positions: (await listPositions(app.db, floor.organizationId, floor.id)).map(positionRowView) };
    },
  );

  app.post(
    '/floors/:id/devices',
    {
      schema: {
        tags,
        security,
        summary: "Place a device on a floor (moving it from any other floor); an unknown device id is added to the organization (409 with limit 'devices' at the plan's limit)",
        params: FloorIdParams,
        body: PlaceDeviceBody,
        response: { 201: DevicePositionSchema, ...problemResponses, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      const { device_id, device_name, device_type, x_percent, y_percent } = request.body;
      const result = await app.db.transaction(async (tx) => {
        const existing = await findDevice(tx, floor.organizationId, device_id);
        // Only adding a device counts against the plan; the check locks the organization.
        if (!existing) await requireRoomForDevice(tx, floor.organizationId, device_id);
        const device =
          existing ??
          (await upsertDevices(tx, [{ organizationId: floor.organizationId, deviceId: device_id, name: device_name.trim(), type: device_type, status: 'offline' }]))[0];
        if (!device) throw new Error('device upsert returned nothing');
        const position = await upsertPosition(tx, { organizationId: floor.organizationId, floorId: floor.id, devicePk: device.id, xPercent: x_percent, yPercent: y_percent });
        return positionView(position, device);
      });
      return reply.status(201).send(result);
    },
  );

  app.patch(
    '/floors/:floorId/devices/:deviceId/position',
    { schema: { tags, security, summary: "Move a placed device (percent of the plan's natural size)", params: FloorDeviceParams, body: MoveDeviceBody, response: { 200: DevicePositionSchema, ...problemResponses } } },
    async (request) => {
      const { organizationId } = request.auth;
      const found = await findPosition(app.db, organizationId, request.params.floorId, request.params.deviceId);
      if (!found) throw notFound('Device on this floor');
      const moved = await movePosition(app.db, organizationId, request.params.floorId, found.device.id, {
        xPercent: request.body.x_percent,
        yPercent: request.body.y_percent,
      });
      if (!moved) throw notFound('Device on this floor');
      return positionView(moved, found.device);
    },
  );

  app.delete(
    '/floors/:id/devices/:deviceId',
    { schema: { tags, security, summary: 'Remove a device from a floor (the device itself stays)', params: FloorAndDeviceParams, response: { 204: Type.Null(), ...problemResponses } } },
    async (request, reply) => {
      const { organizationId } = request.auth;
      const found = await findPosition(app.db, organizationId, request.params.id, request.params.deviceId);
      if (!found || !(await deletePosition(app.db, organizationId, request.params.id, found.device.id))) throw notFound('Device on this floor');
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/floors/:id/devices',
    { schema: { tags, security, summary: 'Remove every device from a floor', params: FloorIdParams, response: { 204: Type.Null(), ...problemResponses } } },
    async (request, reply) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      await deleteAllPositions(app.db, floor.organizationId, floor.id);
      return reply.status(204).send(null);
    },
  );
};
