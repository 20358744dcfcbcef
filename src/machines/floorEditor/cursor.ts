/**
 * The pointer cursor of the floor editor (issue 4: a design tool shows what a press will
 * do). Pure: the editor's state and what the pointer is over in, a CSS `cursor` value out.
 */
import type { Gesture } from './gestures';
import type { EditorMode } from './types';

/** What the pointer is over in the scene: a device marker, a field-of-view handle, or the plan (or nothing). */
export type PointerOver = 'marker' | 'handle' | 'plan';

/** The parts of the editor's state the cursor depends on. */
export interface CursorState {
  readonly mode: EditorMode;
  /** The running gesture's kind; null when idle. */
  readonly gesture: Gesture['kind'] | null;
  /** Space is held: a press pans. */
  readonly spaceHeld: boolean;
}

/**
 * The CSS cursor for the editor in `state` with the pointer over `over`:
 * - a running gesture decides: a marker pressed or dragged, a pan or a field-of-view
 *   handle being dragged show `grabbing` (a marker pressed in view mode, which never
 *   drags, `pointer`); a marquee, or a palette device waiting for its click on the plan,
 *   `crosshair`;
 * - Space held shows `grab` (a press pans), wherever the pointer is;
 * - otherwise a marker shows `move` in edit mode and `pointer` in view mode (it only
 *   selects), a field-of-view handle `grab` (handles exist in edit mode only), and the
 *   empty plan the `default` arrow (a press there starts a marquee, not a pan).
 */
export function editorCursor(state: CursorState, over: PointerOver): string {
  switch (state.gesture) {
    case 'press':
      return state.mode === 'edit' ? 'grabbing' : 'pointer';
    case 'drag':
    case 'pan':
    case 'fov':
      return 'grabbing';
    case 'marquee':
    case 'place':
      return 'crosshair';
    case null:
      break;
  }
  if (state.spaceHeld) return 'grab';
  if (over === 'marker') return state.mode === 'edit' ? 'move' : 'pointer';
  if (over === 'handle') return 'grab';
  return 'default';
}
