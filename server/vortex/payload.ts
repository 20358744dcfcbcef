import { Type, type Static } from 'typebox';
import { HttpProblem } from '../http/problem';
import { sniffImage } from '../images/sniff';
import { mapEventType } from './eventTypes';

/** Largest webhook body the receiver takes, in bytes (64 KiB; more is a 413). */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
/**
 * Largest decoded thumbnail, in bytes. The body limit already bounds it (base64 costs a
 * third more); this guards callers that parse a body without that limit.
 */
export const MAX_THUMBNAIL_BYTES = 48 * 1024;
/** Longest id or text field we keep, in characters. */
const MAX_TEXT_LENGTH = 255;
/** Above this a Unix time is read as milliseconds (1e11 s is the year 5138). */
const MILLISECONDS_THRESHOLD = 1e11;

/** The 415 detail for a plain-text webhook profile: it points to the JSON template. */
export const NOT_JSON_DETAIL =
  "VORTEX webhooks must be JSON: in VORTEX's alarm management, set the webhook profile to JSON and use the template in Floorwatch's VORTEX setup (server/vortex/README.md)";

const TextOrNumber = Type.Union([Type.String(), Type.Number()]);
const OptionalText = Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()]));

/**
 * The alarm-management webhook body as VIVOTEK documents its JSON template (keys in lower
 * camel case) plus the optional keys receivers meet in practice. Extra keys are allowed:
 * every VORTEX user writes their own template. Value checks beyond types are
 * `parseVortexWebhook`'s, so its details name the field.
 */
export const VortexWebhookBody = Type.Object(
  {
    eventId: TextOrNumber,
    deviceId: TextOrNumber,
    eventType: Type.String({ description: 'Free text; mapped to Audio, Video motion, Intrusion, Line crossing or Tampering when known' }),
    eventName: OptionalText,
    deviceName: OptionalText,
    deviceGroupId: OptionalText,
    deviceGroupName: OptionalText,
    organizationId: OptionalText,
    organizationName: OptionalText,
    localTime: Type.Optional(Type.Union([Type.Number(), Type.String()], { description: "Unix time (s or ms) on the camera's wall clock, or an ISO 8601 date and time" })),
    timezone: OptionalText,
    mac: OptionalText,
    localISOTime: OptionalText,
    utcTime: OptionalText,
    utcISOTime: OptionalText,
    thumbnail: Type.Optional(Type.Union([Type.String({ description: 'Base64 JPEG, PNG or WebP, optionally a data: URL' }), Type.Null()])),
  },
  { $id: 'VortexWebhook', additionalProperties: true },
);
export type VortexWebhookBody = Static<typeof VortexWebhookBody>;

/** Which field gave an event's instant (see {@link parseVortexWebhook} for the order). */
export type VortexTimeSource = 'utcTime' | 'utcISOTime' | 'localISOTime' | 'localTime';

/** A webhook event, validated and normalised. */
export interface ParsedVortexEvent {
  eventId: string;
  /** VORTEX's own device id (the first match); `mac` is the fallback. */
  deviceId: string;
  /** Upper case, colon separated (`00:02:D1:A4:C7:F1`), or null when absent or unreadable. */
  mac: string | null;
  /** One of the spec's five types when known, else VORTEX's name as sent (trimmed). */
  eventType: string;
  /** VORTEX's `eventType` as sent (trimmed). */
  rawEventType: string;
  /** `eventName`, or the raw event type when the template has none. */
  eventName: string;
  deviceName: string | null;
  deviceGroupId: string | null;
  deviceGroupName: string | null;
  organizationId: string | null;
  organizationName: string | null;
  /** IANA zone (or offset) the camera's local time is in, as sent. */
  timezone: string | null;
  /** The true instant of the event. With eventId and deviceId it identifies a delivery. */
  occurredAt: Date;
  timeSource: VortexTimeSource;
  thumbnail: { data: Buffer; contentType: 'image/jpeg' | 'image/png' | 'image/webp' } | null;
  /** The body as received, for the events table's raw payload. */
  raw: Record<string, unknown>;
}

/**
 * A webhook body we refuse. It is an {@link HttpProblem} (400, or 415 for a non-JSON
 * body), so a route can throw it as is; `detail` is written for the person editing the
 * VORTEX template and names `field`.
 */
export class VortexPayloadError extends HttpProblem {
  constructor(
    readonly field: string | null,
    detail: string,
    status: 400 | 415 = 400,
  ) {
    super(status, detail, field ? { extensions: { errors: [{ field, message: detail }] } } : {});
    this.name = 'VortexPayloadError';
  }
}

/**
 * What a Go template renders for a variable it has no value for: nothing, or
 * `<no value>` for a missing map key. Both mean "absent".
 */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim() === '<no value>'));
}

/** An optional text field: a string or number, trimmed, bounded; null when absent. */
function optionalText(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (isAbsent(value)) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new VortexPayloadError(field, `${field} must be text`);
  const text = value.trim();
  if (text.length > MAX_TEXT_LENGTH) throw new VortexPayloadError(field, `${field} must be at most ${MAX_TEXT_LENGTH} characters`);
  return text;
}

function requiredText(body: Record<string, unknown>, field: string, hint: string): string {
  const text = optionalText(body, field);
  if (text === null) throw new VortexPayloadError(field, `${field} is required: ${hint}`);
  return text;
}

/** Twelve hex digits in any usual spelling (colons, dashes, dots, none) to `AA:BB:..`. */
export function normaliseMac(value: string): string | null {
  const hex = value.replace(/[\s:.-]/g, '');
  if (!/^[0-9a-fA-F]{12}$/.test(hex)) return null;
  return hex.toUpperCase().replace(/(..)(?!$)/g, '$1:');
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A time as read: milliseconds, and whether they are a wall clock still to be placed in a zone. */
interface ReadTime {
  ms: number;
  wallClock: boolean;
}

/** Offset of `+01:00`, `-0530`, `+02` or `Z`, in minutes. */
function offsetMinutes(text: string): number {
  if (text.toUpperCase() === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/** Reads an ISO 8601 date and time; without an offset it is a wall clock. Null if invalid. */
function readIso(text: string): ReadTime | null {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0'), Math.floor(Number(frac ?? '0') * 1000));
  const check = new Date(wall);
  // Date.UTC rolls 31 February over into March; a real date and time survive the round trip.
  const expected = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0')];
  const actual = [check.getUTCFullYear(), check.getUTCMonth(), check.getUTCDate(), check.getUTCHours(), check.getUTCMinutes(), check.getUTCSeconds()];
  if (actual.some((part, i) => part !== expected[i])) return null;
  if (zone === undefined) return { ms: wall, wallClock: true };
  const minutes = offsetMinutes(zone);
  if (Math.abs(minutes) > 18 * 60) return null;
  return { ms: wall - minutes * 60_000, wallClock: false };
}

/**
 * Reads a time field: a Unix time (number or numeric string; seconds, or milliseconds
 * above 1e11) or an ISO 8601 date and time. `unixIsWallClock` says whether a Unix value
 * is the camera's wall clock (VORTEX's `localTime`) rather than a true instant.
 */
function readTime(value: unknown, field: string, unixIsWallClock: boolean): ReadTime {
  const text = typeof value === 'string' ? value.trim() : null;
  const unix = typeof value === 'number' ? value : text !== null && /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  let read: ReadTime | null = null;
  if (unix !== null) {
    const ms = unix > MILLISECONDS_THRESHOLD ? unix : unix * 1000;
    if (Number.isFinite(ms) && ms > 0 && ms <= 8.64e15) read = { ms: Math.round(ms), wallClock: unixIsWallClock };
  } else if (text !== null) {
    read = readIso(text);
  }
  if (!read) throw new VortexPayloadError(field, `${field} must be a Unix time in seconds or milliseconds, or an ISO 8601 date and time such as 2025-11-21T10:00:05Z`);
  return read;
}

/** Formatters by zone: making one costs far more than using it (the realtime bench's profile). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** Zones come from webhook bodies: the cache is bounded, and simply starts over when full. */
const MAX_CACHED_ZONES = 256;

/** The wall-clock formatter of an IANA zone, cached. @throws RangeError from Intl for an unknown zone */
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (zoneFormats.size >= MAX_CACHED_ZONES) zoneFormats.clear();
    zoneFormats.set(zone, format);
  }
  return format;
}

/** Offset of an IANA zone (or `+01:00`, `UTC+1`, `GMT-05:30`) at an instant, in ms; null if unknown. */
function zoneOffsetMs(zone: string, atMs: number): number | null {
  try {
    const parts = zoneFormat(zone).formatToParts(new Date(atMs));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return asUtc - (atMs - (atMs % 1000));
  } catch {
    // Not a zone Intl knows: maybe a bare offset such as UTC+1 or GMT-05:30.
    const m = /^(?:UTC|GMT)?\s*([+-]\d{2}(?::?\d{2})?|[+-]\d)$/i.exec(zone.trim());
    return m?.[1] ? offsetMinutes(m[1].length === 2 ? `${m[1][0]}0${m[1][1]}` : m[1]) * 60_000 : null;
  }
}

/**
 * Places a wall-clock time in the camera's zone. Two passes, so a time next to a
 * daylight-saving change uses the offset in force at the instant itself. An unknown
 * or missing zone leaves the wall clock as UTC, the best we can do.
 */
function wallClockToInstant(wallMs: number, zone: string | null): number {
  if (zone === null) return wallMs;
  const first = zoneOffsetMs(zone, wallMs);
  if (first === null) return wallMs;
  const second = zoneOffsetMs(zone, wallMs - first) ?? first;
  return wallMs - second;
}

/** Fields that may give the instant, best first (see {@link parseVortexWebhook}). */
const TIME_FIELDS: ReadonlyArray<{ field: VortexTimeSource; unixIsWallClock: boolean }> = [
  { field: 'utcTime', unixIsWallClock: false },
  { field: 'utcISOTime', unixIsWallClock: false },
  { field: 'localISOTime', unixIsWallClock: true },
  { field: 'localTime', unixIsWallClock: true },
];

function readOccurredAt(body: Record<string, unknown>, timezone: string | null): { occurredAt: Date; timeSource: VortexTimeSource } {
  let chosen: { occurredAt: Date; timeSource: VortexTimeSource } | null = null;
  // Every present field is checked, so a broken one is reported even when a better one exists.
  for (const { field, unixIsWallClock } of TIME_FIELDS) {
    const value = body[field];
    if (isAbsent(value)) continue;
    const read = readTime(value, field, unixIsWallClock);
    // Only the chosen field is placed in its zone (which cannot fail): zone offsets were
    // 4 % of the server's CPU in the realtime bench, where utcTime and localTime both come.
    chosen ??= { occurredAt: new Date(read.wallClock ? wallClockToInstant(read.ms, timezone) : read.ms), timeSource: field };
  }
  if (!chosen) throw new VortexPayloadError('localTime', 'localTime is required: add "localTime": {{.LocalTime}} (unquoted) to the VORTEX template');
  return chosen;
}

/** Decodes a base64 thumbnail (optionally a `data:image/...;base64,` URL) and checks it is an image. */
function readThumbnail(value: unknown): ParsedVortexEvent['thumbnail'] {
  if (isAbsent(value)) return null;
  const notImage = new VortexPayloadError('thumbnail', 'thumbnail must be a base64 JPEG, PNG or WebP image, optionally as a data:image/jpeg;base64, URL');
  if (typeof value !== 'string') throw notImage;
  let text = value.trim();
  const dataUrl = /^data:([^;,]*)(;[^,]*)?,/i.exec(text);
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[2] ?? '') || !/^image\//i.test(dataUrl[1] ?? '')) throw notImage;
    text = text.slice(dataUrl[0].length);
  }
  text = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) throw notImage;
  if (Math.floor((text.replace(/=+$/, '').length * 3) / 4) > MAX_THUMBNAIL_BYTES) {
    throw new VortexPayloadError('thumbnail', `thumbnail must be at most ${MAX_THUMBNAIL_BYTES / 1024} KiB once decoded`);
  }
  const data = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  const sniffed = sniffImage(data);
  if (sniffed.kind !== 'raster') throw notImage;
  return { data, contentType: `image/${sniffed.format}` };
}

/**
 * Validates and normalises one VORTEX alarm-management webhook body (the JSON template
 * in server/vortex/README.md). Pure: no I/O.
 *
 * - `eventId`, `deviceId` (strings, or numbers stringified) and `eventType` are
 *   required; empty strings and Go's `<no value>` count as missing.
 * - The instant comes from the first present of `utcTime`, `utcISOTime`,
 *   `localISOTime`, `localTime`. VORTEX's `localTime` is a Unix number on the camera's
 *   wall clock (a camera in Amsterdam at 11:00 CET sends 11:00 as if it were UTC), so
 *   it is placed in `timezone` to find the true instant; an ISO value with an offset is
 *   an instant as is. Unix values are seconds, or milliseconds above 1e11. Every present
 *   time field must be readable.
 * - `mac` in any usual spelling becomes `AA:BB:CC:DD:EE:FF`; an unreadable MAC is
 *   ignored (null) rather than refused, since the device id is the first match.
 * - `thumbnail` is decoded and must be a JPEG, PNG or WebP of at most 48 KiB.
 *
 * @throws VortexPayloadError 415 when the body is text (a plain-text profile), 400 when
 *   it is not an object or a field is missing or unreadable; the detail names the field.
 */
export function parseVortexWebhook(body: unknown): ParsedVortexEvent {
  if (typeof body === 'string' || Buffer.isBuffer(body)) throw new VortexPayloadError(null, NOT_JSON_DETAIL, 415);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new VortexPayloadError(null, "The webhook body must be a JSON object (VORTEX's JSON template)");
  }
  const raw = body as Record<string, unknown>;
  const eventId = requiredText(raw, 'eventId', 'add "eventId": "{{.EventId}}" to the VORTEX template');
  const deviceId = requiredText(raw, 'deviceId', 'add "deviceId": "{{.DeviceId}}" to the VORTEX template');
  const rawEventType = requiredText(raw, 'eventType', 'add "eventType": "{{.EventType}}" to the VORTEX template');
  const timezone = optionalText(raw, 'timezone');
  const macText = optionalText(raw, 'mac');
  return {
    eventId,
    deviceId,
    mac: macText === null ? null : normaliseMac(macText),
    eventType: mapEventType(rawEventType),
    rawEventType,
    eventName: optionalText(raw, 'eventName') ?? rawEventType,
    deviceName: optionalText(raw, 'deviceName'),
    deviceGroupId: optionalText(raw, 'deviceGroupId'),
    deviceGroupName: optionalText(raw, 'deviceGroupName'),
    organizationId: optionalText(raw, 'organizationId'),
    organizationName: optionalText(raw, 'organizationName'),
    timezone,
    ...readOccurredAt(raw, timezone),
    thumbnail: readThumbnail(raw.thumbnail),
    raw,
  };
}
