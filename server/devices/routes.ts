import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import { findDevice, listDevices } from './repository';
import { BulkImportBody, BulkImportResponse, DeviceParams, DeviceSchema } from './schemas';
import { bulkImport } from './service';
import { deviceView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['devices'];

/** SPEC.md section 7 "Devices": list, details and bulk import. */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/devices',
    { schema: { tags, security, summary: "The organization's devices", response: { 200: Type.Object({ devices: Type.Array(DeviceSchema) }), ...problemResponses } } },
    async (request) => ({ devices: (await listDevices(app.db, request.auth.organizationId)).map(deviceView) }),
  );

  app.get(
    '/devices/:id',
    { schema: { tags, security, summary: 'A device by its VORTEX device id', params: DeviceParams, response: { 200: DeviceSchema, ...problemResponses } } },
    async (request) => {
      const device = await findDevice(app.db, request.auth.organizationId, request.params.id);
      if (!device) throw notFound('Device');
      return deviceView(device);
    },
  );

  app.post(
    '/devices/bulk-import',
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, security, summary: "Add or update many devices and place them on a floor, all or nothing; 409 with limit 'devices' when the new ones pass the plan's limit", body: BulkImportBody, response: { 200: BulkImportResponse, ...problemResponses, 409: ProblemSchema, 413: ProblemSchema } },
    },
    async (request) => {
      const result = await bulkImport(app, request.auth.organizationId, request.body);
      return { created: result.created, updated: result.updated, devices: result.devices.map(deviceView) };
    },
  );
};
