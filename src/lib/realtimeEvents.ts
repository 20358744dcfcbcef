/**
 * Real-time events on the client (SPEC.md sections 3, 4 and 9): the newest-first list the
 * realtime store keeps (20 kept, 10 shown, one entry per event id) and the per-device
 * indicators, where a device's newer event replaces its earlier one. Pure: every function
 * returns a new value and never writes its arguments.
 */
import { eventTimeMs } from './eventTime';

/**
 * A `webhook_event` of `GET /v1/events/stream` (SPEC.md section 3 "Real-time event").
 * `local_time` is VORTEX's time: Unix seconds or a date string.
 */
export interface RealtimeEvent {
  id: string;
  device_id: string;
  device_name: string;
  mapped_device_id: string | null;
  device_mac: string | null;
  event_type: string;
  event_name: string;
  local_time: number | string;
  /** ISO 8601 instant the server stored it; absent from older senders. */
  received_at?: string;
  /** True when the server holds a snapshot of this event; absent from older senders. */
  has_snapshot?: boolean;
  /** The alert raised for this event (Intrusion, Line crossing, Tampering), else null; absent from older senders. */
  alert?: EventAlertRef | null;
}

/** The alert an event raised, as the event wire shape carries it. */
export interface EventAlertRef {
  id: string;
  resolved: boolean;
}

/** SPEC.md section 3 "Device indicator per device"; `timestamp` in ms since epoch. */
export interface DeviceIndicator {
  deviceId: string;
  name: string;
  eventType: string;
  timestamp: number;
  mappedId: string | null;
}

/** Device id -> its latest indicator. */
export type DeviceIndicators = Readonly<Record<string, DeviceIndicator>>;

/** SPEC.md section 9: the realtime store keeps at most this many events. */
export const REALTIME_EVENTS_KEPT = 20;
/** SPEC.md section 9: the realtime store exposes the latest this many events. */
export const REALTIME_EVENTS_SHOWN = 10;

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * Reads an event's `alert` field, as the stream and `GET /v1/events` both send it: an
 * `{ id, resolved }` object or null; undefined when absent or malformed.
 */
export function readAlertRef(value: unknown): EventAlertRef | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const { id, resolved } = value as Record<string, unknown>;
  return isText(id) && typeof resolved === 'boolean' ? { id, resolved } : undefined;
}

/** The optional fields newer servers send (received_at, has_snapshot, alert), kept only when well formed. */
function optionalFields(v: Record<string, unknown>): Pick<RealtimeEvent, 'received_at' | 'has_snapshot' | 'alert'> {
  const fields: Pick<RealtimeEvent, 'received_at' | 'has_snapshot' | 'alert'> = {};
  if (isText(v.received_at)) fields.received_at = v.received_at;
  if (typeof v.has_snapshot === 'boolean') fields.has_snapshot = v.has_snapshot;
  const alert = readAlertRef(v.alert);
  if (alert !== undefined) fields.alert = alert;
  return fields;
}

/**
 * Reads one `webhook_event` payload (already JSON-parsed). Returns the event, or null when
 * a required field is missing or of the wrong type. The optional `received_at`,
 * `has_snapshot` and `alert` are kept when well formed and left out otherwise. Absent `mapped_device_id` and
 * `device_mac` read as null, since VORTEX leaves them out for unknown devices; a null or
 * absent `event_name` (VORTEX's template may leave it empty) reads as the event type.
 */
export function toRealtimeEvent(value: unknown): RealtimeEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const mapped = v.mapped_device_id ?? null;
  const mac = v.device_mac ?? null;
  const time = v.local_time;
  const timeOk = (typeof time === 'number' && Number.isFinite(time)) || isText(time);
  const name = v.event_name ?? null;
  if (![v.id, v.device_id, v.device_name, v.event_type].every(isText)) return null;
  if (!isTextOrNull(mapped) || !isTextOrNull(mac) || !isTextOrNull(name) || !timeOk) return null;
  return {
    id: v.id as string,
    device_id: v.device_id as string,
    device_name: v.device_name as string,
    mapped_device_id: mapped,
    device_mac: mac,
    event_type: v.event_type as string,
    event_name: name === null || name === '' ? (v.event_type as string) : name,
    local_time: time as number | string,
    ...optionalFields(v),
  };
}

/**
 * Puts `event` first in the newest-first list `events`, keeping at most 20. An event whose
 * id is already listed (a replay after reconnecting) leaves the list as it is and the
 * same array is returned, so callers can tell nothing changed.
 */
export function addRealtimeEvent(events: readonly RealtimeEvent[], event: RealtimeEvent): readonly RealtimeEvent[] {
  if (events.some((e) => e.id === event.id)) return events;
  return [event, ...events].slice(0, REALTIME_EVENTS_KEPT);
}

/** The latest 10 of the newest-first list `events`, as the store exposes them. */
export function latestRealtimeEvents(events: readonly RealtimeEvent[]): readonly RealtimeEvent[] {
  return events.slice(0, REALTIME_EVENTS_SHOWN);
}

/**
 * Records `event` as the indicator of its device (keyed by `device_id`). `timestamp` is
 * the event's `local_time` in ms, or `receivedAtMs` (ms since epoch) when that is
 * unreadable. An indicator already holding a strictly later timestamp stays, so a replayed
 * older event never hides a newer one; otherwise the new one replaces it.
 */
export function indicateDeviceEvent(
  indicators: DeviceIndicators,
  event: RealtimeEvent,
  receivedAtMs: number,
): DeviceIndicators {
  const timestamp = eventTimeMs(event.local_time) ?? receivedAtMs;
  const current = indicators[event.device_id];
  if (current && current.timestamp > timestamp) return indicators;
  const indicator: DeviceIndicator = {
    deviceId: event.device_id,
    name: event.device_name,
    eventType: event.event_type,
    timestamp,
    mappedId: event.mapped_device_id,
  };
  return { ...indicators, [event.device_id]: indicator };
}

/** A device indicator as the live store keeps it: the spec's fields, the event's id and when it was seen. */
export interface LiveDeviceIndicator extends DeviceIndicator {
  /** The id of the event behind the indicator; a new id means a new pulse. */
  eventId: string;
  /** When this client received the event, ms since epoch (pulses start then, whatever the camera's clock). */
  seenAt: number;
}

/** Device id -> its latest live indicator. */
export type LiveDeviceIndicators = Readonly<Record<string, LiveDeviceIndicator>>;

/**
 * {@link indicateDeviceEvent} for the live store: the same replace-unless-older rule, with
 * the event id and `seenAtMs` (ms since epoch, also the fallback timestamp) recorded.
 * Returns `indicators` itself when the event changes nothing.
 */
export function recordLiveIndicator(
  indicators: LiveDeviceIndicators,
  event: RealtimeEvent,
  seenAtMs: number,
): LiveDeviceIndicators {
  const indicated = indicateDeviceEvent(indicators, event, seenAtMs)[event.device_id];
  if (indicated === undefined || indicated === indicators[event.device_id]) return indicators;
  return { ...indicators, [event.device_id]: { ...indicated, eventId: event.id, seenAt: seenAtMs } };
}
