import { useMemo, useRef } from 'react';
import { splitDragged, type DragSplit } from './sceneDevices';
import type { SceneDevice } from './types';

const NO_IDS: readonly string[] = [];

/**
 * `splitDragged` across renders: remembers the last `resting` array so an unchanged one
 * is handed back as the same array, and gives the dragged ids as a set that stays the
 * same object for the whole drag.
 *
 * @param devices the scene's devices this render
 * @param dragging the ids being dragged (the editor's dragging state), absent or empty when none
 * @returns the split, and `hidden`: the dragged ids, which the layers under the drag do not draw
 */
export function useDragSplit(devices: readonly SceneDevice[], dragging: readonly string[] = NO_IDS): DragSplit & { hidden: ReadonlySet<string> } {
  const key = dragging.join('\n');
  const hidden = useMemo<ReadonlySet<string>>(() => new Set(key === '' ? [] : key.split('\n')), [key]);
  const previous = useRef<readonly SceneDevice[] | null>(null);
  const split = splitDragged(devices, hidden, previous.current);
  previous.current = split.resting;
  return { ...split, hidden };
}
