/**
 * Which live device indicators pulse on a floor (SPEC.md sections 4 and 9): those whose
 * device is placed there, matched on the event's `mapped_device_id` (the organization's
 * device VORTEX id matched by id or MAC), else the `device_id` VORTEX sent. Pure.
 */
import { eventTone } from '../../lib/eventColours';
import type { LiveDeviceIndicators } from '../../lib/realtimeEvents';
import type { ScenePulse } from '../../scene/FloorScene';

/**
 * The pulses of the devices in `placedIds`, one per placed device: when two indicators
 * land on the same device (one by raw id, one matched by MAC), the one seen last wins.
 */
export function floorPulses(indicators: LiveDeviceIndicators, placedIds: ReadonlySet<string>): ScenePulse[] {
  const byDevice = new Map<string, ScenePulse>();
  for (const indicator of Object.values(indicators)) {
    const deviceId = indicator.mappedId ?? indicator.deviceId;
    if (!placedIds.has(deviceId)) continue;
    const current = byDevice.get(deviceId);
    if (current && current.startedAt > indicator.seenAt) continue;
    byDevice.set(deviceId, {
      deviceId,
      tone: eventTone(indicator.eventType),
      startedAt: indicator.seenAt,
      eventId: indicator.eventId,
    });
  }
  return [...byDevice.values()];
}

/** The `device` query parameter of a floor URL (`?device=<id>`, set by an alert's 'Show on floor'), else null. */
export function focusedDeviceParam(search: string): string | null {
  const value = new URLSearchParams(search).get('device');
  return value === null || value === '' ? null : value;
}
