import type { SimDevice } from './devices';

/** The VORTEX organization a webhook names. */
export interface WebhookOrganization {
  id: string;
  name: string;
}

/** The organization the simulator's webhooks name by default. */
export const SIM_ORGANIZATION: WebhookOrganization = { id: '5b0e3f7a-2c41-4d8e-9f06-7a1d2c3b4e5f', name: 'Floorwatch Demo' };

/** One simulated alarm, before rendering. */
export interface SimWebhookEvent {
  eventId: string;
  eventType: string;
  eventName: string;
  device: SimDevice;
  organization: WebhookOrganization;
  /** The instant of the event. */
  at: Date;
}

/**
 * Which optional variables the user's template has. VIVOTEK's "Example 1" has none of
 * them; the template in server/vortex/README.md has `mac`, `localISOTime` and `utcTime`;
 * receivers also meet `utcISOTime` and an inline `thumbnail`.
 */
export interface TemplateVariables {
  mac: boolean;
  localISOTime: boolean;
  utcTime: boolean;
  utcISOTime: boolean;
  /** Base64 JPEG, bare or as a `data:image/jpeg;base64,` URL; null for none. */
  thumbnail: string | null;
}

/** A rendered webhook body: keys in the template's order. */
export type WebhookPayload = Record<string, string | number>;

/**
 * The camera's wall clock at an instant, as VORTEX renders it: `localTime` is the wall
 * clock read as if it were UTC (Unix seconds; 11:00 in Amsterdam is 11:00 UTC) and
 * `localISOTime` the same with the zone's offset (`2025-11-21T11:00:05+01:00`).
 * @param timezone an IANA zone
 * @throws RangeError from Intl when the zone is unknown
 */
export function wallClock(at: Date, timezone: string): { localTime: number; localISOTime: string } {
  const seconds = Math.floor(at.getTime() / 1000);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(seconds * 1000));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const localTime = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
  const offsetMinutes = Math.round((localTime - seconds) / 60);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { localTime, localISOTime: `${new Date(localTime * 1000).toISOString().slice(0, 19)}${offset}` };
}

/**
 * Renders an event as VORTEX's JSON webhook template does (server/vortex/README.md):
 * lower camel case keys in the template's order, `localTime` a Unix number on the
 * camera's wall clock, `utcTime` a quoted Unix string (as the template quotes it), text
 * values as strings. A device without a MAC renders `"mac": ""`, as Go's template would.
 * @returns a JSON-ready object; `JSON.stringify` keeps the key order
 */
export function renderWebhookPayload(event: SimWebhookEvent, variables: TemplateVariables): WebhookPayload {
  const { device, organization, at } = event;
  const { localTime, localISOTime } = wallClock(at, device.timezone);
  const utcSeconds = Math.floor(at.getTime() / 1000);
  const payload: WebhookPayload = {
    organizationName: organization.name,
    organizationId: organization.id,
    eventType: event.eventType,
    eventName: event.eventName,
    eventId: event.eventId,
    deviceName: device.name,
    deviceId: device.deviceId,
    deviceGroupName: device.groupName,
    deviceGroupId: device.groupId,
  };
  if (variables.mac) payload.mac = device.mac ?? '';
  payload.localTime = localTime;
  if (variables.localISOTime) payload.localISOTime = localISOTime;
  if (variables.utcTime) payload.utcTime = String(utcSeconds);
  payload.timezone = device.timezone;
  if (variables.utcISOTime) payload.utcISOTime = `${new Date(utcSeconds * 1000).toISOString().slice(0, 19)}Z`;
  if (variables.thumbnail !== null) payload.thumbnail = variables.thumbnail;
  return payload;
}
