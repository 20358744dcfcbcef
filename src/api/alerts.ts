/**
 * Alerts resource (SPEC.md sections 3, 4 and 7): alerts raised by Intrusion, Line
 * crossing and Tampering events go from unresolved to resolved, and never back. Errors
 * are left as thrown by `apiFetch`; callers show them with `problemMessage`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { toEventRecord } from './events';
import type { EventRecord } from './events';
import { isRecord, stringOr } from '../lib/unwrapList';

/** One alert of `GET /v1/alerts`, with the event that raised it. */
export interface Alert {
  id: string;
  event_id: string;
  event_type: string;
  resolved: boolean;
  /** ISO 8601, null while unresolved. */
  resolved_at: string | null;
  /** The user who resolved it, null while unresolved. */
  resolved_by: string | null;
  created_at: string;
  event: EventRecord | null;
}

/** The filters `GET /v1/alerts` takes. */
export interface AlertListQuery {
  resolved?: boolean;
  event_type?: string;
  device_id?: string;
  cursor?: string;
  limit?: number;
}

/** Query keys: `['alerts']` every list, `['alerts', 'list', query]` one filtered list. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (query: AlertListQuery) => ['alerts', 'list', query] as const,
};

/** Reads one alert record; null without string `id` and `event_id`. */
export function toAlert(raw: unknown): Alert | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.event_id !== 'string') return null;
  return {
    id: raw.id,
    event_id: raw.event_id,
    event_type: stringOr(raw.event_type, ''),
    resolved: raw.resolved === true,
    resolved_at: stringOr(raw.resolved_at, null),
    resolved_by: stringOr(raw.resolved_by, null),
    created_at: stringOr(raw.created_at, ''),
    event: toEventRecord(raw.event),
  };
}

/**
 * `GET /v1/alerts` with filters, one page.
 * @throws the ofetch error of a failed call
 */
export async function fetchAlerts(query: AlertListQuery = {}, signal?: AbortSignal): Promise<{ alerts: Alert[]; next_cursor: string | null }> {
  const raw = await apiFetch<unknown>('/alerts', { query, signal });
  const list = isRecord(raw) && Array.isArray(raw.alerts) ? raw.alerts : [];
  return {
    alerts: list.map(toAlert).filter((a): a is Alert => a !== null),
    next_cursor: isRecord(raw) ? stringOr(raw.next_cursor, null) : null,
  };
}

/** Query options of one filtered alert list. */
export function alertsQueryOptions(query: AlertListQuery = {}) {
  return queryOptions({
    queryKey: alertKeys.list(query),
    queryFn: ({ signal }) => fetchAlerts(query, signal),
  });
}

/**
 * `PATCH /v1/alerts/{id}` `{ resolved: true }` (SPEC.md section 7); resolving twice is harmless.
 * @returns the alert as the server now holds it
 * @throws the ofetch error of a failed call
 */
export async function resolveAlert(id: string): Promise<Alert | null> {
  const raw = await apiFetch<unknown>(`/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { resolved: true } });
  return toAlert(raw);
}
