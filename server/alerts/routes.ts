import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../http/problem';
import { IdParams, problemResponses } from '../http/schemas';
import { DEFAULT_PAGE_SIZE, decodeCursor, invalidCursor, toPage } from '../events/paging';
import { findAlert, listAlerts, resolveAlert } from './repository';
import { AlertList, AlertListQuery, AlertSchema, ResolveAlertBody } from './schemas';
import { alertView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['alerts'];

/** SPEC.md section 7 "Alerts": list with filters, details, and resolve. */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/alerts',
    {
      schema: { tags, security, summary: 'Alerts with their events, newest first; filter by resolved, event type, device; cursor paging', querystring: AlertListQuery, response: { 200: AlertList, ...problemResponses } },
    },
    async (request) => {
      const { organizationId } = request.auth;
      const { resolved, event_type, device_id, cursor, limit = DEFAULT_PAGE_SIZE } = request.query;
      const afterId = cursor === undefined ? undefined : decodeCursor(cursor);
      if (afterId !== undefined && !(await findAlert(app.db, organizationId, afterId))) throw invalidCursor();
      const rows = await listAlerts(app.db, organizationId, { resolved, eventType: event_type, deviceId: device_id }, { limit, afterId });
      const page = toPage(rows, limit, (row) => row.alert.id);
      return { alerts: page.items.map(alertView), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/alerts/:id',
    { schema: { tags, security, summary: 'One alert with its event', params: IdParams, response: { 200: AlertSchema, ...problemResponses } } },
    async (request) => {
      const found = await findAlert(app.db, request.auth.organizationId, request.params.id);
      if (!found) throw notFound('Alert');
      return alertView(found);
    },
  );

  app.patch(
    '/alerts/:id',
    {
      schema: { tags, security, summary: 'Resolve an alert ({ "resolved": true }); resolving again changes nothing', params: IdParams, body: ResolveAlertBody, response: { 200: AlertSchema, ...problemResponses } },
    },
    async (request) => {
      const { organizationId, userId } = request.auth;
      if (!(await resolveAlert(app.db, organizationId, request.params.id, userId))) throw notFound('Alert');
      const found = await findAlert(app.db, organizationId, request.params.id);
      if (!found) throw notFound('Alert');
      return alertView(found);
    },
  );
};
