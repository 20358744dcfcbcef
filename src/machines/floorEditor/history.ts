/**
 * The floor editor's document: placements, the undo/redo stacks and the optimistic saves
 * still waiting for the server (issue 4: "saves are optimistic and batched ... on failure,
 * with the change rolled back and the undo stack kept consistent"). Pure: every function
 * takes a {@link FloorDoc} and returns a new one.
 *
 * Every change is applied locally at once and handed out as a {@link Save}; the app
 * answers {@link confirmSave} or {@link rollbackSave}. The stacks stay a consistent chain:
 * for each device, each command's `before` is the previous command's `after`, and the
 * placements are the last applied command's `after`.
 *
 * One rule keeps rollback exact: undo and redo wait until no save is pending
 * ({@link historyBusy}; the editor machine defers them meanwhile). So while a save is in
 * flight only new commands follow it, and a failed save is undone per device:
 * - a failed do or redo: its device parts leave the stack; the first command recorded
 *   after it that touches the device starts from the server's value instead, or, if none,
 *   the placement goes back to the server's value;
 * - a failed undo: when nothing happened since, the command goes back on the undo stack
 *   (as if the undo never was); otherwise its `after` is kept as the previous command's
 *   result, since the server still has it.
 * Answers are settled in the order the saves were issued (an early answer waits), and
 * the app must persist saves one at a time, in that order, so the server applies them
 * in the order the rollback assumes.
 */
import { applyChanges, invertChanges, invertKind, isNoOp, mergeChanges } from './commands';
import type { Command, CommandDraft, DeviceChange, DeviceId, PendingSave, Placement, Placements, Save } from './types';

/** The most undo steps kept; older ones become the base. */
export const HISTORY_LIMIT = 100;

export interface FloorDoc {
  /** What the editor shows: the server's placements with every pending save applied. */
  readonly placements: Placements;
  /** Applied commands, oldest first. */
  readonly done: readonly Command[];
  /** Undone commands; the next one to redo is last. */
  readonly undone: readonly Command[];
  /** Saves not yet settled, in the order they were issued. */
  readonly pending: readonly PendingSave[];
  /** Commands recorded so far (the last command's `seq`). */
  readonly commands: number;
  /** Saves issued so far. */
  readonly saves: number;
}

/** A document step's result: the new document and the save the app must persist. */
export interface DocStep {
  readonly doc: FloorDoc;
  readonly save: Save;
}

/** A document over `placements` with empty stacks and nothing pending. */
export function createDoc(placements: Placements): FloorDoc {
  return { placements, done: [], undone: [], pending: [], commands: 0, saves: 0 };
}

/** True while a save is pending, so undo and redo must wait. */
export function historyBusy(doc: FloorDoc): boolean {
  return doc.pending.length > 0;
}

/** True when there is a command to undo (it may still have to wait, see {@link historyBusy}). */
export function canUndo(doc: FloorDoc): boolean {
  return doc.done.length > 0;
}

/** True when there is a command to redo (it may still have to wait, see {@link historyBusy}). */
export function canRedo(doc: FloorDoc): boolean {
  return doc.undone.length > 0;
}

function issue(doc: FloorDoc, save: Omit<Save, 'id'>): DocStep {
  const saves = doc.saves + 1;
  const out: Save = { ...save, id: `s${saves}` };
  const pendingSave: PendingSave = { ...out, mark: doc.commands, outcome: null };
  return { doc: { ...doc, saves, pending: [...doc.pending, pendingSave] }, save: out };
}

/**
 * Records `draft` as a new command: applies it, pushes it on the undo stack (dropping the
 * oldest past {@link HISTORY_LIMIT}), clears the redo stack, and issues its save. Parts of
 * one device are merged ({@link mergeChanges}) and parts that change nothing are left
 * out; null when none is left.
 */
export function recordCommand(doc: FloorDoc, draft: CommandDraft): DocStep | null {
  const changes = mergeChanges(draft.changes).filter((c) => !isNoOp(c));
  if (changes.length === 0) return null;
  const seq = doc.commands + 1;
  const command: Command = { id: `c${seq}`, seq, kind: draft.kind, changes };
  const next: FloorDoc = {
    ...doc,
    placements: applyChanges(doc.placements, changes),
    done: [...doc.done, command].slice(-HISTORY_LIMIT),
    undone: [],
    commands: seq,
  };
  return issue(next, { commandId: command.id, direction: 'apply', kind: command.kind, changes });
}

/** Undoes the last applied command and issues its inverse save; null when there is none or a save is pending. */
export function undo(doc: FloorDoc): DocStep | null {
  const command = doc.done.at(-1);
  if (!command || historyBusy(doc)) return null;
  const next: FloorDoc = {
    ...doc,
    placements: applyChanges(doc.placements, command.changes, 'before'),
    done: doc.done.slice(0, -1),
    undone: [...doc.undone, command],
  };
  return issue(next, {
    commandId: command.id,
    direction: 'revert',
    kind: invertKind(command.kind),
    changes: invertChanges(command.changes),
  });
}

/** Redoes the last undone command and issues its save; null when there is none or a save is pending. */
export function redo(doc: FloorDoc): DocStep | null {
  const command = doc.undone.at(-1);
  if (!command || historyBusy(doc)) return null;
  const next: FloorDoc = {
    ...doc,
    placements: applyChanges(doc.placements, command.changes),
    done: [...doc.done, command],
    undone: doc.undone.slice(0, -1),
  };
  return issue(next, { commandId: command.id, direction: 'apply', kind: command.kind, changes: command.changes });
}

/**
 * New server placements (a refetch, another tab): the document takes them, except for
 * devices with a save still pending, which keep their optimistic placement (the latest
 * intent), so nothing flickers back while a save is in flight.
 */
export function syncPlacements(doc: FloorDoc, server: Placements): FloorDoc {
  const touched = new Set(doc.pending.flatMap((s) => s.changes.map((c) => c.id)));
  const kept: DeviceChange[] = [...touched].map((id) => ({ id, before: null, after: doc.placements[id] ?? null }));
  return { ...doc, placements: applyChanges(server, kept) };
}

type Side = 'before' | 'after';

/**
 * Sets one device's `side` in a command's changes. A part that becomes a no-op stays
 * while the command's save is pending (so "the next save of this device" is still found
 * through its command) and goes in {@link prune}.
 */
function setSide(command: Command, id: DeviceId, side: Side, value: Placement | null): Command {
  return { ...command, changes: command.changes.map((c) => (c.id === id ? { ...c, [side]: value } : c)) };
}

function dropDevice(command: Command, id: DeviceId): Command {
  return { ...command, changes: command.changes.filter((c) => c.id !== id) };
}

const touches = (command: Command, id: DeviceId) => command.changes.some((c) => c.id === id);

/** Replaces the command at `index` of `list` (a new array) with `update(command)`. */
function replaceAt(list: readonly Command[], index: number, update: (command: Command) => Command): Command[] {
  return list.map((c, i) => (i === index ? update(c) : c));
}

/** Drops no-op parts of settled commands (no pending save), and commands left empty. */
function prune(doc: FloorDoc): FloorDoc {
  const busy = new Set(doc.pending.map((s) => s.commandId));
  const clean = (list: readonly Command[]) =>
    list
      .map((c) => (busy.has(c.id) ? c : { ...c, changes: c.changes.filter((ch) => !isNoOp(ch)) }))
      .filter((c) => c.changes.length > 0);
  return { ...doc, done: clean(doc.done), undone: clean(doc.undone) };
}

/** Per-device rollback of one change of a failed save; see the module comment. */
function rollbackDevice(doc: FloorDoc, save: PendingSave, change: DeviceChange): FloorDoc {
  const { id } = change;
  // The value the server holds: a save's `before`, kept current by earlier rollbacks.
  const server = change.before;
  let { done, undone, placements, pending } = doc;

  if (save.direction === 'revert') {
    // The failed undo's command is gone from the stacks (new commands cleared the redo
    // stack); the previous command's result becomes what the server kept.
    const previous = done.findLastIndex((c) => c.seq <= save.mark && touches(c, id));
    if (previous >= 0) done = replaceAt(done, previous, (c) => setSide(c, id, 'after', server));
  }
  const own = done.findIndex((c) => c.id === save.commandId);
  if (own >= 0) done = replaceAt(done, own, (c) => dropDevice(c, id));
  const ownUndone = undone.findIndex((c) => c.id === save.commandId);
  if (ownUndone >= 0) undone = replaceAt(undone, ownUndone, (c) => dropDevice(c, id));

  // While a save is pending only new commands follow it, so the next save of this device
  // is the save of the first command recorded after it that touches the device.
  const later = done.find((c) => c.seq > save.mark && touches(c, id));
  if (later) {
    done = done.map((c) => (c === later ? setSide(c, id, 'before', server) : c));
    pending = pending.map((s) =>
      s.commandId === later.id ? { ...s, changes: s.changes.map((c) => (c.id === id ? { ...c, before: server } : c)) } : s,
    );
  } else {
    placements = applyChanges(placements, [{ id, before: null, after: server }]);
    const nextRedo = undone.findLastIndex((c) => touches(c, id));
    if (nextRedo >= 0) undone = replaceAt(undone, nextRedo, (c) => setSide(c, id, 'before', server));
  }
  return { ...doc, done, undone, placements, pending };
}

/** Settles the first pending save: drops it, and rolls it back when it failed. */
function settleFirst(doc: FloorDoc, save: PendingSave): FloorDoc {
  const next: FloorDoc = { ...doc, pending: doc.pending.slice(1) };
  if (save.outcome !== 'failed') return prune(next);

  const top = next.undone.at(-1);
  if (save.direction === 'revert' && top?.id === save.commandId) {
    // Nothing happened since the undo: as if it never was.
    return prune({
      ...next,
      placements: applyChanges(next.placements, top.changes),
      done: [...next.done, top],
      undone: next.undone.slice(0, -1),
    });
  }
  return prune(save.changes.reduce((current, change) => rollbackDevice(current, save, change), next));
}

/**
 * Records the server's answer to save `saveId` and settles saves in the order they were
 * issued: an answer that overtakes an earlier save's waits for it (the rollback of a
 * save builds on the outcome of every earlier one). Unknown ids change nothing.
 */
function answer(doc: FloorDoc, saveId: string, outcome: 'done' | 'failed'): FloorDoc {
  if (!doc.pending.some((s) => s.id === saveId && s.outcome === null)) return doc;
  let next: FloorDoc = { ...doc, pending: doc.pending.map((s) => (s.id === saveId ? { ...s, outcome } : s)) };
  for (let first = next.pending[0]; first && first.outcome !== null; first = next.pending[0]) {
    next = settleFirst(next, first);
  }
  return next;
}

/** The server took save `saveId` (settled in issue order, see {@link rollbackSave}). */
export function confirmSave(doc: FloorDoc, saveId: string): FloorDoc {
  return answer(doc, saveId, 'done');
}

/**
 * The server refused save `saveId`: reverts its optimistic change and repairs the stacks
 * so they stay consistent with what the server holds (see the module comment). The failed
 * command leaves the stacks (a failed undo puts it back), later commands are kept and now
 * start from the server's values, and redo after a rollback redoes what is left. Answers
 * settle in the order the saves were issued, so a failure that overtakes an earlier
 * save's answer waits for it. Unknown or already answered ids change nothing.
 *
 * Assumes the server applied the saves in the order they were issued: the app persists
 * them one at a time, in order.
 */
export function rollbackSave(doc: FloorDoc, saveId: string): FloorDoc {
  return answer(doc, saveId, 'failed');
}
