/**
 * Events of the floor editor machine: plain data. The scene converts pointer events to
 * plan percent (`point`) and stage CSS px (`screen`) before sending them; the keyboard
 * map ({@link ./shortcuts}) turns keys into the named events.
 */
import type { PlanPercent, Size, StagePoint } from '../../scene/geometry';
import type { DeviceId, EditorMode, Fov, Placements } from './types';

/** Which button pressed: the middle one always pans. Absent means primary. */
export type PointerButton = 'primary' | 'middle';

/** Where the pointer is: plan percent (not clamped) and stage CSS px. */
export interface PointerAt {
  readonly point: PlanPercent;
  readonly screen: StagePoint;
}

/** The two handles of a selected camera's field of view. */
export type FovHandle = 'rotation' | 'range';

export type FloorEditorEvent =
  // Pointer, from the scene.
  | ({ type: 'marker.down'; id: DeviceId; shift: boolean; button?: PointerButton } & PointerAt)
  | ({ type: 'plan.down'; shift: boolean; button?: PointerButton } & PointerAt)
  | ({ type: 'fov.down'; id: DeviceId; handle: FovHandle } & PointerAt)
  | ({ type: 'pointer.move' } & PointerAt)
  | { type: 'pointer.up' }
  /** The pointer was lost (pointercancel, window blur): the gesture is cancelled. */
  | { type: 'pointer.cancel' }
  // Keyboard, from the shortcut map.
  | { type: 'space.down' }
  | { type: 'space.up' }
  /** Moves the selection by `dx`, `dy` percent of the plan. */
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'delete' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'escape' }
  | { type: 'select.all' }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'zoom.fit' }
  | { type: 'zoom.selection' }
  | { type: 'mode.toggle' }
  | { type: 'shortcuts.open' }
  // From the screen: the placed-device list, the palette, the inspector, the URL.
  | { type: 'selection.set'; ids: readonly DeviceId[] }
  | { type: 'palette.pick'; deviceId: DeviceId }
  | { type: 'palette.drop'; deviceId: DeviceId; point: PlanPercent }
  | { type: 'fov.set'; id: DeviceId; fov: Fov | null }
  | { type: 'mode.set'; mode: EditorMode }
  // From the data layer.
  | { type: 'doc.sync'; placements: Placements }
  | { type: 'save.done'; saveId: string }
  | { type: 'save.failed'; saveId: string }
  | { type: 'plan.resize'; size: Size | null };

/** The events the keyboard map sends. */
export type ShortcutEvent = Extract<
  FloorEditorEvent,
  {
    type:
      | 'space.down'
      | 'nudge'
      | 'delete'
      | 'undo'
      | 'redo'
      | 'escape'
      | 'select.all'
      | 'zoom.in'
      | 'zoom.out'
      | 'zoom.fit'
      | 'zoom.selection'
      | 'mode.toggle'
      | 'shortcuts.open';
  }
>;
