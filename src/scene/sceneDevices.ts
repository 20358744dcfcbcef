/**
 * Pure helpers over the scene's device lists: equality by value, draw order, and the
 * split of a drag into the markers that stay and the ones that move (issue 4's drag
 * layer). No React, no Konva, no DOM.
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

/** The devices of a scene split by a drag. */
export interface DragSplit {
  /**
   * Every device, the dragged ones at their last place before the drag (the layers under
   * the drag hide them). The previous render's array itself when nothing differs by value,
   * so memoised layers skip the render and Konva does not redraw them.
   */
  readonly resting: readonly SceneDevice[];
  /** The dragged devices at their live positions, in `devices` order. */
  readonly dragged: readonly SceneDevice[];
}

/**
 * Splits `devices` for a drag of the ids in `dragging`. O(n) with no allocation per device,
 * so it can run on every pointer move of a drag among 10 000 markers.
 *
 * @param devices the scene's devices as passed this render (dragged ones at live positions)
 * @param dragging ids being dragged; empty when no drag runs
 * @param previous the `resting` array this function returned last time, or null
 */
export function splitDragged(
  devices: readonly SceneDevice[],
  dragging: ReadonlySet<string>,
  previous: readonly SceneDevice[] | null,
): DragSplit {
  const dragged: SceneDevice[] = [];
  let previousById: Map<string, SceneDevice> | null = null;
  const restingOf = (device: SceneDevice, index: number): SceneDevice => {
    if (!dragging.has(device.id)) return device;
    dragged.push(device);
    const sameSlot = previous?.[index];
    if (sameSlot?.id === device.id) return sameSlot;
    previousById ??= new Map((previous ?? []).map((d) => [d.id, d]));
    return previousById.get(device.id) ?? device;
  };
  let unchanged = previous !== null && previous.length === devices.length;
  const resting = devices.map((device, index) => {
    const kept = restingOf(device, index);
    const before = previous?.[index];
    if (unchanged && !(before && sameSceneDevice(before, kept))) unchanged = false;
    return kept;
  });
  return { resting: unchanged && previous ? previous : resting, dragged };
}
