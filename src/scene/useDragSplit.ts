import { useMemo } from 'react';
import { draggedDevices } from './sceneDevices';
import type { SceneDevice } from './types';

const NO_IDS: readonly string[] = [];

/**
 * The markers of a drag, computed once per drag (and per change of `devices`), never per
 * pointer move: the editor keeps `devices` at the places they rest during a drag and
 * moves the drag layer by an offset instead (`FloorSceneHandle.moveDrag`).
 *
 * @param devices the scene's devices this render, at the places they rest
 * @param dragging the ids being dragged (the editor's dragging state), absent or empty when none
 * @returns `dragged`, the dragged devices in `devices` order, and `hidden`, their ids, which
 *   the layers under the drag do not draw; both the same objects for the whole drag
 */
export function useDragSplit(
  devices: readonly SceneDevice[],
  dragging: readonly string[] = NO_IDS,
): { dragged: readonly SceneDevice[]; hidden: ReadonlySet<string> } {
  const key = dragging.join('\n');
  const hidden = useMemo<ReadonlySet<string>>(() => new Set(key === '' ? [] : key.split('\n')), [key]);
  const dragged = useMemo(() => draggedDevices(devices, hidden), [devices, hidden]);
  return { dragged, hidden };
}
