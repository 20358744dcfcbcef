/**
 * Replays paths from `xstate/graph` (getShortestPaths, getSimplePaths, getPathsFromEvents)
 * on a live actor. `createTestModel` refuses machines with `invoke` or `after` in xstate
 * 5.33 (validateMachine), so machine tests generate the paths themselves and replay them
 * here: each step's event is performed on the live system (sent, a fake actor settled, or
 * fake time advanced) and the live snapshot must then equal the step's planned one.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';

/** One step of a generated path: the event taken and the snapshot it leads to. */
export interface PathStep<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  event: EventObject;
  state: TSnapshot;
}

/** What a model event asks of the live system. */
export type ModelEventKind =
  | { kind: 'init' }
  | { kind: 'done'; actor: string; output: unknown }
  | { kind: 'error'; actor: string; error: unknown }
  | { kind: 'after'; delay: string; stateId: string }
  | { kind: 'send' };

/**
 * Sorts a model event: `xstate.init` (the start, nothing to do), an invoked actor's
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, a delayed
 * `xstate.after.<delay>.<state id>`, or an ordinary event to send.
 */
export function classifyModelEvent(event: EventObject): ModelEventKind {
  if (event.type === 'xstate.init') return { kind: 'init' };
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled) {
    const payload = event as EventObject & { output?: unknown; error?: unknown };
    return settled[1] === 'done'
      ? { kind: 'done', actor: settled[2]!, output: payload.output }
      : { kind: 'error', actor: settled[2]!, error: payload.error };
  }
  const delayed = /^xstate\.after\.([^.]+)\.(.+)$/.exec(event.type);
  if (delayed) return { kind: 'after', delay: delayed[1]!, stateId: delayed[2]! };
  return { kind: 'send' };
}

/** The parts of a snapshot a replay compares by default: state value, sorted tags, context. */
export function describeSnapshot(snapshot: AnyMachineSnapshot) {
  return { value: snapshot.value, tags: [...snapshot.tags].sort(), context: snapshot.context as unknown };
}

export interface ReplayOptions<TSnapshot extends AnyMachineSnapshot> {
  /** Does on the live system what `event` (never `xstate.init`) stands for. */
  perform: (event: EventObject, kind: Exclude<ModelEventKind, { kind: 'init' }>) => void | Promise<void>;
  /** The live actor's current snapshot. */
  snapshot: () => TSnapshot;
  /** What to compare; default `describeSnapshot`. */
  describe?: (snapshot: TSnapshot) => unknown;
}

/**
 * Replays `steps` in order; after each one the live snapshot must match the planned one
 * (an `expect` failure names the first step that diverged). Resolves the final live
 * snapshot.
 */
export async function replayPath<TSnapshot extends AnyMachineSnapshot>(
  steps: readonly PathStep<TSnapshot>[],
  { perform, snapshot, describe = describeSnapshot }: ReplayOptions<TSnapshot>,
): Promise<TSnapshot> {
  for (const [index, step] of steps.entries()) {
    const kind = classifyModelEvent(step.event);
    if (kind.kind !== 'init') await perform(step.event, kind);
    expect(describe(snapshot()), `step ${index}: ${step.event.type}`).toEqual(describe(step.state));
  }
  return snapshot();
}
