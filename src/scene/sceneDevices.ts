/**
 * Pure helpers over the scene's device lists: equality by value, draw order, and the
 * markers a drag moves (issue 4's drag layer). No React, no Konva, no DOM.
 */
import { STATUS_PRIORITY } from './markerStyle';
import type { SceneDevice, SceneFov } from './types';

const sameFov = (a: SceneFov | null | undefined, b: SceneFov | null | undefined): boolean =>
  a === b || (!!a && !!b && a.heading_deg === b.heading_deg && a.angle_deg === b.angle_deg && a.range_percent === b.range_percent);

/** True when two devices draw the same: id, name, status, position and field of view. */
export function sameSceneDevice(a: SceneDevice, b: SceneDevice): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.name === b.name &&
      a.status === b.status &&
      a.xPercent === b.xPercent &&
      a.yPercent === b.yPercent &&
      sameFov(a.fov, b.fov))
  );
}

// One collator for every comparison: `localeCompare` per call is many times slower on 10 000 names.
const names = new Intl.Collator();

/** Marker priority order: devices in error first (their labels win, they draw on top), then by name. */
export function byMarkerPriority(a: SceneDevice, b: SceneDevice): number {
  return STATUS_PRIORITY[a.status] - STATUS_PRIORITY[b.status] || names.compare(a.name, b.name);
}

/**
 * The devices of `devices` whose ids are in `dragging`, in `devices` order: the markers a
 * drag moves on the drag layer. O(n), so the scene runs it once per drag (and per change
 * of the devices), not per pointer move.
 *
 * @param devices the scene's devices, at the places they rest
 * @param dragging ids being dragged; empty when no drag runs
 */
export function draggedDevices(devices: readonly SceneDevice[], dragging: ReadonlySet<string>): readonly SceneDevice[] {
  return dragging.size === 0 ? [] : devices.filter((device) => dragging.has(device.id));
}
