import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../http/problem';
import { IdParams, ProblemSchema, problemResponses } from '../http/schemas';
import { dropEmptyMultipartFields } from '../http/upload';
import { sendImage } from '../http/sendImage';
import { BuildingSchema, CreateBuildingBody, UpdateBuildingBody, type BuildingInput } from './schemas';
import { findBuilding, listBuildings } from './repository';
import { changeBuilding, createBuilding, removeBuilding } from './service';
import { buildingView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['buildings'];

/** SPEC.md section 7 "Buildings" (floors of a building are in server/floors). */
export const buildingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/buildings',
    { schema: { tags, security, summary: 'List buildings', response: { 200: Type.Object({ buildings: Type.Array(BuildingSchema) }), ...problemResponses } } },
    async (request) => ({ buildings: (await listBuildings(app.db, request.auth.organizationId)).map(buildingView) }),
  );

  app.post(
    '/buildings',
    {
      preValidation: dropEmptyMultipartFields,
      schema: { tags, security, summary: "Create a building (JSON or multipart with map_image); 409 with limit 'buildings' at the plan's limit", body: CreateBuildingBody, response: { 201: BuildingSchema, ...problemResponses, 409: ProblemSchema, 413: ProblemSchema, 415: ProblemSchema, 422: ProblemSchema } },
    },
    async (request, reply) => {
      const row = await createBuilding(app, request.auth.organizationId, request.body as BuildingInput);
      return reply.status(201).send(buildingView(row));
    },
  );

  app.get(
    '/buildings/:id',
    { schema: { tags, security, summary: 'Get a building', params: IdParams, response: { 200: BuildingSchema, ...problemResponses } } },
    async (request) => {
      const row = await findBuilding(app.db, request.auth.organizationId, request.params.id);
      if (!row) throw notFound('Building');
      return buildingView(row);
    },
  );

  app.patch(
    '/buildings/:id',
    {
      preValidation: dropEmptyMultipartFields,
      schema: { tags, security, summary: 'Update a building (JSON or multipart)', params: IdParams, body: UpdateBuildingBody, response: { 200: BuildingSchema, ...problemResponses, 413: ProblemSchema, 415: ProblemSchema, 422: ProblemSchema } },
    },
    async (request) => buildingView(await changeBuilding(app, request.auth.organizationId, request.params.id, request.body as BuildingInput)),
  );

  app.delete(
    '/buildings/:id',
    { schema: { tags, security, summary: 'Delete a building with its floors, positions and files', params: IdParams, response: { 204: Type.Null(), ...problemResponses } } },
    async (request, reply) => {
      await removeBuilding(app, request.auth.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/buildings/:id/map-image',
    { schema: { tags, security, summary: 'The building map image', params: IdParams, response: { 200: Type.Any({ description: 'image' }), ...problemResponses } } },
    async (request, reply) => {
      const row = await findBuilding(app.db, request.auth.organizationId, request.params.id);
      if (!row?.mapImageKey || !row.mapImageContentType) throw notFound('Map image');
      const extension = row.mapImageKey.split('.').pop() ?? 'img';
      return sendImage(reply, app.files, { key: row.mapImageKey, contentType: row.mapImageContentType, fileName: `${row.name}-map.${extension}` });
    },
  );
};
