import type { Database } from '../db/client';
import { findEvent } from '../events/repository';
import { eventView } from '../events/view';
import { InProcessEventBus, type EventBus } from './eventBus';
import { PgEventBus } from './pgEventBus';

/**
 * The event bus for a database (DESIGN.md "Real time"): the in-process bus on PGlite (one
 * node), the LISTEN/NOTIFY bus on PostgreSQL, where other nodes may share the database.
 * An event too large to notify is loaded from the events table by the receiving node.
 * @param databaseUrl the PostgreSQL URL the database was opened with (the LISTEN connection uses it)
 * @throws what `pg` throws when the LISTEN connection cannot be made
 */
export async function eventBusFor(database: Database, databaseUrl: string | undefined, onError?: (error: Error) => void): Promise<EventBus> {
  if (!database.pool || !databaseUrl) return new InProcessEventBus();
  return PgEventBus.start({
    connectionString: databaseUrl,
    pool: database.pool,
    load: async (organizationId, eventId) => {
      const row = await findEvent(database.db, organizationId, eventId);
      return row ? eventView(row) : null;
    },
    ...(onError ? { onError } : {}),
  });
}
