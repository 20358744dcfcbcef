import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpProblem, badRequest, notFound } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import { fileField } from '../http/upload';
import { sendImage } from '../http/sendImage';
import { findServedFloorPlan, findSignedFloorPlan, listFloorPlans, type FloorPlanRow } from './repository';
import { CurrentPlanBody, FloorFileParams, FloorParams, FloorPlanFileSchema, PlanUploadBody } from './schemas';
import { makePlanCurrent, removePlanFile, uploadCurrentPlan } from './planService';
import { requireFloor } from './service';
import { signPath, verifySignedPath } from './signedUrl';
import { floorPlanFileView, floorPlanUrl } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['floor plans'];
const uploadProblems = { 413: ProblemSchema, 415: ProblemSchema, 422: ProblemSchema };

/** The stored file a served name stands for: the plan's original or its display version. */
function servedFile(plan: FloorPlanRow, fileName: string) {
  if (fileName !== plan.fileName && plan.displayStorageKey && plan.displayContentType) {
    return { key: plan.displayStorageKey, contentType: plan.displayContentType, fileName };
  }
  return { key: plan.storageKey, contentType: plan.contentType, fileName: plan.fileName };
}

function requirePlanFile(body: unknown): Buffer {
  const data = fileField(body, 'floor_plan');
  if (!data) throw badRequest('floor_plan is required: send the image as a multipart file field named floor_plan', 'floor_plan');
  return data;
}

/** SPEC.md section 7 "Floors": the current plan (`plan-image`) and all plan files (`floor-plans`). */
export const floorPlanRoutes: FastifyPluginAsyncTypebox<{ signingSecret: string }> = async (app, options) => {
  app.get(
    '/floors/:id/plan-image',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'Metadata of the current floor plan', params: FloorParams, response: { 200: FloorPlanFileSchema, ...problemResponses } } },
    async (request) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      if (!floor.plan) throw notFound('Floor plan');
      return floorPlanFileView(floor.plan);
    },
  );

  app.post(
    '/floors/:id/plan-image',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'Upload a floor plan and make it current', params: FloorParams, body: PlanUploadBody, response: { 201: FloorPlanFileSchema, ...problemResponses, ...uploadProblems } } },
    async (request, reply) => {
      const data = requirePlanFile(request.body);
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      return reply.status(201).send(floorPlanFileView(await uploadCurrentPlan(app, floor, data)));
    },
  );

  app.put(
    '/floors/:id/plan-image',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Make one of the floor's plan files current (device positions are percentages and stay)",
        params: FloorParams,
        body: CurrentPlanBody,
        response: { 200: FloorPlanFileSchema, ...problemResponses },
      },
    },
    async (request) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      return floorPlanFileView(await makePlanCurrent(app, floor, request.body.file_name));
    },
  );

  app.delete(
    '/floors/:id/plan-image',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'Delete the current floor plan file', params: FloorParams, response: { 204: Type.Null(), ...problemResponses } } },
    async (request, reply) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      if (!floor.plan) throw notFound('Floor plan');
      await removePlanFile(app, floor, floor.plan.fileName);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/floors/:id/floor-plans',
    { preHandler: app.authenticate, schema: { tags, security, summary: "List a floor's plan files", params: FloorParams, response: { 200: Type.Object({ floor_plans: Type.Array(FloorPlanFileSchema) }), ...problemResponses } } },
    async (request) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      return { floor_plans: (await listFloorPlans(app.db, floor.organizationId, floor.id)).map(floorPlanFileView) };
    },
  );

  app.post(
    '/floors/:id/floor-plans',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'Upload a floor plan file (it becomes current)', params: FloorParams, body: PlanUploadBody, response: { 201: FloorPlanFileSchema, ...problemResponses, ...uploadProblems } } },
    async (request, reply) => {
      const data = requirePlanFile(request.body);
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      return reply.status(201).send(floorPlanFileView(await uploadCurrentPlan(app, floor, data)));
    },
  );

  app.delete(
    '/floors/:id/floor-plans',
    {
      preHandler: app.authenticate,
      schema: { tags, security, summary: 'Delete a plan file by name', params: FloorParams, querystring: Type.Object({ filename: Type.String({ minLength: 1, maxLength: 100 }) }), response: { 204: Type.Null(), ...problemResponses } },
    },
    async (request, reply) => {
      const floor = await requireFloor(app, request.auth.organizationId, request.params.id);
      await removePlanFile(app, floor, request.query.filename);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/floors/:id/floor-plans/:filename',
    {
      schema: {
        tags,
        security,
        summary: 'A plan file (original or display version) as an image; with signed_url=true, JSON with a short-lived URL that needs no bearer header',
        params: FloorFileParams,
        querystring: Type.Object({
          signed_url: Type.Optional(Type.Boolean()),
          expires: Type.Optional(Type.Integer()),
          signature: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: Type.Any({ description: 'image, or { url, expires_at }' }), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { id, filename } = request.params;
      const path = floorPlanUrl(id, filename);
      const { signature, expires } = request.query;
      let plan;
      if (signature !== undefined) {
        // Only a signed-in member may get a signed URL; else a leaked one could renew itself forever.
        if (request.query.signed_url) throw new HttpProblem(403, 'A signed URL cannot be used to get another; ask with the bearer header');
        if (expires === undefined || !verifySignedPath(options.signingSecret, path, expires, signature)) {
          throw new HttpProblem(403, 'The signed URL is invalid or has expired; ask for a new one');
        }
        plan = await findSignedFloorPlan(app.db, id, filename);
      } else {
        await app.authenticate(request);
        plan = await findServedFloorPlan(app.db, request.auth.organizationId, id, filename);
      }
      if (!plan) throw notFound('Floor plan file');
      if (request.query.signed_url) return signPath(options.signingSecret, path);
      return sendImage(reply, app.files, servedFile(plan, filename));
    },
  );
};
