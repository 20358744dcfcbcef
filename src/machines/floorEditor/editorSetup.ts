/**
 * The floor editor machine's setup: context and input types, the effects the app
 * provides, the guards, and the actions that change the document (each records one
 * command and commits its save). The states live in `../floorEditorMachine.ts`.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Size } from '../../scene/geometry';
import { moveChanges, removeChanges, roundPercent } from './commands';
import { clampGroupDelta, pastDragThreshold } from './editorGeometry';
import type { PercentRect } from './editorGeometry';
import type { FloorEditorEvent } from './events';
import { dragChanges } from './gestures';
import type { Gesture } from './gestures';
import { canRedo, canUndo, historyBusy, recordCommand, redo, undo } from './history';
import type { FloorDoc } from './history';
import type { CommandDraft, DeviceId, EditorMode, Placements, Save } from './types';

export interface FloorEditorContext {
  mode: EditorMode;
  /** Placements, undo/redo stacks and pending saves. */
  doc: FloorDoc;
  /** Selected device ids, each once, all placed, in selection order. */
  selection: readonly DeviceId[];
  /** The running gesture's data; null in `idle`. */
  gesture: Gesture | null;
  /** Space is held: a press pans. */
  spaceHeld: boolean;
  /** Natural size of the plan image in px (for field-of-view angles); null before it loads. */
  plan: Size | null;
  /** Keyboard edits waiting for pending saves (see the module comment). */
  deferred: readonly FloorEditorEvent[];
}

export interface FloorEditorInput {
  placements: Placements;
  mode: EditorMode;
  plan?: Size | null;
}

/** Keeps the selected ids that are still placed. */
export const placedOnly = (selection: readonly DeviceId[], placements: Placements) => selection.filter((id) => placements[id] !== undefined);

export const editor = setup({
  types: {
    context: {} as FloorEditorContext,
    events: {} as FloorEditorEvent,
    input: {} as FloorEditorInput,
  },
  actions: {
    /** Persist `save` (already applied locally), then send `save.done` or `save.failed` with its id. */
    commit: (_, _params: { save: Save }) => {},
    zoom: (_, _params: { direction: 'in' | 'out' }) => {},
    fit: () => {},
    /** Zoom so `rect` (plan percent) fills the view. */
    zoomToRect: (_, _params: { rect: PercentRect }) => {},
    /** Move the view by `dx`, `dy` stage CSS px. */
    panBy: (_, _params: { dx: number; dy: number }) => {},
    /** Put `mode` in the URL (the app answers with `mode.set`). */
    requestMode: (_, _params: { mode: EditorMode }) => {},
    openShortcuts: () => {},
    startPan: assign({
      gesture: ({ event }) => {
        assertEvent(event, ['marker.down', 'plan.down']);
        return { kind: 'pan', last: event.screen };
      },
    }),
    startDrag: assign({
      gesture: ({ context, event }) => {
        assertEvent(event, 'pointer.move');
        if (context.gesture?.kind !== 'press') return context.gesture;
        const { origin } = context.gesture;
        const ids = placedOnly(context.selection, context.doc.placements);
        return { kind: 'drag', ids, origin, delta: { dx: event.point.x - origin.x, dy: event.point.y - origin.y } };
      },
    }),
    /** Keeps a keyboard edit for when the pending saves settle. */
    defer: assign({ deferred: ({ context, event }) => [...context.deferred, event] }),
  },
  guards: {
    editable: ({ context }) => context.mode === 'edit',
    startsPan: ({ context, event }) =>
      (event.type === 'marker.down' || event.type === 'plan.down') && (event.button === 'middle' || context.spaceHeld),
    primaryButton: ({ event }) => (event.type === 'marker.down' || event.type === 'plan.down') && event.button !== 'middle',
    markerPlaced: ({ context, event }) => event.type === 'marker.down' && context.doc.placements[event.id] !== undefined,
    hasSelection: ({ context }) => context.selection.length > 0,
    canEditSelection: ({ context }) => context.mode === 'edit' && context.selection.length > 0,
    mustDefer: ({ context }) => context.deferred.length > 0,
    canUndoNow: ({ context }) =>
      context.mode === 'edit' && canUndo(context.doc) && !historyBusy(context.doc) && context.deferred.length === 0,
    canUndoLater: ({ context }) => context.mode === 'edit' && canUndo(context.doc),
    canRedoNow: ({ context }) =>
      context.mode === 'edit' && canRedo(context.doc) && !historyBusy(context.doc) && context.deferred.length === 0,
    canRedoLater: ({ context }) => context.mode === 'edit' && canRedo(context.doc),
    canPlace: ({ context, event }) =>
      context.mode === 'edit' &&
      (event.type === 'palette.pick' || event.type === 'palette.drop') &&
      context.doc.placements[event.deviceId] === undefined,
    canEditFov: ({ context, event }) =>
      context.mode === 'edit' && event.type === 'fov.down' && (context.doc.placements[event.id]?.fov ?? null) !== null,
    canSetFov: ({ context, event }) =>
      context.mode === 'edit' && event.type === 'fov.set' && context.doc.placements[event.id] !== undefined,
    pastThreshold: ({ context, event }) =>
      event.type === 'pointer.move' && context.gesture?.kind === 'press' && pastDragThreshold(context.gesture.down, event.screen),
    leavesEditDuringEdit: ({ event }) => event.type === 'mode.set' && event.mode !== 'edit',
  },
});

/**
 * An action that records the command `draftOf` gives (null: none) and commits its save;
 * a command that changes nothing records nothing.
 */
export const recordWith = (draftOf: (context: FloorEditorContext, event: FloorEditorEvent) => CommandDraft | null) =>
  editor.enqueueActions(({ context, event, enqueue }) => {
    const draft = draftOf(context, event);
    const step = draft && recordCommand(context.doc, draft);
    if (!step) return;
    enqueue.assign({ doc: step.doc });
    enqueue({ type: 'commit', params: { save: step.save } });
  });

/** An undo or a redo: commits its save and selects the devices it changed that are placed. */
export const historyStep = (direction: 'undo' | 'redo') =>
  editor.enqueueActions(({ context, enqueue }) => {
    const step = direction === 'undo' ? undo(context.doc) : redo(context.doc);
    if (!step) return;
    const changed = step.save.changes.map((c) => c.id);
    enqueue.assign({ doc: step.doc, selection: placedOnly(changed, step.doc.placements) });
    enqueue({ type: 'commit', params: { save: step.save } });
  });

/** Places the palette device (dropped, or chosen before) where the pointer is, and selects it. */
export const placeDevice = editor.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== 'palette.drop' && event.type !== 'plan.down' && event.type !== 'marker.down') return;
  const deviceId = event.type === 'palette.drop' ? event.deviceId : context.gesture?.kind === 'place' ? context.gesture.deviceId : null;
  if (deviceId === null || context.doc.placements[deviceId] !== undefined) return;
  const after = { x_percent: roundPercent(event.point.x), y_percent: roundPercent(event.point.y), fov: null };
  const step = recordCommand(context.doc, { kind: 'add', changes: [{ id: deviceId, before: null, after }] });
  if (!step) return;
  enqueue.assign({ doc: step.doc, selection: [deviceId] });
  enqueue({ type: 'commit', params: { save: step.save } });
});

/** Once no save is pending, replays the deferred edits in order (each may defer again). */
export const flushDeferred = editor.enqueueActions(({ context, enqueue }) => {
  if (historyBusy(context.doc) || context.deferred.length === 0) return;
  enqueue.assign({ deferred: [] });
  for (const event of context.deferred) enqueue.raise(event);
});

export const nudgeSelection = recordWith((context, event) => {
  if (event.type !== 'nudge') return null;
  const { placements } = context.doc;
  const delta = clampGroupDelta(placements, context.selection, event);
  return { kind: 'move', changes: moveChanges(placements, context.selection, delta.dx, delta.dy) };
});

export const removeSelection = recordWith((context) => ({ kind: 'remove', changes: removeChanges(context.doc.placements, context.selection) }));

export const setFovFromEvent = recordWith((context, event) => {
  const before = event.type === 'fov.set' ? context.doc.placements[event.id] : undefined;
  return event.type === 'fov.set' && before ? { kind: 'setFov', changes: [{ id: event.id, before, after: { ...before, fov: event.fov } }] } : null;
});

export const finishDrag = recordWith((context) =>
  context.gesture?.kind === 'drag' ? { kind: 'move', changes: dragChanges(context.doc.placements, context.gesture) } : null,
);

export const finishFov = recordWith((context) => {
  const gesture = context.gesture;
  const before = gesture?.kind === 'fov' ? context.doc.placements[gesture.id] : undefined;
  return gesture?.kind === 'fov' && before ? { kind: 'setFov', changes: [{ id: gesture.id, before, after: { ...before, fov: gesture.draft } }] } : null;
});
