import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams, ProblemSchema, problemResponses } from '../http/schemas';
import { dropEmptyMultipartFields } from '../http/upload';
import { listFloors } from './repository';
import { FloorParams, FloorSchema, UpdateFloorBody, CreateFloorBody, CreateBuildingFloorBody, type FloorInput } from './schemas';
import { changeFloor, createFloor, removeFloor, requireFloor } from './service';
import { floorView } from './view';
import { notFound } from '../http/problem';
import { buildingExists } from './repository';

const security = [{ bearerAuth: [] }];
const tags = ['floors'];
const uploadProblems = { 413: ProblemSchema, 415: ProblemSchema, 422: ProblemSchema };
/** A create past the plan's floor limit (limit 'floors'). */
const limitProblem = { 409: ProblemSchema };

/** SPEC.md section 7 "Floors" (floor CRUD) and the floors of a building. */
export const floorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/buildings/:id/floors',
    { schema: { tags, security, summary: "List a building's floors", params: IdParams, response: { 200: Type.Object({ floors: Type.Array(FloorSchema) }), ...problemResponses } } },
    async (request) => {
      const { organizationId } = request.auth;
      if (!(await buildingExists(app.db, organizationId, request.params.id))) throw notFound('Building');
      return { floors: (await listFloors(app.db, organizationId, request.params.id)).map(floorView) };
    },
  );

  app.post(
    '/buildings/:id/floors',
    {
      preValidation: dropEmptyMultipartFields,
      schema: { tags, security, summary: 'Create a floor in this building (JSON or multipart with floor_plan)', params: IdParams, body: CreateBuildingFloorBody, response: { 201: FloorSchema, ...problemResponses, ...limitProblem, ...uploadProblems } },
    },
    async (request, reply) => {
      const input = { ...(request.body as FloorInput), building_id: request.params.id };
      return reply.status(201).send(floorView(await createFloor(app, request.auth.organizationId, input)));
    },
  );

  app.post(
    '/floors',
    {
      preValidation: dropEmptyMultipartFields,
      schema: { tags, security, summary: 'Create a floor (JSON or multipart with floor_plan)', body: CreateFloorBody, response: { 201: FloorSchema, ...problemResponses, ...limitProblem, ...uploadProblems } },
    },
    async (request, reply) => reply.status(201).send(floorView(await createFloor(app, request.auth.organizationId, request.body as FloorInput))),
  );

  app.get(
    '/floors/:id',
    { schema: { tags, security, summary: 'Get a floor', params: FloorParams, response: { 200: Type.Object({ floor: FloorSchema }), ...problemResponses } } },
    async (request) => ({ floor: floorView(await requireFloor(app, request.auth.organizationId, request.params.id)) }),
  );

  app.patch(
    '/floors/:id',
    { schema: { tags, security, summary: 'Rename a floor or change its level', params: FloorParams, body: UpdateFloorBody, response: { 200: Type.Object({ data: FloorSchema }), ...problemResponses } } },
    async (request) => ({ data: floorView(await changeFloor(app, request.auth.organizationId, request.params.id, request.body)) }),
  );

  app.delete(
    '/floors/:id',
    { schema: { tags, security, summary: 'Delete a floor with its positions and plan files', params: FloorParams, response: { 204: Type.Null(), ...problemResponses } } },
    async (request, reply) => {
      await removeFloor(app, request.auth.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
