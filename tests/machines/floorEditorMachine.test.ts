import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
// createTestModel would take this machine (no invoke, no after), but the paths come from
// the generators and are replayed with ./pathRunner, as for the other machines.
import { adjacencyMapToArray, getAdjacencyMap, getPathsFromEvents, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { planPercent, stagePoint } from '../../src/scene/geometry';
import { floorEditorMachine } from '../../src/machines/floorEditorMachine';
import type { FloorEditorEvent, FloorEditorInput } from '../../src/machines/floorEditorMachine';
import { dragOffset, gesturePreview, marqueeRect } from '../../src/machines/floorEditor/gestures';
import { keyDownEvent } from '../../src/machines/floorEditor/shortcuts';
import type { Fov, Placement, Placements, Save } from '../../src/machines/floorEditor/types';
import { describeSnapshot, replayPath } from './pathRunner';
import type { PathStep } from './pathRunner';

type Snapshot = SnapshotFrom<typeof floorEditorMachine>;

const fov: Fov = { heading_deg: 0, angle_deg: 60, range_percent: 10 };
const at = (x: number, y: number, withFov: Fov | null = null): Placement => ({ x_percent: x, y_percent: y, fov: withFov });
const base: Placements = { cam: at(20, 20, fov), b: at(50, 50), c: at(80, 80) };
const plan = { width: 1000, height: 500 };
/** A pointer position: plan percent, and the stage px of a 1000 x 500 plan at scale 1. */
const P = (x: number, y: number) => ({ point: planPercent(x, y), screen: stagePoint(x * 10, y * 5) });
const editInput: FloorEditorInput = { placements: base, mode: 'edit', plan };
const viewInput: FloorEditorInput = { placements: base, mode: 'view', plan };

function start(input: FloorEditorInput = editInput) {
  const commits: Save[] = [];
  const effects = {
    commit: vi.fn((_: unknown, params: { save: Save }) => void commits.push(params.save)),
    zoom: vi.fn(),
    fit: vi.fn(),
    zoomToRect: vi.fn(),
    panBy: vi.fn(),
    requestMode: vi.fn(),
    openShortcuts: vi.fn(),
  };
  const actor = createActor(floorEditorMachine.provide({ actions: effects }), { input }).start();
  const send = (...events: FloorEditorEvent[]) => events.forEach((e) => actor.send(e));
  const snap = () => actor.getSnapshot();
  return { actor, send, snap, commits, effects };
}

const down = (id: string, x: number, y: number, shift = false): FloorEditorEvent => ({ type: 'marker.down', id, shift, ...P(x, y) });
const move = (x: number, y: number): FloorEditorEvent => ({ type: 'pointer.move', ...P(x, y) });
const up: FloorEditorEvent = { type: 'pointer.up' };

describe('floorEditorMachine: selection', () => {
  it('selects on click, adds and removes with Shift, and a click on a selected marker selects only it', () => {
    const { send, snap } = start();
    send(down('cam', 20, 20), up);
    expect(snap().context.selection).toEqual(['cam']);
    send(down('b', 50, 50, true), up);
    expect(snap().context.selection).toEqual(['cam', 'b']);
    send(down('cam', 20, 20, true), up);
    expect(snap().context.selection).toEqual(['b']);
    send(down('c', 80, 80, true), up, down('b', 50, 50), up);
    expect(snap().context.selection).toEqual(['b']);
    expect(snap().matches('idle')).toBe(true);
  });

  it('treats a press that moved less than 3 px as a click', () => {
    const { send, snap, commits } = start();
    send(down('cam', 20, 20), move(20.2, 20.2));
    expect(snap().hasTag('pointing')).toBe(true);
    send(up);
    expect(commits).toEqual([]);
    expect(snap().context.doc.placements.cam).toEqual(base.cam);
  });

  it('clears the selection on a click on the empty plan, keeps it with Shift, and on Escape', () => {
    const { send, snap, actor } = start();
    send({ type: 'select.all' });
    expect(snap().context.selection).toEqual(['cam', 'b', 'c']);
    send({ type: 'plan.down', shift: true, ...P(5, 5) }, up);
    expect(snap().context.selection).toHaveLength(3);
    send({ type: 'plan.down', shift: false, ...P(5, 5) }, up);
    expect(snap().context.selection).toEqual([]);
    send({ type: 'selection.set', ids: ['b', 'b', 'ghost'] });
    expect(snap().context.selection).toEqual(['b']);
    expect(actor.getSnapshot().can({ type: 'escape' })).toBe(true);
    send({ type: 'escape' });
    expect(snap().context.selection).toEqual([]);
    // Nothing to clear: Escape is not taken, so the key handler leaves it to others.
    expect(actor.getSnapshot().can({ type: 'escape' })).toBe(false);
  });

  it('selects the markers inside a marquee, and adds them with Shift', () => {
    const { send, snap } = start();
    send({ type: 'plan.down', shift: false, ...P(10, 10) }, move(60, 60));
    expect(snap().hasTag('marquee')).toBe(true);
    expect(marqueeRect(snap().context.gesture)).toEqual({ left: 10, top: 10, right: 60, bottom: 60 });
    send(up);
    expect(snap().context.selection).toEqual(['cam', 'b']);
    send({ type: 'plan.down', shift: true, ...P(99, 99) }, move(70, 70), up);
    expect(snap().context.selection).toEqual(['cam', 'b', 'c']);
    send({ type: 'plan.down', shift: false, ...P(99, 99) }, move(70, 70), { type: 'escape' });
    expect(snap().context.selection).toEqual(['cam', 'b', 'c']);
    expect(marqueeRect(snap().context.gesture)).toBeNull();
  });
});

describe('floorEditorMachine: dragging', () => {
  it('drags the selection together as one command and one save, kept inside the plan', () => {
    const { send, snap, commits } = start();
    send({ type: 'selection.set', ids: ['b', 'c'] }, down('b', 50, 50), move(60, 55));
    expect(snap().hasTag('dragging')).toBe(true);
    // c at 80 can move 20 at most to the right: the group stops at the edge.
    send(move(80, 55));
    expect(gesturePreview(snap().context.doc.placements, snap().context.gesture)).toEqual({ b: at(70, 55), c: at(100, 85) });
    // The scene's drag layer moves by the same clamped offset the drop commits.
    expect(dragOffset(snap().context.doc.placements, snap().context.gesture)).toEqual({ dx: 20, dy: 5 });
    expect(snap().context.doc.placements.b).toEqual(base.b);
    send(up);
    expect(snap().context.doc.placements).toEqual({ cam: base.cam, b: at(70, 55), c: at(100, 85) });
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ kind: 'move', direction: 'apply' });
    expect(commits[0]!.changes.map((c) => c.id)).toEqual(['b', 'c']);
    expect(gesturePreview(snap().context.doc.placements, snap().context.gesture)).toEqual({});
    expect(dragOffset(snap().context.doc.placements, snap().context.gesture)).toBeNull();
  });

  it('drags an unselected marker alone, and Escape or a lost pointer cancels a drag', () => {
    const { send, snap, commits } = start();
    send({ type: 'selection.set', ids: ['b'] }, down('c', 80, 80), move(70, 70));
    expect(snap().context.selection).toEqual(['c']);
    send({ type: 'escape' });
    expect(snap().matches('idle')).toBe(true);
    send(down('c', 80, 80), move(70, 70), { type: 'pointer.cancel' });
    expect(commits).toEqual([]);
    expect(snap().context.doc.placements).toEqual(base);
  });
});

describe('floorEditorMachine: keyboard edits, undo and saves', () => {
  it('nudges by the keyboard map and clamps at the plan edge', () => {
    const { send, snap, commits } = start();
    send({ type: 'selection.set', ids: ['c'] });
    const right = keyDownEvent({ key: 'ArrowRight', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false }, null);
    for (let i = 0; i < 5; i += 1) send(right!);
    expect(snap().context.doc.placements.c).toEqual(at(100, 80));
    expect(commits).toHaveLength(4);
    expect(snap().can(right!)).toBe(true);
  });

  it('removes the selection, and undo brings it back after the save settles', () => {
    const { send, snap, commits } = start();
    send({ type: 'selection.set', ids: ['b', 'c'] }, { type: 'delete' });
    expect(Object.keys(snap().context.doc.placements)).toEqual(['cam']);
    expect(snap().context.selection).toEqual([]);
    send({ type: 'save.done', saveId: commits[0]!.id }, { type: 'undo' });
    expect(snap().context.doc.placements).toEqual(base);
    expect(snap().context.selection).toEqual(['c', 'b']);
    expect(commits[1]).toMatchObject({ kind: 'add', direction: 'revert' });
  });

  it('defers undo while a save is pending, with the keys pressed after it, and runs them in order', () => {
    const { send, snap, commits } = start();
    send({ type: 'selection.set', ids: ['b'] }, { type: 'nudge', dx: 1, dy: 0 }, { type: 'undo' }, { type: 'nudge', dx: 0, dy: 1 });
    expect(snap().context.deferred.map((e) => e.type)).toEqual(['undo', 'nudge']);
    expect(snap().context.doc.placements.b).toEqual(at(51, 50));
    send({ type: 'save.done', saveId: 's1' });
    expect(snap().context.deferred).toEqual([]);
    expect(snap().context.doc.placements.b).toEqual(at(50, 51));
    expect(commits.map((s) => [s.id, s.direction])).toEqual([
      ['s1', 'apply'],
      ['s2', 'revert'],
      ['s3', 'apply'],
    ]);
  });

  it('rolls a failed save back, drops the deferred keys and what is no longer placed from the selection', () => {
    const { send, snap } = start();
    send({ type: 'palette.drop', deviceId: 'd', point: planPercent(40, 60) });
    expect(snap().context.selection).toEqual(['d']);
    send({ type: 'undo' });
    expect(snap().context.deferred).toHaveLength(1);
    send({ type: 'save.failed', saveId: 's1' });
    expect(snap().context.doc.placements).toEqual(base);
    expect(snap().context.selection).toEqual([]);
    expect(snap().context.deferred).toEqual([]);
    expect(snap().can({ type: 'undo' })).toBe(false);
  });

  it('keeps optimistic placements across a sync while their save is pending', () => {
    const { send, snap } = start();
    send({ type: 'selection.set', ids: ['b'] }, { type: 'nudge', dx: 5, dy: 0 }, { type: 'doc.sync', placements: { ...base, c: at(1, 1) } });
    expect(snap().context.doc.placements).toEqual({ cam: base.cam, b: at(55, 50), c: at(1, 1) });
  });
});

describe('floorEditorMachine: placing and field of view', () => {
  it('places a palette device with the next click on the plan; Escape cancels; a placed device cannot be picked', () => {
    const { send, snap, commits } = start();
    expect(snap().can({ type: 'palette.pick', deviceId: 'b' })).toBe(false);
    send({ type: 'palette.pick', deviceId: 'd' }, move(33, 44));
    expect(snap().hasTag('placing')).toBe(true);
    expect(snap().context.gesture).toEqual({ kind: 'place', deviceId: 'd', point: planPercent(33, 44) });
    send({ type: 'escape' }, { type: 'palette.pick', deviceId: 'd' }, { type: 'plan.down', shift: false, ...P(104, 44.44449) });
    expect(snap().context.doc.placements.d).toEqual(at(100, 44.444));
    expect(snap().context.selection).toEqual(['d']);
    expect(commits).toEqual([expect.objectContaining({ kind: 'add', changes: [{ id: 'd', before: null, after: at(100, 44.444) }] })]);
  });

  it('turns the selected camera with the rotation handle and sizes it with the range handle', () => {
    const { send, snap, commits } = start();
    send(down('cam', 20, 20), up, { type: 'fov.down', id: 'cam', handle: 'rotation', ...P(20, 10) }, move(30, 20));
    expect(snap().hasTag('editingFov')).toBe(true);
    expect(gesturePreview(snap().context.doc.placements, snap().context.gesture)).toEqual({ cam: at(20, 20, { ...fov, heading_deg: 90 }) });
    send(up, { type: 'fov.down', id: 'cam', handle: 'range', ...P(30, 20) }, move(20, 30));
    send(up);
    // 10 % of the 500 px height is 50 px, 5 % of the 1000 px width.
    expect(snap().context.doc.placements.cam).toEqual(at(20, 20, { heading_deg: 90, angle_deg: 60, range_percent: 5 }));
    expect(commits.map((s) => s.kind)).toEqual(['setFov', 'setFov']);
    expect(snap().can({ type: 'fov.down', id: 'b', handle: 'rotation', ...P(50, 40) })).toBe(false);
    send({ type: 'fov.set', id: 'b', fov });
    expect(snap().context.doc.placements.b).toEqual(at(50, 50, fov));
  });
});

describe('floorEditorMachine: panning, view effects and modes', () => {
  it('pans with Space held or the middle button, by the pointer movement in stage px', () => {
    const { send, snap, effects } = start();
    send({ type: 'space.down' }, { type: 'plan.down', shift: false, ...P(10, 10) }, move(12, 14));
    expect(snap().hasTag('panning')).toBe(true);
    expect(effects.panBy).toHaveBeenLastCalledWith(expect.anything(), { dx: 20, dy: 20 });
    send(up, { type: 'space.up' }, { type: 'marker.down', id: 'b', shift: false, button: 'middle', ...P(50, 50) }, move(49, 50), up);
    expect(effects.panBy).toHaveBeenLastCalledWith(expect.anything(), { dx: -10, dy: 0 });
    expect(snap().context.selection).toEqual([]);
    expect(snap().context.doc.placements).toEqual(base);
  });

  it('asks for zoom, fit, zoom to the selection, the other mode and the shortcut overlay', () => {
    const { send, effects } = start();
    send({ type: 'zoom.in' }, { type: 'zoom.out' }, { type: 'zoom.fit' }, { type: 'zoom.selection' });
    expect(effects.zoomToRect).not.toHaveBeenCalled();
    send({ type: 'selection.set', ids: ['cam', 'b'] }, { type: 'zoom.selection' }, { type: 'mode.toggle' }, { type: 'shortcuts.open' });
    expect(effects.zoom.mock.calls.map((c) => c[1])).toEqual([{ direction: 'in' }, { direction: 'out' }]);
    expect(effects.fit).toHaveBeenCalledTimes(1);
    expect(effects.zoomToRect).toHaveBeenCalledWith(expect.anything(), { rect: { left: 20, top: 20, right: 50, bottom: 50 } });
    expect(effects.requestMode).toHaveBeenCalledWith(expect.anything(), { mode: 'view' });
    expect(effects.openShortcuts).toHaveBeenCalledTimes(1);
  });

  it('in view mode only selects and pans: nothing moves, is placed, removed or edited', () => {
    const { send, snap, commits } = start(viewInput);
    send(down('b', 50, 50), move(70, 70), up);
    expect(snap().context.selection).toEqual(['b']);
    expect(snap().context.doc.placements).toEqual(base);
    const refused: FloorEditorEvent[] = [
      { type: 'nudge', dx: 1, dy: 0 },
      { type: 'delete' },
      { type: 'undo' },
      { type: 'palette.pick', deviceId: 'd' },
      { type: 'palette.drop', deviceId: 'd', point: planPercent(1, 1) },
      { type: 'fov.down', id: 'cam', handle: 'range', ...P(20, 10) },
      { type: 'fov.set', id: 'cam', fov: null },
    ];
    for (const event of refused) expect(snap().can(event), event.type).toBe(false);
    send({ type: 'plan.down', shift: false, ...P(10, 10) }, move(90, 90), up, { type: 'space.down' }, { type: 'plan.down', shift: false, ...P(10, 10) });
    expect(snap().context.selection).toEqual(['cam', 'b', 'c']);
    expect(snap().hasTag('panning')).toBe(true);
    expect(commits).toEqual([]);
  });

  it('switching to view mode ends a drag, a placement or a field-of-view edit without saving', () => {
    for (const begin of [
      [down('b', 50, 50), move(70, 70)],
      [{ type: 'palette.pick', deviceId: 'd' } as const],
      [{ type: 'fov.down', id: 'cam', handle: 'rotation', ...P(20, 10) } as const, move(30, 20)],
    ]) {
      const { send, snap, commits } = start();
      send(...begin, { type: 'mode.set', mode: 'view' }, up);
      expect(snap().matches('idle')).toBe(true);
      expect(snap().context.mode).toBe('view');
      expect(commits).toEqual([]);
      expect(snap().context.doc.placements).toEqual(base);
    }
  });
});

// --- Model-based: abstract states x events, every edge checked, every state reached. ---

const modelEvents = (snapshot: Snapshot): FloorEditorEvent[] => {
  const first = snapshot.context.doc.pending[0];
  const saves: FloorEditorEvent[] = first
    ? [
        { type: 'save.done', saveId: first.id },
        { type: 'save.failed', saveId: first.id },
      ]
    : [];
  return [
    down('cam', 20, 20),
    down('b', 50, 50, true),
    { type: 'marker.down', id: 'c', shift: false, button: 'middle', ...P(80, 80) },
    { type: 'plan.down', shift: false, ...P(5, 5) },
    { type: 'plan.down', shift: true, ...P(95, 5) },
    { type: 'fov.down', id: 'cam', handle: 'rotation', ...P(20, 10) },
    { type: 'fov.down', id: 'cam', handle: 'range', ...P(20, 10) },
    move(20.1, 20.1),
    move(60, 60),
    up,
    { type: 'pointer.cancel' },
    { type: 'space.down' },
    { type: 'space.up' },
    { type: 'nudge', dx: 0.5, dy: 0 },
    { type: 'delete' },
    { type: 'undo' },
    { type: 'redo' },
    { type: 'escape' },
    { type: 'select.all' },
    { type: 'selection.set', ids: ['b', 'c'] },
    { type: 'zoom.selection' },
    { type: 'mode.toggle' },
    { type: 'palette.pick', deviceId: 'd' },
    { type: 'palette.drop', deviceId: 'e', point: planPercent(40, 60) },
    { type: 'fov.set', id: 'b', fov: { heading_deg: 90, angle_deg: 45, range_percent: 20 } },
    { type: 'mode.set', mode: 'view' },
    { type: 'mode.set', mode: 'edit' },
    { type: 'doc.sync', placements: base },
    ...saves,
  ];
};

const bucket = (n: number, max: number) => Math.min(n, max);

/** The abstract state: which gesture, mode, how much is selected, and where the history stands. */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    mode: s.context.mode,
    selected: bucket(s.context.selection.length, 2),
    space: s.context.spaceHeld,
    pending: bucket(s.context.doc.pending.length, 2),
    deferred: bucket(s.context.deferred.length, 1),
    undo: bucket(s.context.doc.done.length, 1),
    redo: bucket(s.context.doc.undone.length, 1),
  });

const GESTURE_OF: Record<string, string | null> = {
  idle: null,
  selecting: 'press',
  dragging: 'drag',
  marquee: 'marquee',
  placing: 'place',
  editingFov: 'fov',
  panning: 'pan',
};

/** What must hold in every state. */
function expectInvariants(s: Snapshot, label: string) {
  const { selection, doc, gesture, deferred, mode } = s.context;
  expect(new Set(selection).size, label).toBe(selection.length);
  for (const id of selection) expect(doc.placements[id], `${label}: selected ${id} is placed`).toBeDefined();
  for (const p of Object.values(doc.placements)) {
    for (const v of [p.x_percent, p.y_percent]) expect(v >= 0 && v <= 100, `${label}: ${v} in 0..100`).toBe(true);
  }
  expect(gesture?.kind ?? null, label).toBe(GESTURE_OF[String(s.value)]);
  if (deferred.length > 0) expect(doc.pending.length, `${label}: deferred keys wait for a save`).toBeGreaterThan(0);
  if (mode === 'view') expect(['dragging', 'placing', 'editingFov'], label).not.toContain(s.value);
}

/** What must hold on every edge. */
function expectEdge(before: Snapshot, event: FloorEditorEvent, after: Snapshot) {
  const label = `${serializeState(before)} --${event.type}-->`;
  expectInvariants(after, label);
  if (before.context.mode === 'view' && event.type !== 'save.failed' && event.type !== 'doc.sync') {
    expect(after.context.doc.placements, `${label} changed nothing in view mode`).toEqual(before.context.doc.placements);
    expect(after.context.doc.saves, label).toBe(before.context.doc.saves);
  }
  // A save is issued exactly when the placements change by the user's hand.
  const userEdit = event.type !== 'save.failed' && event.type !== 'doc.sync' && event.type !== 'save.done';
  if (userEdit && after.context.doc.saves === before.context.doc.saves) {
    expect(after.context.doc.placements, label).toEqual(before.context.doc.placements);
  }
}

/**
 * Replays `steps` on a live actor with spied effects. The graph merges concrete states
 * with one abstract key, so the live snapshot is compared by that key (`describe`), and a
 * save answer goes to the live actor's own first pending save.
 */
function replay(input: FloorEditorInput, steps: readonly PathStep<Snapshot>[], describe: (s: Snapshot) => unknown = serializeState) {
  const sut = start(input);
  return replayPath(steps, {
    snapshot: sut.snap,
    describe,
    perform: (step) => {
      const before = sut.snap();
      const first = before.context.doc.pending[0];
      const event = (step.type === 'save.done' || step.type === 'save.failed') && first ? { ...step, saveId: first.id } : step;
      sut.actor.send(event as FloorEditorEvent);
      expectEdge(before, event as FloorEditorEvent, sut.snap());
      expect(sut.commits, 'one commit per save issued').toHaveLength(sut.snap().context.doc.saves);
    },
  });
}

const initialSnapshot = (input: FloorEditorInput): Snapshot => createActor(floorEditorMachine, { input }).getSnapshot();

describe('floorEditorMachine (model-based)', () => {
  const staysInView = (snapshot: Snapshot) => modelEvents(snapshot).filter((e) => !(e.type === 'mode.set' && e.mode === 'edit'));
  for (const { label, input, events, states } of [
    { label: 'edit mode', input: editInput, events: modelEvents, states: ['dragging', 'editingFov', 'idle', 'marquee', 'panning', 'placing', 'selecting'] },
    // Without a switch back to edit mode, the editing gestures are unreachable.
    { label: 'view mode', input: viewInput, events: staysInView, states: ['idle', 'marquee', 'panning', 'selecting'] },
  ]) {
    describe(`from ${label}`, () => {
      const options = { input, events, serializeState, fromState: initialSnapshot(input) };

      it('keeps the invariants on every transition of every abstract state', () => {
        const edges = adjacencyMapToArray(getAdjacencyMap(floorEditorMachine, options));
        expect(edges.length).toBeGreaterThan(200);
        for (const { state, event, nextState } of edges) expectEdge(state, event, nextState);
      }, 60_000);

      it('reaches every state it can by a shortest path, replayed on a live actor with its effects', async () => {
        const paths = getShortestPaths(floorEditorMachine, options);
        const reached = new Set<string>();
        for (const path of paths) {
          const final = await replay(input, path.steps);
          reached.add(String(final.value));
        }
        expect([...reached].sort()).toEqual(states);
      }, 60_000);
    });
  }

  it('replays every simple path of the pointer gestures', async () => {
    const gestureEvents: FloorEditorEvent[] = [down('cam', 20, 20), { type: 'plan.down', shift: false, ...P(5, 5) }, move(60, 60), up, { type: 'escape' }, { type: 'space.down' }, { type: 'space.up' }];
    const gestureKey = (s: Snapshot) => JSON.stringify([s.value, s.context.spaceHeld]);
    const paths = getSimplePaths(floorEditorMachine, {
      input: editInput,
      fromState: initialSnapshot(editInput),
      events: gestureEvents,
      serializeState: gestureKey,
    });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) await replay(editInput, path.steps, gestureKey);
  });

  /**
   * Named scenarios are replayed concretely (full snapshots compared). getPathsFromEvents
   * builds the adjacency map of its events from every state, so `filterEvents` stops
   * saving after `maxSaves` saves, and deferring after one deferred key, to keep that
   * map finite.
   */
  const concretePath = (events: FloorEditorEvent[], maxSaves: number) => {
    const saving = new Set(['nudge', 'undo', 'redo', 'marker.down', 'plan.down', 'fov.down']);
    const [path] = getPathsFromEvents(floorEditorMachine, events, {
      input: editInput,
      fromState: initialSnapshot(editInput),
      filterEvents: (s, e) => !saving.has(e.type) || (s.context.doc.saves < maxSaves && s.context.deferred.length === 0),
    });
    if (!path) throw new Error('no path');
    return path;
  };

  it('keyboard only: select a camera in the list, nudge it, undo, redo', async () => {
    const path = concretePath(
      [
        { type: 'selection.set', ids: ['cam'] },
        { type: 'nudge', dx: 0.5, dy: 0 },
        { type: 'undo' },
        { type: 'save.done', saveId: 's1' },
        { type: 'save.done', saveId: 's2' },
        { type: 'redo' },
        { type: 'save.done', saveId: 's3' },
      ],
      3,
    );
    const final = await replay(editInput, path.steps, describeSnapshot);
    expect(final.context.doc.placements.cam).toEqual(at(20.5, 20, fov));
    expect(final.context.doc.pending).toEqual([]);
    expect(final.context.selection).toEqual(['cam']);
  });

  it('mouse: marquee three markers and drag them in one save', async () => {
    const path = concretePath([{ type: 'plan.down', shift: false, ...P(5, 5) }, move(90, 90), up, down('b', 50, 50), move(45, 40), up], 1);
    expect(path.steps.map((s) => s.state.value)).toEqual(['idle', 'marquee', 'marquee', 'idle', 'selecting', 'dragging', 'idle']);
    const final = await replay(editInput, path.steps, describeSnapshot);
    expect(final.context.selection).toEqual(['cam', 'b', 'c']);
    expect(final.context.doc.placements).toEqual({ cam: at(15, 10, fov), b: at(45, 40), c: at(75, 70) });
    expect(final.context.doc.saves).toBe(1);
  });

  it('mouse: set a camera field of view with the handles, then view mode makes nothing draggable', async () => {
    const path = concretePath(
      [
        down('cam', 20, 20),
        up,
        { type: 'fov.down', id: 'cam', handle: 'rotation', ...P(20, 10) },
        move(30, 20),
        up,
        { type: 'mode.set', mode: 'view' },
        down('cam', 20, 20),
        move(60, 60),
        up,
      ],
      2,
    );
    const final = await replay(editInput, path.steps, describeSnapshot);
    expect(path.steps.map((s) => s.state.value)).not.toContain('dragging');
    expect(final.context.doc.placements.cam).toEqual(at(20, 20, { ...fov, heading_deg: 90 }));
    expect(final.context.doc.saves).toBe(1);
  });
});
