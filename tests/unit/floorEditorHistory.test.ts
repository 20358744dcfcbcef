import { describe, expect, it } from 'vitest';
import { applyChanges, moveChanges, placementEqual, removeChanges, saveSteps } from '../../src/machines/floorEditor/commands';
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  confirmSave,
  createDoc,
  historyBusy,
  recordCommand,
  redo,
  rollbackSave,
  syncPlacements,
  undo,
} from '../../src/machines/floorEditor/history';
import type { DocStep, FloorDoc } from '../../src/machines/floorEditor/history';
import type { CommandDraft, DeviceId, Placement, Placements, Save } from '../../src/machines/floorEditor/types';

const at = (x: number, y: number): Placement => ({ x_percent: x, y_percent: y, fov: null });
const base: Placements = { a: at(10, 10), b: at(20, 20), c: at(30, 30) };

function must(step: DocStep | null): DocStep {
  if (!step) throw new Error('expected a step');
  return step;
}

const move = (doc: FloorDoc, ids: DeviceId[], dx: number, dy = 0): CommandDraft => ({
  kind: 'move',
  changes: moveChanges(doc.placements, ids, dx, dy),
});

/** Records and confirms at once: a save the server took. */
function settled(doc: FloorDoc, draft: CommandDraft): FloorDoc {
  const step = must(recordCommand(doc, draft));
  return confirmSave(step.doc, step.save.id);
}

/**
 * The stacks are one chain per device: each toucher's `before` is the previous one's
 * `after`, and the placements are the last applied toucher's `after`.
 */
function expectConsistent(doc: FloorDoc, label = '') {
  const timeline = [...doc.done, ...[...doc.undone].reverse()];
  const ids = new Set(timeline.flatMap((c) => c.changes.map((ch) => ch.id)));
  for (const id of ids) {
    const parts = timeline.flatMap((c, i) => c.changes.filter((ch) => ch.id === id).map((ch) => ({ ch, applied: i < doc.done.length })));
    for (let i = 1; i < parts.length; i += 1) {
      expect(placementEqual(parts[i - 1]!.ch.after, parts[i]!.ch.before), `${label} chain of ${id} at ${i}`).toBe(true);
    }
    const lastApplied = parts.filter((p) => p.applied).at(-1);
    const current = doc.placements[id] ?? null;
    const expected = lastApplied ? lastApplied.ch.after : parts[0]!.ch.before;
    expect(placementEqual(current, expected), `${label} placement of ${id}`).toBe(true);
  }
  for (const command of timeline) expect(command.changes.length).toBeGreaterThan(0);
}

describe('floor editor history: record, undo, redo', () => {
  it('records a multi-device move as one command and one save', () => {
    const doc = createDoc(base);
    const { doc: next, save } = must(recordCommand(doc, move(doc, ['a', 'b'], 5)));
    expect(next.placements).toEqual({ a: at(15, 10), b: at(25, 20), c: at(30, 30) });
    expect(next.done).toHaveLength(1);
    expect(save).toEqual({
      id: 's1',
      commandId: 'c1',
      direction: 'apply',
      kind: 'move',
      changes: [
        { id: 'a', before: at(10, 10), after: at(15, 10) },
        { id: 'b', before: at(20, 20), after: at(25, 20) },
      ],
    });
    expect(saveSteps(save.changes)).toEqual([
      { op: 'move', id: 'a', x_percent: 15, y_percent: 10 },
      { op: 'move', id: 'b', x_percent: 25, y_percent: 20 },
    ]);
    expect(historyBusy(next)).toBe(true);
    expect(historyBusy(confirmSave(next, 's1'))).toBe(false);
  });

  it('records nothing for a command that changes nothing', () => {
    const doc = createDoc(base);
    expect(recordCommand(doc, move(doc, ['a'], 0))).toBeNull();
    expect(recordCommand(doc, { kind: 'remove', changes: removeChanges(doc.placements, ['zzz']) })).toBeNull();
  });

  it('undoes and redoes add, move, remove and setFov, issuing the inverse saves', () => {
    let doc = createDoc(base);
    doc = settled(doc, { kind: 'add', changes: [{ id: 'd', before: null, after: at(40, 40) }] });
    doc = settled(doc, move(doc, ['a'], 1));
    doc = settled(doc, { kind: 'remove', changes: removeChanges(doc.placements, ['b']) });
    const fov = { heading_deg: 45, angle_deg: 90, range_percent: 10 };
    doc = settled(doc, { kind: 'setFov', changes: [{ id: 'c', before: at(30, 30), after: { ...at(30, 30), fov } }] });
    const end = doc.placements;
    expect(end).toEqual({ a: at(11, 10), c: { ...at(30, 30), fov }, d: at(40, 40) });

    const kinds: string[] = [];
    while (canUndo(doc)) {
      const step = must(undo(doc));
      kinds.push(step.save.kind);
      expect(step.save.direction).toBe('revert');
      doc = confirmSave(step.doc, step.save.id);
      expectConsistent(doc);
    }
    expect(kinds).toEqual(['setFov', 'add', 'move', 'remove']);
    expect(doc.placements).toEqual(base);
    while (canRedo(doc)) {
      const step = must(redo(doc));
      doc = confirmSave(step.doc, step.save.id);
    }
    expect(doc.placements).toEqual(end);
  });

  it('clears the redo stack when a new command is recorded', () => {
    let doc = settled(createDoc(base), move(createDoc(base), ['a'], 1));
    const undone = must(undo(doc));
    doc = confirmSave(undone.doc, undone.save.id);
    expect(canRedo(doc)).toBe(true);
    doc = settled(doc, move(doc, ['b'], 1));
    expect(canRedo(doc)).toBe(false);
    expect(redo(doc)).toBeNull();
  });

  it('makes undo and redo wait while a save is pending', () => {
    const doc = createDoc(base);
    const { doc: next } = must(recordCommand(doc, move(doc, ['a'], 1)));
    expect(canUndo(next)).toBe(true);
    expect(undo(next)).toBeNull();
  });

  it(`keeps at most ${HISTORY_LIMIT} undo steps`, () => {
    let doc = createDoc(base);
    for (let i = 0; i < HISTORY_LIMIT + 5; i += 1) doc = settled(doc, move(doc, ['a'], 0.1));
    expect(doc.done).toHaveLength(HISTORY_LIMIT);
    expect(doc.done[0]!.seq).toBe(6);
  });

  it('shows server placements with the pending saves on top', () => {
    const doc = createDoc(base);
    const { doc: next } = must(recordCommand(doc, move(doc, ['a'], 5)));
    const synced = syncPlacements(next, { ...base, b: at(70, 70) });
    expect(synced.placements).toEqual({ a: at(15, 10), b: at(70, 70), c: at(30, 30) });
  });
});

describe('floor editor history: rollback of a failed save', () => {
  it('reverts a failed move of many markers in one step and drops it from the stack', () => {
    const doc = createDoc(base);
    const { doc: next, save } = must(recordCommand(doc, move(doc, ['a', 'b'], 5)));
    const rolled = rollbackSave(next, save.id);
    expect(rolled.placements).toEqual(base);
    expect(rolled.done).toEqual([]);
    expect(historyBusy(rolled)).toBe(false);
    expect(rollbackSave(rolled, save.id)).toBe(rolled);
  });

  it('rolls back in the middle of the stack: later commands start from the server value', () => {
    let doc = settled(createDoc(base), move(createDoc(base), ['c'], 1));
    const first = must(recordCommand(doc, move(doc, ['a', 'b'], 5))); // fails
    doc = first.doc;
    const second = must(recordCommand(doc, move(doc, ['a'], 5))); // succeeds
    doc = confirmSave(second.doc, second.save.id);
    doc = rollbackSave(doc, first.save.id);
    expectConsistent(doc);
    // a stays where the later, successful move put it; b goes back.
    expect(doc.placements).toEqual({ a: at(20, 10), b: at(20, 20), c: at(31, 30) });
    expect(doc.done.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(doc.done[1]!.changes).toEqual([{ id: 'a', before: at(10, 10), after: at(20, 10) }]);
    // Undo of the later move returns a to where the server had it before.
    const undone = must(undo(doc));
    expect(undone.save.changes).toEqual([{ id: 'a', before: at(20, 10), after: at(10, 10) }]);
    doc = confirmSave(undone.doc, undone.save.id);
    expect(doc.placements.a).toEqual(at(10, 10));
    // Redo after the rollback redoes what is left.
    const redone = must(redo(doc));
    doc = confirmSave(redone.doc, redone.save.id);
    expect(doc.placements).toEqual({ a: at(20, 10), b: at(20, 20), c: at(31, 30) });
    expectConsistent(doc);
  });

  it('handles two failures of one device in either order', () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      let doc = createDoc(base);
      const saves: Save[] = [];
      for (let i = 0; i < 2; i += 1) {
        const step = must(recordCommand(doc, move(doc, ['a'], 1)));
        doc = step.doc;
        saves.push(step.save);
      }
      for (const i of order) doc = rollbackSave(doc, saves[i]!.id);
      expect(doc.placements).toEqual(base);
      expect(doc.done).toEqual([]);
      expectConsistent(doc);
    }
  });

  it('a failed add takes the device away again, and a move of it queued after becomes an add', () => {
    let doc = createDoc(base);
    const add = must(recordCommand(doc, { kind: 'add', changes: [{ id: 'd', before: null, after: at(40, 40) }] }));
    doc = add.doc;
    const moved = must(recordCommand(doc, move(doc, ['d'], 5)));
    doc = rollbackSave(moved.doc, add.save.id);
    expectConsistent(doc);
    expect(doc.done.map((c) => c.changes)).toEqual([[{ id: 'd', before: null, after: at(45, 40) }]]);
    // The queued PATCH of the missing device fails too: the device is gone.
    doc = rollbackSave(doc, moved.save.id);
    expect(doc.placements).toEqual(base);
    expect(doc.done).toEqual([]);
  });

  it('a failed remove brings the device back', () => {
    const doc = createDoc(base);
    const removed = must(recordCommand(doc, { kind: 'remove', changes: removeChanges(doc.placements, ['b']) }));
    expect(removed.doc.placements.b).toBeUndefined();
    const rolled = rollbackSave(removed.doc, removed.save.id);
    expect(rolled.placements).toEqual(base);
  });

  it('a failed undo puts the command back on the undo stack', () => {
    let doc = settled(createDoc(base), move(createDoc(base), ['a'], 5));
    const undone = must(undo(doc));
    doc = rollbackSave(undone.doc, undone.save.id);
    expect(doc.placements.a).toEqual(at(15, 10));
    expect(doc.done.map((c) => c.id)).toEqual(['c1']);
    expect(canRedo(doc)).toBe(false);
    expectConsistent(doc);
  });

  it('a failed undo after new commands keeps what the server still has', () => {
    let doc = settled(createDoc(base), move(createDoc(base), ['a', 'b'], 5)); // c1
    const undone = must(undo(doc)); // server keeps a=15, b=25
    doc = undone.doc;
    const later = must(recordCommand(doc, move(doc, ['a'], 1))); // c2: a 10 -> 11, clears redo
    doc = confirmSave(later.doc, later.save.id);
    doc = rollbackSave(doc, undone.save.id);
    expectConsistent(doc);
    // b: the server still has the undone command's result; a: the later move wins.
    expect(doc.placements).toEqual({ a: at(11, 10), b: at(25, 20), c: at(30, 30) });
    expect(doc.done[0]!.changes).toEqual([{ id: 'a', before: at(15, 10), after: at(11, 10) }]);
  });

  it('a failed redo drops the command and repairs the next one to redo', () => {
    let doc = createDoc(base);
    doc = settled(doc, move(doc, ['a'], 1)); // c1
    doc = settled(doc, move(doc, ['a'], 1)); // c2
    for (let i = 0; i < 2; i += 1) {
      const step = must(undo(doc));
      doc = confirmSave(step.doc, step.save.id);
    }
    const redone = must(redo(doc)); // c1 again: fails
    doc = rollbackSave(redone.doc, redone.save.id);
    expectConsistent(doc);
    expect(doc.placements.a).toEqual(at(10, 10));
    expect(doc.undone.map((c) => c.changes)).toEqual([[{ id: 'a', before: at(10, 10), after: at(12, 10) }]]);
    const again = must(redo(doc));
    expect(confirmSave(again.doc, again.save.id).placements.a).toEqual(at(12, 10));
  });
});

/** A small deterministic PRNG (mulberry32) so a failing run can be replayed by seed. */
function random(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A fake server that applies saves in the order they were issued, all or nothing, like
 * the real routes: POST places (upsert), PATCH and DELETE of a device not on the floor
 * are a 404.
 */
function serverApply(server: Placements, save: Save): Placements | null {
  for (const step of saveSteps(save.changes)) {
    if (step.op !== 'place' && !server[step.id]) return null;
  }
  return applyChanges(server, save.changes);
}

describe('floor editor history: random sessions against a fake server', () => {
  it('always ends with the placements the server has and consistent stacks', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (let seed = 1; seed <= 400; seed += 1) {
      const rnd = random(seed);
      const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
      let doc = createDoc(base);
      let server: Placements = base;
      const queue: Save[] = []; // issued, not yet processed by the server
      const answered: { id: string; ok: boolean }[] = []; // processed, answer not yet delivered

      const serve = () => {
        const save = queue.shift();
        if (!save) return;
        const applied = rnd() < 0.3 ? null : serverApply(server, save);
        if (applied) server = applied;
        answered.push({ id: save.id, ok: applied !== null });
      };
      const deliver = () => {
        if (answered.length === 0) return;
        const [answer] = answered.splice(Math.floor(rnd() * answered.length), 1);
        doc = answer!.ok ? confirmSave(doc, answer!.id) : rollbackSave(doc, answer!.id);
      };
      const settleAll = () => {
        while (queue.length > 0) serve();
        while (answered.length > 0) deliver();
      };
      // Half the sessions answer every save at once, so undo and redo (which wait for
      // pending saves) and their failures come often.
      const eager = seed % 2 === 0;
      const issued = (step: DocStep | null) => {
        if (!step) return;
        doc = step.doc;
        queue.push(step.save);
        if (eager) settleAll();
      };
      for (let step = 0; step < 40; step += 1) {
        const r = rnd();
        if (process.env.HISTORY_TRACE === String(seed)) console.log(step, r.toFixed(2), JSON.stringify(doc));
        const placed = Object.keys(doc.placements);
        if (r < 0.14 && placed.length > 0) issued(recordCommand(doc, move(doc, [pick(placed), pick(placed)], pick([-3, 2, 7]), pick([-2, 0, 4]))));
        else if (r < 0.18) {
          const id = pick(ids);
          if (!doc.placements[id]) issued(recordCommand(doc, { kind: 'add', changes: [{ id, before: null, after: at(rnd() * 100, rnd() * 100) }] }));
        } else if (r < 0.22 && placed.length > 0) issued(recordCommand(doc, { kind: 'remove', changes: removeChanges(doc.placements, [pick(placed)]) }));
        else if (r < 0.36) issued(undo(doc));
        else if (r < 0.46) issued(redo(doc));
        else if (r < 0.68) serve();
        else if (r < 0.9) deliver();
        else if (r < 0.95) doc = syncPlacements(doc, server);
        else settleAll();
      }
      settleAll();
      expect(doc.pending, `seed ${seed}`).toEqual([]);
      expect(doc.placements, `seed ${seed}`).toEqual(server);
      expectConsistent(doc, `seed ${seed}`);
      // With every save succeeding from here, undoing all and redoing all stays in step with the server.
      for (const walk of [undo, redo]) {
        for (let step = walk(doc); step; step = walk(doc)) {
          const applied = serverApply(server, step.save);
          expect(applied, `seed ${seed}: ${walk.name} of ${step.save.commandId} is a valid call`).not.toBeNull();
          server = applied ?? server;
          doc = confirmSave(step.doc, step.save.id);
          expect(doc.placements, `seed ${seed}`).toEqual(server);
        }
      }
    }
  });
});
