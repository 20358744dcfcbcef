import type { RealtimeEventMessage } from '../realtime/eventBus';
import type { EventWithDevice } from './repository';

/**
 * Wire shape of an event (SPEC.md section 3 "Real-time event"), the same in `GET
 * /v1/events` and the stream's `webhook_event`. `mapped_device_id` is the VORTEX id of
 * our device the event was matched to (by device id or MAC; the device pages are keyed
 * by it), null for an unknown device. `device_name` falls back to the matched device's
 * name, then the VORTEX device id, so it is always text. `local_time` is Unix seconds of
 * the event's true instant. `has_snapshot` tells that VORTEX sent a thumbnail with the
 * event; `alert` is the alert it raised, if any.
 */
export function eventView({ event, device, alert }: EventWithDevice): RealtimeEventMessage {
  return {
    id: event.id,
    device_id: event.deviceId,
    device_name: event.deviceName ?? device?.name ?? event.deviceId,
    mapped_device_id: device?.deviceId ?? null,
    device_mac: event.deviceMac,
    event_type: event.eventType,
    event_name: event.eventName,
    local_time: event.localTime.getTime() / 1000,
    received_at: event.receivedAt.toISOString(),
    has_snapshot: event.thumbnailKey !== null,
    alert: alert === null ? null : { id: alert.id, resolved: alert.resolved },
  };
}
