/**
 * Events resource (SPEC.md section 7 "Alerts, notifications, analytics, events"): the
 * stored VORTEX events, newest received first, filtered by device, type and time range,
 * paged by cursor. Errors are left as thrown by `apiFetch`; the events screen shows them
 * with `problemMessage(error, 'Failed to load events')`.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { readAlertRef, type EventAlertRef } from '../lib/realtimeEvents';
import { isRecord, numberOr, stringOr } from '../lib/unwrapList';

/** One stored event of `GET /v1/events` (SPEC.md section 3 "Real-time event"). */
export interface EventRecord {
  id: string;
  /** VORTEX device id as sent. */
  device_id: string;
  device_name: string | null;
  /** VORTEX id of the organization's device matched by id or MAC; null for an unknown device. */
  mapped_device_id: string | null;
  device_mac: string | null;
  /** Audio, Video motion, Intrusion, Line crossing, Tampering, or VORTEX's own name. */
  event_type: string;
  event_name: string | null;
  /** Unix seconds of the event's instant. */
  local_time: number;
  /** ISO 8601 instant the server stored it. */
  received_at: string;
  /** True when the server keeps a snapshot VORTEX sent with the event. */
  has_snapshot: boolean;
  alert: EventAlertRef | null;
}

/** The filters `GET /v1/events` takes; `from` inclusive, `to` exclusive, ISO 8601. */
export interface EventListQuery {
  device_id?: string;
  event_type?: string;
  from?: string;
  to?: string;
}

/** One page of events and the cursor of the next (null on the last page). */
export interface EventPage {
  events: EventRecord[];
  next_cursor: string | null;
}

/** Rows per page the screen asks for. */
export const EVENT_PAGE_SIZE = 50;

/** Query keys: `['events']` every list, `['events', 'list', query]` one filtered list. */
export const eventKeys = {
  all: ['events'] as const,
  list: (query: EventListQuery) => ['events', 'list', query] as const,
};

/**
 * Turns one event record into an `EventRecord`, reading absent optional fields as null
 * or false. Returns null without a string `id`, `device_id` and `event_type`, or without
 * a numeric `local_time`.
 */
export function toEventRecord(raw: unknown): EventRecord | null {
  if (!isRecord(raw)) return null;
  const { id, device_id, event_type } = raw;
  const localTime = numberOr(raw.local_time, null);
  if (typeof id !== 'string' || typeof device_id !== 'string' || typeof event_type !== 'string' || localTime === null) return null;
  return {
    id,
    device_id,
    device_name: stringOr(raw.device_name, null),
    mapped_device_id: stringOr(raw.mapped_device_id, null),
    device_mac: stringOr(raw.device_mac, null),
    event_type,
    event_name: stringOr(raw.event_name, null),
    local_time: localTime,
    received_at: stringOr(raw.received_at, ''),
    has_snapshot: raw.has_snapshot === true,
    alert: readAlertRef(raw.alert) ?? null,
  };
}

/** Reads a page; records that are not events are dropped. */
export function toEventPage(raw: unknown): EventPage {
  const list = isRecord(raw) && Array.isArray(raw.events) ? raw.events : [];
  return {
    events: list.map(toEventRecord).filter((e): e is EventRecord => e !== null),
    next_cursor: isRecord(raw) ? stringOr(raw.next_cursor, null) : null,
  };
}

/**
 * `GET /v1/events` with `query`, from `cursor` (the previous page's `next_cursor`).
 * @throws the ofetch error of a failed call
 */
export async function fetchEvents(query: EventListQuery, cursor: string | null, signal?: AbortSignal): Promise<EventPage> {
  const raw = await apiFetch<unknown>('/events', {
    query: { ...query, limit: EVENT_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });
  return toEventPage(raw);
}

/**
 * Infinite query of one filtered event list: each page follows the previous page's
 * `next_cursor`; `query` is resolved once per list (its time range is absolute), so
 * "Load more" pages the same result set.
 */
export function eventsInfiniteQueryOptions(query: EventListQuery) {
  return infiniteQueryOptions({
    queryKey: eventKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchEvents(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: EventPage) => last.next_cursor,
  });
}
