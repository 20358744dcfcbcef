/**
 * Pure command algebra of the floor editor: build, apply and invert the per-device
 * changes of add, move, remove and setFov (issue 4 "Undo/redo covers add, move, remove and
 * field-of-view changes, as commands"), and turn a save into the API calls it needs.
 */
import type { CommandKind, DeviceChange, DeviceId, Fov, Placement, Placements, Save } from './types';

/** True when two field-of-view values are both null or have equal numbers. */
export function fovEqual(a: Fov | null, b: Fov | null): boolean {
  if (a === null || b === null) return a === b;
  return a.heading_deg === b.heading_deg && a.angle_deg === b.angle_deg && a.range_percent === b.range_percent;
}

/** True when two placements (null: not on the floor) are the same position and field of view. */
export function placementEqual(a: Placement | null, b: Placement | null): boolean {
  if (a === null || b === null) return a === b;
  return a.x_percent === b.x_percent && a.y_percent === b.y_percent && fovEqual(a.fov, b.fov);
}

/** True when a change changes nothing (before equals after). */
export function isNoOp(change: DeviceChange): boolean {
  return placementEqual(change.before, change.after);
}

/**
 * Writes each change's `after` (or `before` with `side: 'before'`) into `placements`;
 * null removes the device. Returns a new record; `placements` is not touched.
 */
export function applyChanges(
  placements: Placements,
  changes: readonly DeviceChange[],
  side: 'before' | 'after' = 'after',
): Placements {
  const next: Record<DeviceId, Placement> = { ...placements };
  for (const change of changes) {
    const value = change[side];
    if (value === null) delete next[change.id];
    // Defined, not assigned, so an id such as '__proto__' stays an ordinary key.
    else Object.defineProperty(next, change.id, { value, enumerable: true, writable: true, configurable: true });
  }
  return next;
}

/** The changes that undo `changes`: before and after swapped, in reverse order. */
export function invertChanges(changes: readonly DeviceChange[]): DeviceChange[] {
  return changes.map((c) => ({ id: c.id, before: c.after, after: c.before })).reverse();
}

/** The kind of the inverse of a `kind` command: an undone add removes, an undone remove adds. */
export function invertKind(kind: CommandKind): CommandKind {
  if (kind === 'add') return 'remove';
  if (kind === 'remove') return 'add';
  return kind;
}

/**
 * A move of the devices `ids` by `dx`, `dy` percent from where `placements` has them (ids
 * not placed are skipped); positions are clamped to 0..100 and rounded to 3 decimals.
 * Unmoved devices are left out, so the result may be empty.
 */
export function moveChanges(placements: Placements, ids: readonly DeviceId[], dx: number, dy: number): DeviceChange[] {
  const changes: DeviceChange[] = [];
  for (const id of new Set(ids)) {
    const before = placements[id];
    if (!before) continue;
    const after = { ...before, x_percent: roundPercent(before.x_percent + dx), y_percent: roundPercent(before.y_percent + dy) };
    if (!placementEqual(before, after)) changes.push({ id, before, after });
  }
  return changes;
}

/** Removal of the devices `ids` from the floor, keeping each one's placement for the undo. */
export function removeChanges(placements: Placements, ids: readonly DeviceId[]): DeviceChange[] {
  const changes: DeviceChange[] = [];
  for (const id of new Set(ids)) {
    const before = placements[id];
    if (before) changes.push({ id, before, after: null });
  }
  return changes;
}

/**
 * One part per device: a device named twice keeps its first `before` and its last
 * `after`, so a command never holds two parts of one device. Order of first appearance.
 */
export function mergeChanges(changes: readonly DeviceChange[]): DeviceChange[] {
  const byId = new Map<DeviceId, DeviceChange>();
  for (const change of changes) {
    const first = byId.get(change.id);
    byId.set(change.id, first ? { ...first, after: change.after } : change);
  }
  return [...byId.values()];
}

/** Clamps a percent to 0..100 and rounds it to 3 decimals, so round-off never reaches the wire. */
export function roundPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)) * 1000) / 1000;
}

/**
 * One API call a save needs (SPEC.md section 7, DESIGN.md "Wire conventions"):
 * - `place`: `POST` the device's position on the floor (then `setFov` when it has one);
 * - `remove`: `DELETE` it from the floor;
 * - `move`: `PATCH .../position` with `x_percent`, `y_percent`;
 * - `setFov`: `PATCH .../fov` (`fov` set) or `DELETE .../fov` (`fov` null).
 */
export type SaveStep =
  | { readonly op: 'place'; readonly id: DeviceId; readonly x_percent: number; readonly y_percent: number }
  | { readonly op: 'remove'; readonly id: DeviceId }
  | { readonly op: 'move'; readonly id: DeviceId; readonly x_percent: number; readonly y_percent: number }
  | { readonly op: 'setFov'; readonly id: DeviceId; readonly fov: Fov | null };

/**
 * The API calls that write `changes`, derived from each change's before and after (not
 * from the command's kind, which a rollback may have outgrown). All `move` steps of one
 * save belong to one batch: the app sends them together and reports one outcome.
 */
export function saveSteps(changes: readonly DeviceChange[]): SaveStep[] {
  const steps: SaveStep[] = [];
  for (const { id, before, after } of changes) {
    if (after === null) {
      if (before !== null) steps.push({ op: 'remove', id });
      continue;
    }
    if (before === null) {
      steps.push({ op: 'place', id, x_percent: after.x_percent, y_percent: after.y_percent });
      if (after.fov !== null) steps.push({ op: 'setFov', id, fov: after.fov });
      continue;
    }
    if (before.x_percent !== after.x_percent || before.y_percent !== after.y_percent) {
      steps.push({ op: 'move', id, x_percent: after.x_percent, y_percent: after.y_percent });
    }
    if (!fovEqual(before.fov, after.fov)) steps.push({ op: 'setFov', id, fov: after.fov });
  }
  return steps;
}

const FAILURE_MESSAGES: Record<CommandKind, string> = {
  add: 'Failed to create device position',
  move: 'Failed to update device positions',
  remove: 'Failed to remove device from floor',
  setFov: 'Failed to update device',
};

/**
 * The SPEC.md section 8 fallback message for a failed save of this kind: 'Failed to
 * update device positions' for moves, 'Failed to create device position', 'Failed to
 * remove device from floor', 'Failed to update device' for a field of view.
 */
export function saveFailureMessage(save: Pick<Save, 'kind'>): string {
  return FAILURE_MESSAGES[save.kind];
}
