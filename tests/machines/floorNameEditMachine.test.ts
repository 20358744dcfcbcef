import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
// createTestModel refuses machines with invoke/after (xstate 5.33 validateMachine), so the
// paths come from the generators and are replayed with ./pathRunner.
import { getPathsFromEvents, getShortestPaths, getSimplePaths, toDirectedGraph } from 'xstate/graph';
import {
  FLOOR_NAME_REFOCUS_DELAY_MS,
  FLOOR_UPDATE_FAILED,
  floorNameEditMachine,
  saveFailureMessage,
} from '../../src/machines/floorNameEditMachine';
import type { FloorNameEditEvent, SaveNameInput, SaveNameOutput } from '../../src/machines/floorNameEditMachine';
import { logger } from '../../src/lib/logger';
import { replayPath } from './pathRunner';
import type { PathStep } from './pathRunner';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(logger, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets promise callbacks (an actor settling) run; fake timers leave microtasks alone. */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/** A fake `saveName` whose calls the test settles, and a spy for `focusInput`. */
function start() {
  const calls: SaveNameInput[] = [];
  let pending: { resolve: (output: SaveNameOutput) => void; reject: (error: unknown) => void } | null = null;
  const saveName = fromPromise<SaveNameOutput, SaveNameInput>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
  );
  const focusInput = vi.fn();
  const actor = createActor(floorNameEditMachine.provide({ actors: { saveName }, actions: { focusInput } })).start();
  const settle = async (outcome: { output: SaveNameOutput } | { error: unknown }) => {
    const current = pending;
    if (!current) throw new Error('saveName is not running');
    pending = null;
    if ('output' in outcome) current.resolve(outcome.output);
    else current.reject(outcome.error);
    await flush();
  };
  const send = (event: FloorNameEditEvent) => actor.send(event);
  return { actor, calls, settle, send, focusInput };
}

const startEditing = (name = 'Lobby') => {
  const sut = start();
  sut.send({ type: 'edit.start', name });
  return sut;
};

describe('floorNameEditMachine (SPEC.md sections 2, 4, 5)', () => {
  it('starts not editing and opens the editor with the current name', () => {
    const { actor, send } = start();
    expect(actor.getSnapshot().hasTag('editing')).toBe(false);
    send({ type: 'edit.start', name: 'Lobby' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ original: 'Lobby', draft: 'Lobby', failure: null });
  });

  it('saves the trimmed name on commit and rests in saved with the server name', async () => {
    const { actor, send, calls, settle } = startEditing();
    send({ type: 'edit.change', value: '  Atrium  ' });
    send({ type: 'edit.commit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(calls).toEqual([{ name: 'Atrium' }]);
    await settle({ output: { name: 'Atrium (server)' } });
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(actor.getSnapshot().hasTag('editing')).toBe(false);
    expect(actor.getSnapshot().context.original).toBe('Atrium (server)');
  });

  it('cancels on edit.cancel (Escape) without a call', () => {
    const { actor, send, calls } = startEditing();
    send({ type: 'edit.change', value: 'Atrium' });
    send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
    expect(calls).toEqual([]);
  });

  it.each(['', '   ', '\t \n'])('keeps editing in the error state for the blank name %j, with no call', (blank) => {
    const { actor, send, calls } = startEditing();
    send({ type: 'edit.change', value: blank });
    send({ type: 'edit.commit' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('invalid')).toBe(true);
    expect(calls).toEqual([]);
    send({ type: 'edit.change', value: 'A' });
    expect(actor.getSnapshot().hasTag('invalid')).toBe(false);
  });

  it.each(['Lobby', '  Lobby ', 'Lobby\n'])('cancels an unchanged name %j without a call', (same) => {
    const { actor, send, calls } = startEditing();
    send({ type: 'edit.change', value: same });
    send({ type: 'edit.commit' });
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('on a failed save logs it, keeps the error state, and refocuses after exactly 100 ms', async () => {
    expect(FLOOR_NAME_REFOCUS_DELAY_MS).toBe(100);
    const { actor, send, settle, focusInput } = startEditing();
    send({ type: 'edit.change', value: 'Atrium' });
    send({ type: 'edit.commit' });
    const failure = new Error('Name already used in this building');
    await settle({ error: failure });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('invalid')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'Atrium', failure: 'Name already used in this building' });
    expect(logger.error).toHaveBeenCalledWith(FLOOR_UPDATE_FAILED, failure);
    vi.advanceTimersByTime(99);
    expect(focusInput).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(focusInput).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('invalid')).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(focusInput).toHaveBeenCalledTimes(1);
  });

  it('retries after a failure and can start again after saved or cancelled', async () => {
    const { actor, send, settle, calls } = startEditing();
    send({ type: 'edit.change', value: 'Atrium' });
    send({ type: 'edit.commit' });
    await settle({ error: {} });
    expect(actor.getSnapshot().context.failure).toBe(FLOOR_UPDATE_FAILED);
    send({ type: 'edit.commit' });
    await settle({ output: { name: 'Atrium' } });
    expect(calls).toEqual([{ name: 'Atrium' }, { name: 'Atrium' }]);
    send({ type: 'edit.start', name: 'Atrium' });
    expect(actor.getSnapshot().context).toEqual({ original: 'Atrium', draft: 'Atrium', failure: null });
    send({ type: 'edit.cancel' });
    send({ type: 'edit.start', name: 'Atrium' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
  });

  it('ignores commits and cancels while saving (a blur after Enter is not a second call)', async () => {
    const { actor, send, calls, settle } = startEditing();
    send({ type: 'edit.change', value: 'Atrium' });
    send({ type: 'edit.commit' });
    send({ type: 'edit.commit' });
    send({ type: 'edit.cancel' });
    send({ type: 'edit.change', value: 'Other' });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settle({ output: { name: 'Atrium' } });
    expect(actor.getSnapshot().matches('saved')).toBe(true);
  });

  it('saveFailureMessage prefers the error message and falls back to the spec string', () => {
    expect(saveFailureMessage(new Error('Floor not found'))).toBe('Floor not found');
    expect(saveFailureMessage(new Error('  '))).toBe('Failed to update floor');
    expect(saveFailureMessage('boom')).toBe('Failed to update floor');
    expect(saveFailureMessage(undefined)).toBe('Failed to update floor');
  });
});

// --- Model-based: every path the graph finds is replayed on a live actor. ---

type Snapshot = SnapshotFrom<typeof floorNameEditMachine>;
const ev = (event: object) => event as FloorNameEditEvent;
const refocused = ev({ type: 'xstate.after.refocusDelay.floorNameEdit.editing.refocusing' });
const saveDone = ev({ type: 'xstate.done.actor.saveName', output: { name: 'Atrium' } });
const saveFailed = ev({ type: 'xstate.error.actor.saveName', error: new Error('Failed to update floor') });

const modelEvents: FloorNameEditEvent[] = [
  { type: 'edit.start', name: 'Lobby' },
  { type: 'edit.change', value: '  Atrium ' },
  { type: 'edit.change', value: '   ' },
  { type: 'edit.change', value: 'Lobby' },
  { type: 'edit.commit' },
  { type: 'edit.cancel' },
  saveDone,
  saveFailed,
  refocused,
];

const view = (s: Snapshot) => ({ value: s.value, tags: [...s.tags].sort(), context: s.context });
const serializeState = (s: Snapshot) => JSON.stringify(view(s));

/** The graph walks the machine with inert effects; replays use the fakes. */
const modelMachine = floorNameEditMachine.provide({
  actors: { saveName: fromPromise<SaveNameOutput, SaveNameInput>(() => new Promise(() => {})) },
  actions: { focusInput: () => {}, logFailure: () => {} },
});

/** Replays `steps`, checking the calls and refocuses the live system made against the plan. */
async function replay(steps: readonly PathStep<Snapshot>[]) {
  const sut = start();
  let expectedCalls = 0;
  let expectedFocus = 0;
  await replayPath(steps, {
    describe: view,
    snapshot: () => sut.actor.getSnapshot(),
    perform: async (event, kind) => {
      if (kind.kind === 'done') await sut.settle({ output: kind.output as SaveNameOutput });
      else if (kind.kind === 'error') await sut.settle({ error: kind.error });
      else if (kind.kind === 'after') {
        vi.advanceTimersByTime(FLOOR_NAME_REFOCUS_DELAY_MS);
        expectedFocus += 1;
      } else {
        const before = sut.actor.getSnapshot();
        sut.send(event as FloorNameEditEvent);
        if (!before.hasTag('saving') && sut.actor.getSnapshot().hasTag('saving')) expectedCalls += 1;
      }
      expect(sut.calls).toHaveLength(expectedCalls);
      expect(sut.focusInput).toHaveBeenCalledTimes(expectedFocus);
    },
  });
  return sut;
}

const label = (steps: readonly PathStep<Snapshot>[]) => steps.map((s) => s.event.type).join(' > ');
const stateKey = (s: Snapshot) => (typeof s.value === 'string' ? s.value : `editing.${String((s.value as { editing: string }).editing)}`);
const fromStart = (events: FloorNameEditEvent[]) =>
  getPathsFromEvents(modelMachine, events, { serializeState, fromState: createActor(modelMachine).getSnapshot() });

describe('floorNameEditMachine (model-based)', () => {
  const shortest = getShortestPaths(modelMachine, { events: modelEvents, serializeState });
  for (const path of shortest) {
    it(`shortest to ${stateKey(path.state)} ${JSON.stringify(path.state.context)}: ${label(path.steps)}`, async () => {
      await replay(path.steps);
    });
  }

  it('reaches every state by shortest paths', () => {
    expect([...new Set(shortest.map((p) => stateKey(p.state)))].sort()).toEqual([
      'cancelled',
      'editing.invalid',
      'editing.refocusing',
      'editing.valid',
      'notEditing',
      'saved',
      'saving',
    ]);
  });

  const simple = getSimplePaths(modelMachine, { events: modelEvents, serializeState }).map((p) => p.steps);
  // Starting again from `saved` or `cancelled` re-enters a state every simple path has
  // already visited, so those two transitions get paths of their own.
  const restarts = [
    [{ type: 'edit.start', name: 'Lobby' }, { type: 'edit.change', value: 'Atrium' }, { type: 'edit.commit' }, saveDone, { type: 'edit.start', name: 'Atrium' }],
    [{ type: 'edit.start', name: 'Lobby' }, { type: 'edit.cancel' }, { type: 'edit.start', name: 'Lobby' }],
  ].map((events) => fromStart(events as FloorNameEditEvent[])[0]!.steps);

  it('walks every transition of the machine in its simple paths and the restarts', () => {
    const all = new Map<unknown, string>();
    const collect = (graph: ReturnType<typeof toDirectedGraph>): void => {
      for (const edge of graph.edges) all.set(edge.transition, `${edge.source.id} ${edge.label.text} -> ${edge.target.id}`);
      graph.children.forEach(collect);
    };
    collect(toDirectedGraph(modelMachine));
    const walked = new Set<unknown>();
    for (const steps of [...simple, ...restarts]) {
      steps.forEach((step, i) => {
        const before = steps[i - 1]?.state;
        if (before) modelMachine.getTransitionData(before, step.event as FloorNameEditEvent).forEach((t) => walked.add(t));
      });
    }
    expect([...all.keys()].filter((t) => !walked.has(t)).map((t) => all.get(t))).toEqual([]);
    expect(all.size).toBe(11);
  });

  it('replays the restarts', async () => {
    for (const steps of restarts) {
      const { actor } = await replay(steps);
      expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    }
  });

  it(`replays all ${simple.length} simple paths`, async () => {
    expect(simple.length).toBeGreaterThan(50);
    for (const steps of simple) await replay(steps);
  });

  it('named path: blank then Escape cancels without a call', async () => {
    const [path] = fromStart([{ type: 'edit.start', name: 'Lobby' }, { type: 'edit.change', value: '   ' }, { type: 'edit.commit' }, { type: 'edit.cancel' }]);
    expect(path!.steps.map((s) => stateKey(s.state))).toEqual(['notEditing', 'editing.valid', 'editing.valid', 'editing.invalid', 'cancelled']);
    const { calls } = await replay(path!.steps);
    expect(calls).toEqual([]);
  });

  it('named path: failed save, refocus after 100 ms, fixed and saved', async () => {
    const [path] = fromStart([
      { type: 'edit.start', name: 'Lobby' },
      { type: 'edit.change', value: '  Atrium ' },
      { type: 'edit.commit' },
      saveFailed,
      refocused,
      { type: 'edit.commit' },
      saveDone,
    ]);
    expect(path!.steps.map((s) => stateKey(s.state))).toEqual([
      'notEditing',
      'editing.valid',
      'editing.valid',
      'saving',
      'editing.refocusing',
      'editing.invalid',
      'saving',
      'saved',
    ]);
    const { calls, focusInput, actor } = await replay(path!.steps);
    expect(calls).toEqual([{ name: 'Atrium' }, { name: 'Atrium' }]);
    expect(focusInput).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.original).toBe('Atrium');
  });

  it('named path: unchanged name cancels without a call', async () => {
    const [path] = fromStart([{ type: 'edit.start', name: 'Lobby' }, { type: 'edit.change', value: 'Lobby' }, { type: 'edit.commit' }]);
    expect(path!.state.value).toBe('cancelled');
    const { calls } = await replay(path!.steps);
    expect(calls).toEqual([]);
  });
});
