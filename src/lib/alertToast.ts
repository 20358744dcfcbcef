/**
 * The toast for a live alert (SPEC.md sections 3 and 9, issue 3 "a toast for each new
 * alert with an action that opens the device on its floor"). Pure: the caller supplies
 * the action and shows the result with `toaster.show`.
 */
import type { ToastInput } from '../machines/toastMachine';
import { isAlertEventType } from './eventColours';
import { formatEventTime } from './eventTime';
import type { RealtimeEvent } from './realtimeEvents';

/** How long an alert toast stays, ms: longer than the 5 000 ms default, since it asks for a look. */
export const ALERT_TOAST_DURATION_MS = 10_000;
/** The toast action's label. */
export const SHOW_ON_FLOOR_LABEL = 'Show on floor';

/**
 * True when `event` raised an alert that is still open: its `alert` says so when the
 * server sends it, else its type does (Intrusion, Line crossing, Tampering).
 */
export function raisesOpenAlert(event: RealtimeEvent): boolean {
  if (event.alert !== undefined) return event.alert !== null && !event.alert.resolved;
  return isAlertEventType(event.event_type);
}

/**
 * The toast of an alert event seen at `nowMs` (ms since epoch): 'error' for Intrusion and
 * Line crossing, 'warning' for the rest; titled by the type; the message names the device
 * and the time by the spec's rule. It is not persistent (unlike other error toasts), so a
 * burst of alerts does not bury the screen; the alert itself stays in the notifications.
 */
export function alertToast(event: RealtimeEvent, nowMs: number, showOnFloor: () => void): ToastInput {
  const severe = event.event_type === 'Intrusion' || event.event_type === 'Line crossing';
  return {
    type: severe ? 'error' : 'warning',
    title: event.event_type,
    message: `${event.device_name || event.device_id} · ${formatEventTime(event.local_time, nowMs)}`,
    duration: ALERT_TOAST_DURATION_MS,
    persistent: false,
    actions: [{ label: SHOW_ON_FLOOR_LABEL, action: showOnFloor, variant: 'primary' }],
  };
}

/**
 * Where 'Show on floor' goes: the floor with `?device=` naming the device when it is
 * placed on one, else the device's own page. Ids are URL-encoded.
 * @param deviceId the device's VORTEX id (the event's `mapped_device_id`, else `device_id`)
 * @param floorId the floor it is placed on, or null
 */
export function deviceLocationPath(deviceId: string, floorId: string | null): string {
  const device = encodeURIComponent(deviceId);
  return floorId ? `/floors/${encodeURIComponent(floorId)}?device=${device}` : `/devices/${device}`;
}
