import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../http/problem';
import { IdParams, problemResponses } from '../http/schemas';
import { DEFAULT_PAGE_SIZE, decodeCursor, invalidCursor, toPage } from './paging';
import { findEvent, listEvents } from './repository';
import { EventList, EventListQuery, EventSchema } from './schemas';
import { eventView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['events'];

/** SPEC.md section 7 "Alerts, notifications, analytics, events": stored webhook events of the caller's organization. */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/events',
    {
      schema: {
        tags,
        security,
        summary: 'Events, newest received first; filter by device, type and time range; cursor paging',
        querystring: EventListQuery,
        response: { 200: EventList, ...problemResponses },
      },
    },
    async (request) => {
      const { organizationId } = request.auth;
      const { device_id, event_type, from, to, cursor, limit = DEFAULT_PAGE_SIZE } = request.query;
      const afterId = cursor === undefined ? undefined : decodeCursor(cursor);
      if (afterId !== undefined && !(await findEvent(app.db, organizationId, afterId))) throw invalidCursor();
      const filters = { deviceId: device_id, eventType: event_type, from: from === undefined ? undefined : new Date(from), to: to === undefined ? undefined : new Date(to) };
      const page = toPage(await listEvents(app.db, organizationId, filters, { limit, afterId }), limit, (row) => row.event.id);
      return { events: page.items.map(eventView), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/events/:id',
    { schema: { tags, security, summary: 'One event', params: IdParams, response: { 200: EventSchema, ...problemResponses } } },
    async (request) => {
      const found = await findEvent(app.db, request.auth.organizationId, request.params.id);
      if (!found) throw notFound('Event');
      return eventView(found);
    },
  );
};
