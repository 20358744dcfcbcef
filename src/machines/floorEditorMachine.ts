/**
 * The floor-plan editor's interaction state (issue 4; STYLE.md "Interaction is a
 * machine"): one state per gesture.
 *
 * - `idle`: keys and list selection act here.
 * - `selecting`: a marker is pressed; under 3 CSS px of movement it is a click.
 * - `dragging`: the selection follows the pointer, kept inside 0..100 %.
 * - `marquee`: a press on the empty plan draws a rectangle; release selects what is
 *   inside (Shift adds); without movement it was a click that clears the selection.
 * - `placing`: a palette device is chosen; the next press on the plan places it.
 * - `editingFov`: the selected camera's rotation or range handle is dragged.
 * - `panning`: Space held, or the middle button, and a drag.
 *
 * In view mode only selecting and panning work: nothing is moved, placed, removed or
 * edited. The document (`FloorDoc` in `history.ts`: placements, undo/redo, optimistic saves) lives
 * in the context; every change issues a save through the `commit` action, and the app
 * answers `save.done` or `save.failed` (rolled back). Undo and redo wait while a save is
 * pending: they are deferred, with the keyboard edits pressed after them, and run in
 * order when the saves settle; a failed save drops what was deferred.
 *
 * Pure: effects are the named actions `commit`, `zoom`, `fit`, `zoomToRect`, `panBy`,
 * `requestMode` and `openShortcuts`, supplied with `floorEditorMachine.provide()`.
 */
import { and, assertEvent, assign } from 'xstate';
import { planPercent } from '../scene/geometry';
import { headingTo, pastDragThreshold, rangeTo, selectionBounds } from './floorEditor/editorGeometry';
import { clickMarker, finishMarquee, pressMarker } from './floorEditor/gestures';
import { confirmSave, createDoc, rollbackSave, syncPlacements } from './floorEditor/history';
import {
  editor,
  finishDrag,
  finishFov,
  flushDeferred,
  historyStep,
  nudgeSelection,
  placeDevice,
  placedOnly,
  removeSelection,
  setFovFromEvent,
} from './floorEditor/editorSetup';

export type { FloorEditorEvent } from './floorEditor/events';
export type { FloorEditorContext, FloorEditorInput } from './floorEditor/editorSetup';

export const floorEditorMachine = editor.createMachine({
  id: 'floorEditor',
  context: ({ input }) => ({
    mode: input.mode,
    doc: createDoc(input.placements),
    selection: [],
    gesture: null,
    spaceHeld: false,
    plan: input.plan ?? null,
    deferred: [],
  }),
  initial: 'idle',
  on: {
    'space.down': { actions: assign({ spaceHeld: true }) },
    'space.up': { actions: assign({ spaceHeld: false }) },
    'zoom.in': { actions: { type: 'zoom', params: { direction: 'in' } } },
    'zoom.out': { actions: { type: 'zoom', params: { direction: 'out' } } },
    'zoom.fit': { actions: 'fit' },
    'zoom.selection': {
      guard: 'hasSelection',
      actions: editor.enqueueActions(({ context, enqueue }) => {
        const rect = selectionBounds(context.doc.placements, context.selection);
        if (rect) enqueue({ type: 'zoomToRect', params: { rect } });
      }),
    },
    'mode.toggle': {
      actions: { type: 'requestMode', params: ({ context }) => ({ mode: context.mode === 'edit' ? ('view' as const) : ('edit' as const) }) },
    },
    'shortcuts.open': { actions: 'openShortcuts' },
    'mode.set': { actions: assign({ mode: ({ event }) => event.mode }) },
    'plan.resize': { actions: assign({ plan: ({ event }) => event.size }) },
    'doc.sync': {
      actions: assign(({ context, event }) => {
        const doc = syncPlacements(context.doc, event.placements);
        return { doc, selection: placedOnly(context.selection, doc.placements) };
      }),
    },
    'save.done': {
      actions: [assign({ doc: ({ context, event }) => confirmSave(context.doc, event.saveId) }), flushDeferred],
    },
    'save.failed': {
      // What was pressed after the failed change was meant for a state that is gone.
      actions: assign(({ context, event }) => {
        const doc = rollbackSave(context.doc, event.saveId);
        return { doc, selection: placedOnly(context.selection, doc.placements), deferred: [] };
      }),
    },
  },
  states: {
    idle: {
      // Cleared on entry, not on a gesture's exit: exit actions run before the
      // transition's own, which still read the gesture.
      entry: assign({ gesture: null }),
      on: {
        'marker.down': [
          { guard: 'startsPan', target: 'panning', actions: 'startPan' },
          {
            guard: 'markerPlaced',
            target: 'selecting',
            actions: assign(({ context, event }) => {
              const press = pressMarker(context.selection, event.id, event.shift);
              return {
                selection: press.selection,
                gesture: { kind: 'press', id: event.id, down: event.screen, origin: event.point, onClick: press.onClick },
              };
            }),
          },
        ],
        'plan.down': [
          { guard: 'startsPan', target: 'panning', actions: 'startPan' },
          {
            target: 'marquee',
            actions: assign({
              gesture: ({ event }) => ({
                kind: 'marquee',
                origin: event.point,
                current: event.point,
                down: event.screen,
                active: false,
                additive: event.shift,
              }),
            }),
          },
        ],
        'fov.down': {
          guard: 'canEditFov',
          target: 'editingFov',
          actions: assign({
            gesture: ({ context, event }) => {
              const fov = context.doc.placements[event.id]?.fov;
              if (!fov) return null;
              return { kind: 'fov', id: event.id, handle: event.handle, before: fov, draft: fov };
            },
          }),
        },
        nudge: [
          { guard: 'mustDefer', actions: 'defer' },
          { guard: 'canEditSelection', actions: nudgeSelection },
        ],
        delete: [
          { guard: 'mustDefer', actions: 'defer' },
          { guard: 'canEditSelection', actions: [removeSelection, assign({ selection: [] })] },
        ],
        'fov.set': [
          { guard: 'mustDefer', actions: 'defer' },
          { guard: 'canSetFov', actions: setFovFromEvent },
        ],
        undo: [
          { guard: 'canUndoNow', actions: historyStep('undo') },
          { guard: 'canUndoLater', actions: 'defer' },
        ],
        redo: [
          { guard: 'canRedoNow', actions: historyStep('redo') },
          { guard: 'canRedoLater', actions: 'defer' },
        ],
        escape: { guard: 'hasSelection', actions: assign({ selection: [] }) },
        'select.all': { actions: assign({ selection: ({ context }) => Object.keys(context.doc.placements) }) },
        'selection.set': {
          actions: assign({ selection: ({ context, event }) => placedOnly([...new Set(event.ids)], context.doc.placements) }),
        },
        'palette.pick': {
          guard: 'canPlace',
          target: 'placing',
          actions: assign({ gesture: ({ event }) => ({ kind: 'place', deviceId: event.deviceId, point: null }) }),
        },
        'palette.drop': { guard: 'canPlace', actions: placeDevice },
      },
    },
    selecting: {
      tags: ['pointing'],
      on: {
        'pointer.move': {
          // In view mode a press never becomes a drag: it stays a press until released.
          guard: and(['editable', 'pastThreshold']),
          target: 'dragging',
          actions: 'startDrag',
        },
        'pointer.up': {
          target: 'idle',
          actions: assign({
            selection: ({ context }) =>
              context.gesture?.kind === 'press' ? clickMarker(context.selection, context.gesture.id, context.gesture.onClick) : context.selection,
          }),
        },
        'pointer.cancel': 'idle',
        escape: 'idle',
      },
    },
    dragging: {
      tags: ['dragging'],
      on: {
        'pointer.move': {
          actions: assign({
            gesture: ({ context, event }) =>
              context.gesture?.kind === 'drag'
                ? { ...context.gesture, delta: { dx: event.point.x - context.gesture.origin.x, dy: event.point.y - context.gesture.origin.y } }
                : context.gesture,
          }),
        },
        'mode.set': { guard: 'leavesEditDuringEdit', target: 'idle', actions: assign({ mode: ({ event }) => event.mode }) },
        'pointer.up': {
          target: 'idle',
          actions: finishDrag,
        },
        'pointer.cancel': 'idle',
        escape: 'idle',
      },
    },
    marquee: {
      tags: ['marquee'],
      on: {
        'pointer.move': {
          actions: assign({
            gesture: ({ context, event }) =>
              context.gesture?.kind === 'marquee'
                ? { ...context.gesture, current: event.point, active: context.gesture.active || pastDragThreshold(context.gesture.down, event.screen) }
                : context.gesture,
          }),
        },
        'pointer.up': {
          target: 'idle',
          actions: assign({
            selection: ({ context }) =>
              context.gesture?.kind === 'marquee' ? finishMarquee(context.selection, context.doc.placements, context.gesture) : context.selection,
          }),
        },
        'pointer.cancel': 'idle',
        escape: 'idle',
      },
    },
    placing: {
      tags: ['placing'],
      on: {
        'pointer.move': {
          actions: assign({
            gesture: ({ context, event }) => (context.gesture?.kind === 'place' ? { ...context.gesture, point: event.point } : context.gesture),
          }),
        },
        'plan.down': { guard: 'primaryButton', target: 'idle', actions: placeDevice },
        // A press on a marker still places: the new device may sit on top of another.
        'marker.down': { guard: 'primaryButton', target: 'idle', actions: placeDevice },
        'palette.pick': {
          guard: 'canPlace',
          actions: assign({ gesture: ({ event }) => ({ kind: 'place', deviceId: event.deviceId, point: null }) }),
        },
        'palette.drop': { guard: 'canPlace', target: 'idle', actions: placeDevice },
        'mode.set': { guard: 'leavesEditDuringEdit', target: 'idle', actions: assign({ mode: ({ event }) => event.mode }) },
        escape: 'idle',
      },
    },
    editingFov: {
      tags: ['editingFov'],
      on: {
        'pointer.move': {
          actions: assign({
            gesture: ({ context, event }) => {
              const gesture = context.gesture;
              const placement = gesture?.kind === 'fov' ? context.doc.placements[gesture.id] : undefined;
              if (gesture?.kind !== 'fov' || !placement) return gesture;
              const origin = planPercent(placement.x_percent, placement.y_percent);
              const draft =
                gesture.handle === 'rotation'
                  ? { ...gesture.draft, heading_deg: headingTo(origin, event.point, context.plan) ?? gesture.draft.heading_deg }
                  : { ...gesture.draft, range_percent: rangeTo(origin, event.point, context.plan) };
              return { ...gesture, draft };
            },
          }),
        },
        'pointer.up': {
          target: 'idle',
          actions: finishFov,
        },
        'mode.set': { guard: 'leavesEditDuringEdit', target: 'idle', actions: assign({ mode: ({ event }) => event.mode }) },
        'pointer.cancel': 'idle',
        escape: 'idle',
      },
    },
    panning: {
      tags: ['panning'],
      on: {
        'pointer.move': {
          actions: editor.enqueueActions(({ context, event, enqueue }) => {
            assertEvent(event, 'pointer.move');
            if (context.gesture?.kind !== 'pan') return;
            const { last } = context.gesture;
            enqueue({ type: 'panBy', params: { dx: event.screen.x - last.x, dy: event.screen.y - last.y } });
            enqueue.assign({ gesture: { kind: 'pan', last: event.screen } });
          }),
        },
        'pointer.up': 'idle',
        'pointer.cancel': 'idle',
        escape: 'idle',
      },
    },
  },
});
