import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';
import { PageQuery } from '../events/paging';

/** TypeBox schemas of notifications (SPEC.md sections 3 and 4: unread, then read). */

export const NotificationSchema = Type.Object(
  {
    id: Uuid,
    alert_id: Nullable(Uuid),
    title: Type.String(),
    body: Nullable(Type.String()),
    read: Type.Boolean(),
    read_at: Nullable(IsoDate),
    created_at: IsoDate,
  },
  { $id: 'Notification' },
);

export const NotificationListQuery = Type.Object({ read: Type.Optional(Type.Boolean()), ...PageQuery }, { additionalProperties: false });

export const NotificationList = Type.Object({ notifications: Type.Array(NotificationSchema), next_cursor: Nullable(Type.String()) });

/** Reading is the only change a notification takes (SPEC.md section 7). */
export const ReadNotificationBody = Type.Object({ read: Type.Literal(true) }, { additionalProperties: false });

export const MarkAllReadResponse = Type.Object({ updated: Type.Integer({ minimum: 0, description: 'How many unread notifications were marked read' }) });
