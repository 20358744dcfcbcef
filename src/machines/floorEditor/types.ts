/**
 * Data of the floor-plan editor (issue 4): what a device's placement is, the commands
 * that change placements, and the saves that carry them to the server. Plain,
 * JSON-serialisable values only (no Set, Map or class), so machine snapshots compare and
 * serialise as they are.
 */

/** VORTEX's own device id (DESIGN.md "Wire conventions"). */
export type DeviceId = string;

/** A camera's field of view, as the wire carries it (DESIGN.md "Wire conventions"). */
export interface Fov {
  /** Degrees clockwise from the plan image's up, 0..<360. */
  readonly heading_deg: number;
  /** Width of the cone in degrees, 1..360. */
  readonly angle_deg: number;
  /** Reach in percent of the plan image's width, 0..100. */
  readonly range_percent: number;
}

/** Where a device sits on this floor: percent of the plan's natural size, origin top left. */
export interface Placement {
  /** 0..100, percent of the plan's natural width. */
  readonly x_percent: number;
  /** 0..100, percent of the plan's natural height. */
  readonly y_percent: number;
  /** Null while the device has no field of view. */
  readonly fov: Fov | null;
}

/** The devices on this floor, by device id. */
export type Placements = Readonly<Record<DeviceId, Placement>>;

/**
 * One device's part of a command: its placement before and after, null meaning "not on
 * this floor". Every command kind is a list of these, so apply, invert and rollback are
 * one code path: add is null -> placement, remove is placement -> null, move and setFov
 * are placement -> placement.
 */
export interface DeviceChange {
  readonly id: DeviceId;
  readonly before: Placement | null;
  readonly after: Placement | null;
}

/** What a command did when it was recorded (for labels and failure messages). */
export type CommandKind = 'add' | 'move' | 'remove' | 'setFov';

/**
 * One undoable step. A move of many markers is one command (one undo step, one save).
 * `seq` increases with every recorded command, so "recorded after" is a comparison.
 */
export interface Command {
  readonly id: string;
  readonly seq: number;
  readonly kind: CommandKind;
  readonly changes: readonly DeviceChange[];
}

/** A command as the editor asks to record it: ids and order are the history's business. */
export interface CommandDraft {
  readonly kind: CommandKind;
  readonly changes: readonly DeviceChange[];
}

/**
 * 'apply' persists a command's `after` (a do or a redo); 'revert' persists its `before`
 * (an undo).
 */
export type SaveDirection = 'apply' | 'revert';

/**
 * One optimistic save the app must persist, already applied locally. `changes` are what
 * to write (for an undo, the command's changes inverted), each `before` being the value
 * the server should hold now. The app answers with `save.done` or `save.failed` and the
 * save's `id`.
 */
export interface Save {
  readonly id: string;
  readonly commandId: string;
  readonly direction: SaveDirection;
  /** The kind of what is written: an undone add writes a remove. */
  readonly kind: CommandKind;
  readonly changes: readonly DeviceChange[];
}

/** A save not yet settled, with the command counter's value when it was issued. */
export interface PendingSave extends Save {
  /** Commands with a greater `seq` were recorded after this save was issued. */
  readonly mark: number;
  /** The server's answer when it came before the answers of earlier saves; null until then. */
  readonly outcome: 'done' | 'failed' | null;
}

/** 'edit' (`?mode=edit` or no mode) or 'view' (any other mode), SPEC.md section 2. */
export type EditorMode = 'edit' | 'view';
