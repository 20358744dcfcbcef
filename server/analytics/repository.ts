import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { alerts, devices, events } from '../db/schema';
import { EVENT_TYPES } from '../vortex/eventTypes';
import { CHART_RANGES, CHART_SERIES, type BucketCountRow, type ChartRange } from './chart';
import type { StatusCounts } from './metrics';

/** Queries of the dashboard's analytics, always filtered by organization. */

/** The organization's devices counted by status, in one statement. */
export async function deviceStatusCounts(db: Executor, organizationId: string): Promise<StatusCounts> {
  const [row] = await db
    .select({
      total: count(),
      online: sql<number>`count(*) filter (where ${devices.status} = 'online')::int`,
      offline: sql<number>`count(*) filter (where ${devices.status} = 'offline')::int`,
      error: sql<number>`count(*) filter (where ${devices.status} = 'error')::int`,
    })
    .from(devices)
    .where(eq(devices.organizationId, organizationId));
  return row ?? { total: 0, online: 0, offline: 0, error: 0 };
}

/** How many of the organization's alerts are not resolved yet. */
export async function countUnresolvedAlerts(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.organizationId, organizationId), eq(alerts.resolved, false)));
  return row?.n ?? 0;
}

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('the database answered without rows');
  return rows as Record<string, unknown>[];
}

/**
 * Events over time by type (issue 5 "Dashboard"), computed in SQL: the range's buckets
 * from `generate_series`, each crossed with every chart series (the five spec types and
 * "Other") and left-joined to the counted events, so every bucket and series is there,
 * zero when empty. Buckets are whole UTC hours or days (`date_trunc` on the UTC wall
 * time, so the session's time zone and its daylight-saving jumps play no part); the last
 * is the one holding `now`. An event falls in the bucket of its `local_time`, the instant
 * it happened, as the events list's `from`/`to` filters read it.
 * @param now the end of the chart (the route passes the current time)
 * @returns one row per bucket and series, oldest bucket first, series in chart order
 */
export async function eventCountsByBucket(db: Executor, organizationId: string, range: ChartRange, now: Date): Promise<BucketCountRow[]> {
  const { unit, count: buckets } = CHART_RANGES[range];
  const step = `1 ${unit}`;
  const span = `${buckets - 1} ${unit}s`;
  const spec = sql.join(
    EVENT_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const series = sql.join(
    CHART_SERIES.map((name, index) => sql`(${name}::text, ${index}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone 'UTC') as last_start
    ),
    buckets as (
      select generate_series(last_start - ${span}::interval, last_start, ${step}::interval) as start from bounds
    ),
    series (name, position) as (values ${series}),
    counted as (
      select date_trunc(${unit}, e.local_time at time zone 'UTC') as start,
             case when e.event_type in (${spec}) then e.event_type else 'Other' end as name,
             count(*)::int as n
      from ${events} e, bounds
      where e.organization_id = ${organizationId}
        and e.local_time >= ((bounds.last_start - ${span}::interval) at time zone 'UTC')
        and e.local_time < ((bounds.last_start + ${step}::interval) at time zone 'UTC')
      group by 1, 2
    )
    select extract(epoch from b.start)::float8 as epoch, s.name as series, coalesce(c.n, 0)::int as count
    from buckets b
    cross join series s
    left join counted c on c.start = b.start and c.name = s.name
    order by b.start, s.position
  `);
  return rowsOf(result).map((row) => ({ start: new Date(Number(row.epoch) * 1000), series: String(row.series), count: Number(row.count) }));
}
