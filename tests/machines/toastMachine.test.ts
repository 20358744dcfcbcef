import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { TOAST_DEFAULT_DURATION_MS, toastMachine, toToast } from '../../src/machines/toastMachine';
import type { Toast, ToastEvent } from '../../src/machines/toastMachine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function startStack() {
  return createActor(toastMachine).start();
}
const ids = (actor: ReturnType<typeof startStack>) => actor.getSnapshot().context.toasts.map((t) => t.id);

describe('toToast defaults (SPEC.md sections 3, 8, 9)', () => {
  it('uses 5 000 ms and makes only error toasts persistent', () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5_000);
    expect(toToast('a', { type: 'success', title: 'Saved' })).toEqual({
      id: 'a',
      type: 'success',
      title: 'Saved',
      message: null,
      duration: 5_000,
      persistent: false,
      actions: [],
    });
    expect(toToast('b', { type: 'error', title: 'Failed to load floors' }).persistent).toBe(true);
    expect(toToast('c', { type: 'error', title: 'x', persistent: false }).persistent).toBe(false);
    expect(toToast('d', { type: 'warning', title: 'x', duration: 1_000 }).duration).toBe(1_000);
  });
});

describe('toastMachine (arrange, act, assert)', () => {
  it('spawns one actor per toast and removes it after its duration', () => {
    const stack = startStack();
    stack.send({ type: 'toast.show', toast: toToast('t1', { type: 'info', title: 'Heads up' }) });
    stack.send({ type: 'toast.show', toast: toToast('t2', { type: 'success', title: 'Saved', duration: 8_000 }) });
    expect(ids(stack)).toEqual(['t1', 't2']);
    expect(stack.getSnapshot().children.t1).toBeDefined();
    vi.advanceTimersByTime(4_999);
    expect(ids(stack)).toEqual(['t1', 't2']);
    vi.advanceTimersByTime(1);
    expect(ids(stack)).toEqual(['t2']);
    expect(stack.getSnapshot().children.t1).toBeUndefined();
    vi.advanceTimersByTime(3_000);
    expect(ids(stack)).toEqual([]);
  });

  it('keeps error toasts until the user dismisses them', () => {
    const stack = startStack();
    stack.send({ type: 'toast.show', toast: toToast('e1', { type: 'error', title: 'Failed to delete floor' }) });
    vi.advanceTimersByTime(600_000);
    expect(ids(stack)).toEqual(['e1']);
    stack.send({ type: 'toast.dismiss', id: 'e1' });
    expect(ids(stack)).toEqual([]);
  });

  it('runs an action, then dismisses the toast', () => {
    const stack = startStack();
    const undo = vi.fn();
    const other = vi.fn();
    stack.send({
      type: 'toast.show',
      toast: toToast('a1', {
        type: 'warning',
        title: 'Device removed',
        actions: [
          { label: 'Keep', action: other },
          { label: 'Undo', action: undo, variant: 'primary' },
        ],
      }),
    });
    stack.send({ type: 'toast.act', id: 'a1', index: 1 });
    expect(undo).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(ids(stack)).toEqual([]);
  });

  it('ignores a second toast with the same id and unknown ids', () => {
    const stack = startStack();
    stack.send({ type: 'toast.show', toast: toToast('x', { type: 'info', title: 'One' }) });
    stack.send({ type: 'toast.show', toast: toToast('x', { type: 'info', title: 'Two' }) });
    stack.send({ type: 'toast.dismiss', id: 'nope' });
    expect(ids(stack)).toEqual(['x']);
    expect(stack.getSnapshot().context.toasts[0]?.ref.getSnapshot().context.toast.title).toBe('One');
  });
});

// --- Model-based: the stack's paths, replayed with real child actors and fake timers. ---

type StackSnapshot = SnapshotFrom<typeof toastMachine>;
const timed = toToast('timed', { type: 'success', title: 'Building created' });
const persistentAction = vi.fn();
const persistent = toToast('sticky', {
  type: 'error',
  title: 'Failed to upload floor plan',
  actions: [{ label: 'Retry', action: persistentAction }],
});

const stackEvents: ToastEvent[] = [
  { type: 'toast.show', toast: timed },
  { type: 'toast.show', toast: persistent },
  { type: 'toast.closed', id: 'timed' },
  { type: 'toast.closed', id: 'sticky' },
];

const serializeState = (snapshot: StackSnapshot) => JSON.stringify(snapshot.context.toasts.map((t) => t.id));

/**
 * How the live stack gets each model event: shows are sent; a timed toast closes when
 * its 5 000 ms pass; the persistent one (which never times out, see above) closes
 * through its action button.
 */
function exec(stack: ReturnType<typeof startStack>, event: ToastEvent) {
  if (event.type === 'toast.show') stack.send(event);
  else if (event.type === 'toast.closed' && event.id === 'timed') vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS);
  else if (event.type === 'toast.closed') {
    const before = persistentAction.mock.calls.length;
    stack.send({ type: 'toast.act', id: 'sticky', index: 0 });
    expect(persistentAction.mock.calls.length).toBe(before + 1);
  }
}

function replay(steps: { event: ToastEvent | { type: 'xstate.init' }; state: StackSnapshot }[]) {
  const stack = startStack();
  for (const { event, state } of steps) {
    if (event.type !== 'xstate.init') exec(stack, event as ToastEvent);
    expect(ids(stack)).toEqual(state.context.toasts.map((t) => t.id));
    for (const entry of stack.getSnapshot().context.toasts) {
      const expected: Toast = entry.id === 'timed' ? timed : persistent;
      expect(entry.ref.getSnapshot().context.toast).toEqual(expected);
      expect(entry.ref.getSnapshot().status).toBe('active');
    }
  }
  return stack;
}

describe('toastMachine (model-based)', () => {
  const model = createTestModel(toastMachine, { events: stackEvents, serializeState });

  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  it('has a path to each combination of shown toasts', () => {
    expect(shortest.map((p) => serializeState(p.state)).sort()).toEqual(
      ['[]', '["timed"]', '["sticky"]', '["timed","sticky"]', '["sticky","timed"]'].sort(),
    );
  });
  const label = (path: (typeof shortest)[number]) =>
    path.steps.map((s) => s.event.type + ('id' in s.event ? `:${String(s.event.id)}` : '')).join(' > ');
  for (const path of shortest) {
    it(`shortest to ${serializeState(path.state)}: ${label(path)}`, () => {
      replay(path.steps as Parameters<typeof replay>[0]);
    });
  }

  for (const path of model.getSimplePaths()) {
    it(`simple: ${label(path)}`, () => {
      replay(path.steps as Parameters<typeof replay>[0]);
    });
  }
});
