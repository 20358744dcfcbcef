/**
 * The floor editor's keyboard map (issue 4 "Keyboard"; STYLE.md "Shortcuts are data"):
 * one registry, {@link SHORTCUTS}, that both the keydown handler and the `?` overlay read.
 * Pure: keys in, editor events out. A shortcut is enabled when the machine can take its
 * event (`snapshot.can(event)`), so the editor's state decides, not this file.
 *
 * Rules: nothing fires while the user types in a field ({@link isTypingTarget}); a key
 * that matches two shortcuts is refused; Alt combinations are never taken, and neither is
 * Ctrl/Cmd+B (the sidebar's).
 */
import type { ShortcutEvent } from './events';

/** Arrow-key nudge in percent of the plan. */
export const NUDGE_PERCENT = 0.5;
/** Shift+arrow nudge in percent of the plan. */
export const NUDGE_FAR_PERCENT = 5;

/** The parts of a DOM `KeyboardEvent` the map reads. */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/**
 * One key combination: `key` as `KeyboardEvent.key` gives it (letters in lower case),
 * `mod` Ctrl or Cmd held, `shift` held (true), not held (false, the default) or either.
 */
export interface KeyCombo {
  readonly key: string;
  readonly mod?: boolean;
  readonly shift?: boolean | 'either';
}

export type ShortcutGroup = 'Selection' | 'Editing' | 'View' | 'Help';

export interface Shortcut {
  readonly id: string;
  /** What the overlay says it does. */
  readonly label: string;
  readonly group: ShortcutGroup;
  /** Every combination that triggers it; the overlay shows them all. */
  readonly keys: readonly KeyCombo[];
  /** The editor event for a matching key press. */
  readonly event: (input: KeyInput) => ShortcutEvent;
}

const ARROWS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function nudgeFor(input: KeyInput): ShortcutEvent {
  const [x, y] = ARROWS[input.key] ?? [0, 0];
  const step = input.shiftKey ? NUDGE_FAR_PERCENT : NUDGE_PERCENT;
  return { type: 'nudge', dx: x * step, dy: y * step };
}

const fixed =
  (event: ShortcutEvent) =>
  (): ShortcutEvent =>
    event;

/** Every shortcut of the floor editor, in the overlay's order. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'select-all', label: 'Select all devices', group: 'Selection', keys: [{ key: 'a', mod: true }], event: fixed({ type: 'select.all' }) },
  {
    id: 'escape',
    label: 'Clear the selection or cancel the current gesture',
    group: 'Selection',
    keys: [{ key: 'Escape', shift: 'either' }],
    event: fixed({ type: 'escape' }),
  },
  {
    id: 'nudge',
    label: `Nudge the selection by ${NUDGE_PERCENT} % (Shift: ${NUDGE_FAR_PERCENT} %)`,
    group: 'Editing',
    keys: Object.keys(ARROWS).map((key) => ({ key, shift: 'either' as const })),
    event: nudgeFor,
  },
  {
    id: 'delete',
    label: 'Remove the selection from the floor',
    group: 'Editing',
    keys: [{ key: 'Delete' }, { key: 'Backspace' }],
    event: fixed({ type: 'delete' }),
  },
  { id: 'undo', label: 'Undo', group: 'Editing', keys: [{ key: 'z', mod: true }], event: fixed({ type: 'undo' }) },
  {
    id: 'redo',
    label: 'Redo',
    group: 'Editing',
    keys: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
    event: fixed({ type: 'redo' }),
  },
  {
    id: 'zoom-in',
    label: 'Zoom in',
    group: 'View',
    keys: [{ key: '+', shift: 'either' }, { key: '=' }],
    event: fixed({ type: 'zoom.in' }),
  },
  { id: 'zoom-out', label: 'Zoom out', group: 'View', keys: [{ key: '-' }], event: fixed({ type: 'zoom.out' }) },
  { id: 'zoom-fit', label: 'Fit the plan', group: 'View', keys: [{ key: '0' }], event: fixed({ type: 'zoom.fit' }) },
  { id: 'zoom-selection', label: 'Zoom to the selection', group: 'View', keys: [{ key: 'f' }], event: fixed({ type: 'zoom.selection' }) },
  {
    id: 'pan',
    label: 'Pan: hold Space and drag (or drag with the middle button)',
    group: 'View',
    keys: [{ key: ' ', shift: 'either' }],
    event: fixed({ type: 'space.down' }),
  },
  { id: 'mode', label: 'Switch between edit and view mode', group: 'View', keys: [{ key: 'e' }], event: fixed({ type: 'mode.toggle' }) },
  { id: 'help', label: 'Show keyboard shortcuts', group: 'Help', keys: [{ key: '?', shift: 'either' }], event: fixed({ type: 'shortcuts.open' }) },
];

const sameKey = (a: string, b: string) => (a.length === 1 ? a.toLowerCase() === b.toLowerCase() : a === b);

/** True when `input` is the combination `combo` (Alt never is). */
export function comboMatches(combo: KeyCombo, input: KeyInput): boolean {
  if (input.altKey || !sameKey(combo.key, input.key)) return false;
  if ((combo.mod ?? false) !== (input.ctrlKey || input.metaKey)) return false;
  const shift = combo.shift ?? false;
  return shift === 'either' || shift === input.shiftKey;
}

/** The one shortcut `input` triggers; null for none, or when two match (ambiguous: refused). */
export function matchShortcut(input: KeyInput, registry: readonly Shortcut[] = SHORTCUTS): Shortcut | null {
  const matches = registry.filter((s) => s.keys.some((combo) => comboMatches(combo, input)));
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/** The parts of a key event's target the typing test reads (an `Element` has them all). */
export interface KeyTarget {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const FIELD_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'slider',
  'menu',
  'menubar',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
]);

/**
 * True when a key pressed on `target` belongs to it: a form field (input, textarea,
 * select), editable content, or an element whose role takes keys itself (text and search
 * boxes, combo boxes, spin buttons, sliders such as the angle dial, menus). Shortcuts
 * never fire then.
 */
export function isTypingTarget(target: KeyTarget | null | undefined): boolean {
  if (!target) return false;
  if (FIELD_TAGS.has((target.tagName ?? '').toUpperCase())) return true;
  if (target.isContentEditable === true) return true;
  const editable = target.getAttribute?.('contenteditable');
  if (editable !== null && editable !== undefined && editable.toLowerCase() !== 'false') return true;
  const role = target.getAttribute?.('role');
  return role !== null && role !== undefined && FIELD_ROLES.has(role.toLowerCase());
}

/**
 * The editor event for a key pressed on `target`, or null: while typing in a field, for
 * keys that are no shortcut, and for ambiguous ones. The caller sends it when
 * `snapshot.can(event)` and then calls `preventDefault()`.
 */
export function keyDownEvent(input: KeyInput, target: KeyTarget | null | undefined): ShortcutEvent | null {
  if (isTypingTarget(target)) return null;
  return matchShortcut(input)?.event(input) ?? null;
}

/** The editor event for a key released: Space ends the pan mode; other keys give null. */
export function keyUpEvent(input: Pick<KeyInput, 'key'>): { type: 'space.up' } | null {
  return input.key === ' ' ? { type: 'space.up' } : null;
}

const KEY_NAMES: Record<string, string> = {
  ' ': 'Space',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
};

/**
 * The key caps of `combo` for the overlay, e.g. `['Ctrl', 'Shift', 'Z']`, or on a Mac
 * `['⌘', '⇧', 'Z']`. A combination that takes Shift either way shows no Shift.
 */
export function comboKeys(combo: KeyCombo, platform: 'mac' | 'other'): string[] {
  const caps: string[] = [];
  if (combo.mod) caps.push(platform === 'mac' ? '⌘' : 'Ctrl');
  if (combo.shift === true) caps.push(platform === 'mac' ? '⇧' : 'Shift');
  caps.push(KEY_NAMES[combo.key] ?? (combo.key.length === 1 ? combo.key.toUpperCase() : combo.key));
  return caps;
}
