import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { notifications } from '../db/schema';

/** Queries for notifications: always filtered by organization, and read by their own user only. */

export type NotificationRow = typeof notifications.$inferSelect;

/** The caller's own notifications: the organization and the user both match. */
const ownedBy = (organizationId: string, userId: string) => and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId));

/**
 * A page of the user's notifications, newest first on (created_at, id), after the
 * notification `afterId`. Fetches `limit + 1` rows so the caller can tell whether more exist.
 */
export async function listNotifications(
  db: Executor,
  organizationId: string,
  userId: string,
  filters: { read?: boolean | undefined },
  page: { limit: number; afterId?: string | undefined },
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [ownedBy(organizationId, userId) as SQL];
  if (filters.read !== undefined) conditions.push(eq(notifications.read, filters.read));
  if (page.afterId !== undefined) {
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${page.afterId} and n.user_id = ${userId})`,
    );
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
}

/** One of the user's notifications; undefined for anyone else's. */
export async function findNotification(db: Executor, organizationId: string, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(and(ownedBy(organizationId, userId), eq(notifications.id, id))).limit(1);
  return row;
}

/** Marks one of the user's notifications read (the first read time is kept); undefined for anyone else's. */
export async function markNotificationRead(db: Executor, organizationId: string, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(ownedBy(organizationId, userId), eq(notifications.id, id)))
    .returning();
  return row;
}

/** Marks all the user's unread notifications read. @returns how many were unread. */
export async function markAllNotificationsRead(db: Executor, organizationId: string, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true, readAt: sql`now()` })
    .where(and(ownedBy(organizationId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
