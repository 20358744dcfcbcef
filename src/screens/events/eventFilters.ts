/**
 * The events screen's filters as they live in the URL query (so a link or the back
 * button keeps them), and the `GET /v1/events` query they make. Pure.
 *
 * URL keys: `device` (VORTEX device id), `type` (event type), `range` (`1h`, `24h`, `7d`
 * or `custom`; absent means any time), `from` and `to` (ISO 8601, with `range=custom`),
 * and `event` (the event to highlight, from the Live Events panel).
 */
import type { EventListQuery } from '../../api/events';

/** SPEC.md section 3: the five event types the filter offers. */
export const EVENT_TYPES = ['Audio', 'Video motion', 'Intrusion', 'Line crossing', 'Tampering'] as const;

export type TimeRange = 'any' | '1h' | '24h' | '7d' | 'custom';

/** The time range presets: label and length in ms. */
export const TIME_PRESETS: Readonly<Record<'1h' | '24h' | '7d', { label: string; ms: number }>> = {
  '1h': { label: 'Last hour', ms: 3_600_000 },
  '24h': { label: 'Last 24 hours', ms: 86_400_000 },
  '7d': { label: 'Last 7 days', ms: 604_800_000 },
};

export interface EventFilters {
  deviceId: string | null;
  eventType: string | null;
  range: TimeRange;
  /** ISO 8601; only with `range` 'custom'. */
  from: string | null;
  /** ISO 8601; only with `range` 'custom'. */
  to: string | null;
}

export const NO_FILTERS: EventFilters = { deviceId: null, eventType: null, range: 'any', from: null, to: null };

const RANGES: readonly TimeRange[] = ['1h', '24h', '7d', 'custom'];

const nonEmpty = (value: string | null): string | null => (value === null || value.trim() === '' ? null : value);

/** An ISO 8601 text that names an instant, else null. */
function instant(value: string | null): string | null {
  const text = nonEmpty(value);
  return text !== null && !Number.isNaN(Date.parse(text)) ? text : null;
}

/** Reads the filters from a URL query string (with or without '?'); unknown values read as no filter. */
export function parseEventFilters(search: string): EventFilters {
  const params = new URLSearchParams(search);
  const range = params.get('range');
  const known = RANGES.find((r) => r === range) ?? 'any';
  return {
    deviceId: nonEmpty(params.get('device')),
    eventType: nonEmpty(params.get('type')),
    range: known,
    from: known === 'custom' ? instant(params.get('from')) : null,
    to: known === 'custom' ? instant(params.get('to')) : null,
  };
}

/** The highlighted event's id from the URL query, else null. */
export function activeEventParam(search: string): string | null {
  return nonEmpty(new URLSearchParams(search).get('event'));
}

/** The URL query string (without '?') of `filters`, in a fixed key order; '' for none. */
export function eventFiltersSearch(filters: EventFilters, activeEventId: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.deviceId) params.set('device', filters.deviceId);
  if (filters.eventType) params.set('type', filters.eventType);
  if (filters.range !== 'any') params.set('range', filters.range);
  if (filters.range === 'custom' && filters.from) params.set('from', filters.from);
  if (filters.range === 'custom' && filters.to) params.set('to', filters.to);
  if (activeEventId) params.set('event', activeEventId);
  return params.toString();
}

/** The message for a custom range that cannot match anything, else null. */
export function customRangeError(filters: EventFilters): string | null {
  if (filters.range !== 'custom' || !filters.from || !filters.to) return null;
  return Date.parse(filters.from) < Date.parse(filters.to) ? null : '"From" must be before "To"';
}

/**
 * The `GET /v1/events` filters for `filters`. A preset range ends now: it starts
 * `preset.ms` before `nowMs` (ms since epoch) and is open at the end.
 */
export function toEventListQuery(filters: EventFilters, nowMs: number): EventListQuery {
  const query: EventListQuery = {};
  if (filters.deviceId) query.device_id = filters.deviceId;
  if (filters.eventType) query.event_type = filters.eventType;
  if (filters.range === 'custom') {
    if (filters.from) query.from = new Date(filters.from).toISOString();
    if (filters.to) query.to = new Date(filters.to).toISOString();
  } else if (filters.range !== 'any') {
    query.from = new Date(nowMs - TIME_PRESETS[filters.range].ms).toISOString();
  }
  return query;
}

/** True when any filter narrows the list (the empty state then says so). */
export const hasFilters = (filters: EventFilters): boolean => eventFiltersSearch(filters) !== '';

/** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input shows an ISO instant; '' for null. */
export function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a datetime-local input's value (local time), or null when blank or unreadable. */
export function fromLocalInputValue(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
