/**
 * The caller's notifications as Jotai atoms over TanStack Query (SPEC.md sections 4 and 7):
 * the unread count for the top bar's bell, the newest 50 for its list, and the two ways a
 * notification turns read. Everything sits under `['notifications']`, which the realtime
 * bridge marks stale when an alert arrives on the stream.
 */
import type { QueryClient } from '@tanstack/query-core';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsQueryOptions,
  unreadNotificationsQueryOptions,
} from '../api/notifications';
import type { AppNotification } from '../api/notifications';

/** How many notifications are unread (`['notifications', 'unread']`), counted up to 99. */
export const unreadNotificationsAtom = atomWithQuery(() => unreadNotificationsQueryOptions());

/** The newest 50 notifications, newest first (`['notifications', 'list']`). */
export const notificationsAtom = atomWithQuery(() => notificationsQueryOptions());

/** Shows `read` in the cached list at once, then refetches the list and the count. */
function settleRead(client: QueryClient, isRead: (n: AppNotification) => boolean) {
  client.setQueryData<AppNotification[]>(notificationKeys.list, (list) =>
    list?.map((n) => (isRead(n) && !n.read ? { ...n, read: true } : n)),
  );
  return client.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Marks one notification read (`PATCH /v1/notifications/{id}` with `{ read: true }`). */
export const markNotificationReadAtom = atomWithMutation(() => ({
  mutationFn: (id: string) => markNotificationRead(id),
  onSuccess: (_updated: AppNotification | null, id: string, _result, { client }) => settleRead(client, (n) => n.id === id),
}));

/** Marks every notification read (`PATCH /v1/notifications/mark-all-read`). */
export const markAllNotificationsReadAtom = atomWithMutation(() => ({
  mutationFn: () => markAllNotificationsRead(),
  onSuccess: (_count: number, _vars: void, _result, { client }) => settleRead(client, () => true),
}));
