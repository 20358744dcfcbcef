import type { NotificationRow } from './repository';

/** Wire shape of a notification (SPEC.md section 3 "Notification"). */
export function notificationView(row: NotificationRow) {
  return {
    id: row.id,
    alert_id: row.alertId,
    title: row.title,
    body: row.body,
    read: row.read,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
