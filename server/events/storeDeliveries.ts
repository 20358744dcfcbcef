import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../db/client';
import { NOTIFY_PAYLOAD_LIMIT_BYTES } from '../realtime/pgEventBus';
import type { MappedDevice } from './repository';

/** One webhook delivery to store, its id chosen by the caller (the thumbnail's key holds it). */
export interface DeliveryRow {
  id: string;
  organizationId: string;
  vortexEventId: string;
  deviceId: string;
  deviceName: string | null;
  /** Normalised `AA:BB:CC:DD:EE:FF`, or null when VORTEX sent none. */
  deviceMac: string | null;
  eventType: string;
  eventName: string | null;
  localTime: Date;
  thumbnailKey: string | null;
  raw: Record<string, unknown>;
  /** True for Intrusion, Line crossing and Tampering: raise an alert and its notifications. */
  alerting: boolean;
}

export interface StoreOptions {
  /**
   * A PostgreSQL LISTEN channel (server/realtime/pgEventBus.ts) on which the statement
   * itself NOTIFYs each new event, as `encodeNotification` would; unset, nothing is notified.
   */
  notifyChannel?: string;
}

/** What the statement stored for a delivery that was new. */
export interface StoredDelivery {
  id: string;
  receivedAt: Date;
  device: MappedDevice | null;
  alert: { id: string; resolved: boolean } | null;
}

interface ResultRow {
  id: string;
  received_at: Date | string;
  device_pk: string | null;
  matched_device_id: string | null;
  matched_device_name: string | null;
  alert_id: string | null;
  alert_resolved: boolean | null;
}

/**
 * The statement's common table expressions, its first parameter (`$1`) the deliveries as a
 * JSON array. Kept as text so it can be prepared once and executed many times: on PGlite,
 * parsing and describing this statement cost about twice its planning and execution (a
 * single delivery: 4.1 ms as a parameterised query, 1.0 ms as a prepared one), which made
 * a lone webhook slow to answer.
 */
const STORE_CTES = `
    with input as (
      select * from jsonb_to_recordset($1::text::jsonb) as t(
        ord int, id uuid, organization_id uuid, vortex_event_id text, device_id text, device_name text,
        device_mac text, mac_hex text, event_type text, event_name text, local_time timestamptz,
        thumbnail_key text, raw jsonb, alerting boolean)
    ),
    matched as (
      select i.*, coalesce(by_id.id, by_mac.id) as device_pk,
        coalesce(by_id.device_id, by_mac.device_id) as matched_device_id,
        coalesce(by_id.name, by_mac.name) as matched_device_name
      from input i
      left join lateral (
        select d.id, d.device_id, d.name from devices d
        where d.organization_id = i.organization_id and d.device_id = i.device_id
        order by d.created_at limit 1
      ) by_id on true
      left join lateral (
        select d.id, d.device_id, d.name from devices d
        where by_id.id is null and i.mac_hex is not null and d.organization_id = i.organization_id
          and upper(regexp_replace(d.mac, '[^0-9A-Fa-f]', '', 'g')) = i.mac_hex
        order by d.created_at limit 1
      ) by_mac on true
    ),
    inserted as (
      insert into events (id, organization_id, vortex_event_id, device_id, device_name, device_mac, mapped_device_pk,
        event_type, event_name, local_time, received_at, thumbnail_key, raw)
      select id, organization_id, vortex_event_id, device_id, device_name, device_mac, device_pk,
        event_type, event_name, local_time, now() + ord * interval '1 microsecond', thumbnail_key, raw
      from matched order by ord
      on conflict (organization_id, vortex_event_id, device_id, local_time) do nothing
      returning id, received_at
    ),
    new_alerts as (
      insert into alerts (organization_id, event_id)
      select m.organization_id, m.id from matched m join inserted using (id) where m.alerting
      returning id, event_id, resolved
    ),
    new_notifications as (
      insert into notifications (organization_id, user_id, alert_id, title, body)
      select m.organization_id, u.id, a.id,
        m.event_type || ' on ' || coalesce(m.device_name, m.matched_device_name, m.device_id), m.event_name
      from new_alerts a join matched m on m.id = a.event_id join users u on u.organization_id = m.organization_id
    )
`;
const RESULT_COLUMNS = `select inserted.id, inserted.received_at, m.device_pk, m.matched_device_id, m.matched_device_name,
      a.id as alert_id, a.resolved as alert_resolved
    from inserted join matched m using (id) left join new_alerts a on a.event_id = inserted.id`;

/**
 * The bus message of each new event, as `encodeNotification` (server/realtime/pgEventBus.ts)
 * makes it from `eventView` (server/events/view.ts): the same fields in the same order;
 * `received_at` in milliseconds as `Date.toISOString` writes it (node-postgres truncates the
 * microseconds, and so does `MS`); a message of 8000 bytes or more becomes a reference.
 * NOTIFYed on channel `$2` in `ord` order (the subquery's order is the order the
 * aggregate calls `pg_notify` in). tests/server/vortexWebhook.test.ts compares them with
 * what eventView makes of the stored event.
 */
const NOTIFY_CTE = `,
    notified as (
      select count(pg_notify($2, case when octet_length(n.message) < ${NOTIFY_PAYLOAD_LIMIT_BYTES} then n.message
        else json_build_object('organizationId', n.organization_id, 'eventId', n.id)::text end)) as sent
      from (
        select m.organization_id, m.id, json_build_object('organizationId', m.organization_id, 'event', json_build_object(
          'id', m.id,
          'device_id', m.device_id,
          'device_name', coalesce(m.device_name, case when m.device_pk is not null then coalesce(m.matched_device_name, '') end, m.device_id),
          'mapped_device_id', case when m.device_pk is not null then coalesce(m.matched_device_id, '') end,
          'device_mac', m.device_mac,
          'event_type', m.event_type,
          'event_name', m.event_name,
          'local_time', extract(epoch from m.local_time),
          'received_at', to_char(inserted.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'has_snapshot', m.thumbnail_key is not null,
          'alert', case when a.id is null then null else json_build_object('id', a.id, 'resolved', a.resolved) end
        ))::text as message
        from inserted join matched m using (id) left join new_alerts a on a.event_id = inserted.id
        order by m.ord
      ) n
    )`;

/**
 * On the node-postgres pool, the NOTIFY statement's own commit does not wait for its WAL
 * to reach the disk (`synchronous_commit` off for this transaction only): PostgreSQL
 * delivers a NOTIFY after the commit's flush, and on a disk whose flushes stall now and
 * then (the bench machine's: a webhook's answer p99 51–85 ms, delivery max 298–381 ms in
 * the realtime bench's scenario a) every live event waited for it. `run` then makes the
 * rows durable (`FLUSH_WAL`) before it returns, so a 202 still means stored on disk. Only
 * there: every other executor (a transaction, PGlite) runs the statement with its own commit.
 */
const COMMIT_WITHOUT_FLUSH_CTE = `,
    commit_without_flush as (select set_config('synchronous_commit', 'off', true) as setting)`;

/** The statement without NOTIFY (`$1` the deliveries) and with it (`$2` the channel). */
const STORE_DELIVERIES = `${STORE_CTES}${RESULT_COLUMNS}`;
const STORE_AND_NOTIFY = `${STORE_CTES.trimEnd()}${NOTIFY_CTE}
    ${RESULT_COLUMNS} cross join notified`;
const STORE_AND_NOTIFY_WITHOUT_FLUSH = `${STORE_CTES.trimEnd()}${NOTIFY_CTE}${COMMIT_WITHOUT_FLUSH_CTE}
    ${RESULT_COLUMNS} cross join notified cross join commit_without_flush`;
const STATEMENTS = {
  plain: { name: 'fw_store_deliveries', text: STORE_DELIVERIES, types: '(text)' },
  notify: { name: 'fw_store_deliveries_notify', text: STORE_AND_NOTIFY, types: '(text, text)' },
  notifyWithoutFlush: { name: 'fw_store_deliveries_notify_nf', text: STORE_AND_NOTIFY_WITHOUT_FLUSH, types: '(text, text)' },
} as const;

/**
 * A transaction of its own with a transaction id, committed with the session's
 * `synchronous_commit` (on): its commit waits until the WAL is on disk up to its commit
 * record, which comes after the commit records of every statement this caller saw
 * return, so those are durable once it returns. Concurrent callers share the flush
 * (PostgreSQL's group commit).
 */
const FLUSH_WAL = { name: 'fw_flush_wal', text: 'select txid_current()' } as const;

/**
 * The statement committed, but making it durable failed (the connection or the database
 * went away in between): its rows are stored and announced, and may or may not survive a
 * crash of the database. The caller must not remove what the rows point to, and should
 * answer an error so the sender retries (a retry finds the stored event, if it survived).
 */
export class DurabilityUnknownError extends Error {
  constructor(cause: unknown) {
    super('The stored events could not be confirmed on disk', { cause });
    this.name = 'DurabilityUnknownError';
  }
}

/** PGlite instances whose session has a statement prepared (a session-level PREPARE), by statement name. */
const prepared = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * Runs the statement with `input` (and the NOTIFY channel, if any) the cheapest way the
 * executor allows: on node-postgres a named statement (prepared once per pooled
 * connection, bound as parameters); on PGlite `EXECUTE` of a session-level prepared
 * statement, the values passed as literals escaped by node-postgres' `escapeLiteral`
 * (PGlite's EXECUTE takes no bind parameters); any other executor (a transaction, a test
 * double) as a plain query.
 */
async function run(db: Executor, input: string, notifyChannel: string | undefined): Promise<{ rows: ResultRow[] }> {
  const statement = notifyChannel === undefined ? STATEMENTS.plain : STATEMENTS.notify;
  const values = notifyChannel === undefined ? [input] : [input, notifyChannel];
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pooled = notifyChannel === undefined ? statement : STATEMENTS.notifyWithoutFlush;
    const result = await client.query<ResultRow>({ name: pooled.name, text: pooled.text, values });
    // That statement commits without waiting for the disk (see COMMIT_WITHOUT_FLUSH_CTE).
    // Also after a batch of repeats only: their answer then vouches for the stored event too.
    if (notifyChannel !== undefined) {
      try {
        await client.query(FLUSH_WAL);
      } catch (error) {
        throw new DurabilityUnknownError(error);
      }
    }
    return result;
  }
  if (client instanceof PGlite) {
    let statements = prepared.get(client);
    if (!statements) {
      statements = new Map();
      prepared.set(client, statements);
    }
    let ready = statements.get(statement.name);
    if (!ready) {
      ready = client.exec(`prepare ${statement.name}${statement.types} as ${statement.text}`);
      statements.set(statement.name, ready);
      // A failed PREPARE (e.g. the database was closed) is retried by the next call.
      ready.catch(() => statements.delete(statement.name));
    }
    await ready;
    const results = await client.exec(`execute ${statement.name}(${values.map((v) => pg.escapeLiteral(v)).join(', ')})`);
    return { rows: (results.at(-1)?.rows ?? []) as ResultRow[] };
  }
  const text = statement.text.replace('$1::text', `${pg.escapeLiteral(input)}::text`).replace('$2', pg.escapeLiteral(notifyChannel ?? ''));
  // Both drivers answer `{ rows }`.
  return (await db.execute(sql.raw(text))) as unknown as { rows: ResultRow[] };
}

/**
 * Stores many webhook deliveries in ONE SQL statement (data-modifying CTEs, atomic like any
 * single statement), which is what makes webhook ingest keep up with the database's raw
 * insert rate (the live-events issue, realtime bench scenario c): per delivery it
 * - matches the organization's device by VORTEX device id, else the earliest created
 *   device whose MAC has the same twelve hex digits, else none (`mapped_device_id` null);
 * - inserts the event unless the delivery (organization, VORTEX event id, device id, event
 *   time) is stored already or repeated earlier in `rows` (`ON CONFLICT DO NOTHING` on the
 *   idempotency index, so concurrent retries cannot both insert); `received_at` ascends a
 *   microsecond apart in the order of `rows`, so the stream's replay (ordered by
 *   received_at, id) keeps the order they were published in;
 * - for an alerting type, raises an unresolved alert and one unread notification per user
 *   of the organization, titled "<event type> on <device name>" (VORTEX's name, else ours,
 *   else VORTEX's device id) with the event name as its body;
 * - with `options.notifyChannel`, NOTIFYs each new event's bus message on that channel in
 *   the order of `rows`, from the same transaction: the event is announced exactly when
 *   it commits, with no NOTIFY statement of its own. On PostgreSQL that commit does not
 *   wait for the disk, so the live event does not either; the rows are made durable
 *   (a second, tiny transaction that does wait) before this resolves.
 * @returns the new deliveries by id, stored on disk; a repeated delivery is absent (look it up by its key)
 * @throws {DurabilityUnknownError} when only the durability step failed: the rows are
 *   stored and announced (see the class)
 * @throws the database's error otherwise; nothing of the statement is stored then
 */
export async function storeDeliveries(db: Executor, rows: readonly DeliveryRow[], options: StoreOptions = {}): Promise<Map<string, StoredDelivery>> {
  if (rows.length === 0) return new Map();
  const input = JSON.stringify(
    rows.map((row, ord) => ({
      ord,
      id: row.id,
      organization_id: row.organizationId,
      vortex_event_id: row.vortexEventId,
      device_id: row.deviceId,
      device_name: row.deviceName,
      device_mac: row.deviceMac,
      mac_hex: row.deviceMac === null ? null : row.deviceMac.replace(/[^0-9A-Fa-f]/g, '').toUpperCase(),
      event_type: row.eventType,
      event_name: row.eventName,
      local_time: row.localTime.toISOString(),
      thumbnail_key: row.thumbnailKey,
      raw: row.raw,
      alerting: row.alerting,
    })),
  );
  // One JSON parameter rather than 14 per row: one statement text for any batch size, so
  // it is prepared once.
  // Both drivers (node-postgres, PGlite) answer `{ rows }`.
  const result = await run(db, input, options.notifyChannel);
  const stored = new Map<string, StoredDelivery>();
  for (const row of result.rows) {
    stored.set(row.id, {
      id: row.id,
      receivedAt: new Date(row.received_at),
      device: row.device_pk ? { pk: row.device_pk, deviceId: row.matched_device_id ?? '', name: row.matched_device_name ?? '' } : null,
      alert: row.alert_id ? { id: row.alert_id, resolved: row.alert_resolved ?? false } : null,
    });
  }
  return stored;
}
