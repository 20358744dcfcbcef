import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../http/problem';
import { IdParams, problemResponses } from '../http/schemas';
import { DEFAULT_PAGE_SIZE, decodeCursor, invalidCursor, toPage } from '../events/paging';
import { findNotification, listNotifications, markAllNotificationsRead, markNotificationRead } from './repository';
import { MarkAllReadResponse, NotificationList, NotificationListQuery, NotificationSchema, ReadNotificationBody } from './schemas';
import { notificationView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['notifications'];

/** SPEC.md section 7 "Notifications": the caller's own only; read one, or all at once. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/notifications',
    {
      schema: { tags, security, summary: 'The caller’s notifications, newest first; filter by read; cursor paging', querystring: NotificationListQuery, response: { 200: NotificationList, ...problemResponses } },
    },
    async (request) => {
      const { organizationId, userId } = request.auth;
      const { read, cursor, limit = DEFAULT_PAGE_SIZE } = request.query;
      const afterId = cursor === undefined ? undefined : decodeCursor(cursor);
      if (afterId !== undefined && !(await findNotification(app.db, organizationId, userId, afterId))) throw invalidCursor();
      const page = toPage(await listNotifications(app.db, organizationId, userId, { read }, { limit, afterId }), limit, (row) => row.id);
      return { notifications: page.items.map(notificationView), next_cursor: page.next_cursor };
    },
  );

  // Declared before '/notifications/:id' for readers; the router prefers the static path anyway.
  app.patch(
    '/notifications/mark-all-read',
    { schema: { tags, security, summary: 'Mark all the caller’s notifications read', response: { 200: MarkAllReadResponse, ...problemResponses } } },
    async (request) => ({ updated: await markAllNotificationsRead(app.db, request.auth.organizationId, request.auth.userId) }),
  );

  app.get(
    '/notifications/:id',
    { schema: { tags, security, summary: 'One of the caller’s notifications', params: IdParams, response: { 200: NotificationSchema, ...problemResponses } } },
    async (request) => {
      const found = await findNotification(app.db, request.auth.organizationId, request.auth.userId, request.params.id);
      if (!found) throw notFound('Notification');
      return notificationView(found);
    },
  );

  app.patch(
    '/notifications/:id',
    { schema: { tags, security, summary: 'Mark a notification read ({ "read": true })', params: IdParams, body: ReadNotificationBody, response: { 200: NotificationSchema, ...problemResponses } } },
    async (request) => {
      const updated = await markNotificationRead(app.db, request.auth.organizationId, request.auth.userId, request.params.id);
      if (!updated) throw notFound('Notification');
      return notificationView(updated);
    },
  );
};
