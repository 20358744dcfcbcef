import { and, desc, eq, gt, gte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { events } from '../db/schema';
import { selectEvents } from '../events/repository';
import { eventView } from '../events/view';
import type { RealtimeEventMessage } from './eventBus';

/** How far back a `Last-Event-ID` replay reaches, in minutes (the live-events issue). */
export const REPLAY_WINDOW_MINUTES = 10;
/** Most events one replay sends (the live-events issue). */
export const REPLAY_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The events `organizationId` received after `lastEventId` (a `Last-Event-ID`), for a
 * reconnecting stream, in the stream's wire shape: received within the last 10 minutes
 * (database clock), the newest 200 of them, oldest first. When more were missed, the
 * oldest are the ones left out, since a live view shows the newest. An id that is not a
 * UUID, unknown, or another organization's gives none: it cannot anchor a replay, and is
 * not an error.
 *
 * Events received in the same instant as the anchor are included (except the anchor), so
 * a tie can repeat an event the client saw but never skip one; clients de-duplicate by id.
 * The comparison runs in SQL so the anchor keeps its microseconds.
 */
export async function missedEvents(db: Executor, organizationId: string, lastEventId: string): Promise<RealtimeEventMessage[]> {
  if (!UUID.test(lastEventId)) return [];
  const anchor = alias(events, 'anchor');
  const anchorReceivedAt = db
    .select({ receivedAt: anchor.receivedAt })
    .from(anchor)
    .where(and(eq(anchor.id, lastEventId), eq(anchor.organizationId, organizationId)));
  const rows = await selectEvents(db)
    .where(
      and(
        eq(events.organizationId, organizationId),
        gte(events.receivedAt, sql`(${anchorReceivedAt})`),
        ne(events.id, lastEventId),
        gt(events.receivedAt, sql`now() - make_interval(mins => ${REPLAY_WINDOW_MINUTES})`),
      ),
    )
    .orderBy(desc(events.receivedAt), desc(events.id))
    .limit(REPLAY_LIMIT);
  return rows.reverse().map(eventView);
}
