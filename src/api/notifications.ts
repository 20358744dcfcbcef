/**
 * Notifications resource (SPEC.md section 7 "Alerts, notifications"; server/notifications):
 * the caller's own notifications, newest first, one per alert; read one, or all at once.
 * Errors are left as thrown by `apiFetch`; callers show them with `problemMessage`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { isRecord, stringOr, unwrapList } from '../lib/unwrapList';

/** A notification (SPEC.md section 3: a read flag; the rest as the server sends it). */
export interface AppNotification {
  id: string;
  /** The alert it tells of, else null. */
  alert_id: string | null;
  title: string;
  body: string | null;
  read: boolean;
  /** ISO 8601. */
  read_at: string | null;
  /** ISO 8601. */
  created_at: string;
}

/** The unread count as the bell shows it: `more` when the server holds more than counted. */
export interface UnreadCount {
  count: number;
  more: boolean;
}

/** The list shown in the bell's popover, and the page the unread count reads (server max 200). */
export const NOTIFICATIONS_LIST_LIMIT = 50;
export const UNREAD_COUNT_LIMIT = 99;

/** Query keys, all under `['notifications']` so one invalidation refreshes the bell. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

/** One notification record as an `AppNotification`; null without a string `id`. */
export function toNotification(raw: unknown): AppNotification | null {
  if (!isRecord(raw) || typeof raw.id !== 'string') return null;
  return {
    id: raw.id,
    alert_id: stringOr(raw.alert_id, null),
    title: stringOr(raw.title, 'Notification'),
    body: stringOr(raw.body, null),
    read: raw.read === true,
    read_at: stringOr(raw.read_at, null),
    created_at: stringOr(raw.created_at, ''),
  };
}

/** `GET /v1/notifications`'s `{ notifications, next_cursor }` (or a bare list) as notifications and whether more exist. */
export function normaliseNotificationPage(raw: unknown): { notifications: AppNotification[]; more: boolean } {
  const list = unwrapList(raw, ['notifications']) ?? [];
  const notifications = list.map(toNotification).filter((n): n is AppNotification => n !== null);
  const more = isRecord(raw) && typeof raw.next_cursor === 'string';
  return { notifications, more };
}

/** The newest 50 notifications, newest first (`['notifications', 'list']`). */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.list,
    queryFn: async ({ signal }) =>
      normaliseNotificationPage(
        await apiFetch<unknown>('/notifications', { query: { limit: NOTIFICATIONS_LIST_LIMIT }, signal }),
      ).notifications,
  });
}

/** How many notifications are unread, counted up to 99 (`['notifications', 'unread']`). */
export function unreadNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }): Promise<UnreadCount> => {
      const page = normaliseNotificationPage(
        await apiFetch<unknown>('/notifications', { query: { read: false, limit: UNREAD_COUNT_LIMIT }, signal }),
      );
      return { count: page.notifications.length, more: page.more };
    },
  });
}

/** `PATCH /v1/notifications/{id}` with `{ read: true }`; resolves the updated notification. */
export async function markNotificationRead(id: string): Promise<AppNotification | null> {
  return toNotification(
    await apiFetch<unknown>(`/notifications/${encodeURIComponent(id)}`, { method: 'PATCH', body: { read: true } }),
  );
}

/** `PATCH /v1/notifications/mark-all-read`; resolves how many were unread. */
export async function markAllNotificationsRead(): Promise<number> {
  const raw = await apiFetch<unknown>('/notifications/mark-all-read', { method: 'PATCH' });
  return isRecord(raw) && typeof raw.updated === 'number' ? raw.updated : 0;
}
