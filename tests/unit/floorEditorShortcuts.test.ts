import { describe, expect, it } from 'vitest';
import {
  NUDGE_FAR_PERCENT,
  NUDGE_PERCENT,
  SHORTCUTS,
  comboKeys,
  comboMatches,
  isTypingTarget,
  keyDownEvent,
  keyUpEvent,
  matchShortcut,
} from '../../src/machines/floorEditor/shortcuts';
import type { KeyInput, KeyTarget, Shortcut } from '../../src/machines/floorEditor/shortcuts';

const press = (key: string, mods: Partial<Omit<KeyInput, 'key'>> = {}): KeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

/** An element-like target: tag name and attributes, as jsdom and browsers expose them. */
const element = (tagName: string, attributes: Record<string, string> = {}, isContentEditable?: boolean): KeyTarget => ({
  tagName,
  isContentEditable,
  getAttribute: (name) => attributes[name] ?? null,
});
const canvas = element('DIV', { tabindex: '0' });

describe('floor editor keyboard map', () => {
  it('nudges by 0.5 % with the arrows and 5 % with Shift', () => {
    expect(NUDGE_PERCENT).toBe(0.5);
    expect(NUDGE_FAR_PERCENT).toBe(5);
    expect(keyDownEvent(press('ArrowLeft'), canvas)).toEqual({ type: 'nudge', dx: -0.5, dy: 0 });
    expect(keyDownEvent(press('ArrowRight'), canvas)).toEqual({ type: 'nudge', dx: 0.5, dy: 0 });
    expect(keyDownEvent(press('ArrowUp', { shiftKey: true }), canvas)).toEqual({ type: 'nudge', dx: 0, dy: -5 });
    expect(keyDownEvent(press('ArrowDown', { shiftKey: true }), canvas)).toEqual({ type: 'nudge', dx: 0, dy: 5 });
    expect(keyDownEvent(press('ArrowDown', { ctrlKey: true }), canvas)).toBeNull();
  });

  it('removes with Delete and Backspace', () => {
    expect(keyDownEvent(press('Delete'), canvas)).toEqual({ type: 'delete' });
    expect(keyDownEvent(press('Backspace'), canvas)).toEqual({ type: 'delete' });
  });

  it('undoes with Ctrl/Cmd+Z and redoes with Ctrl/Cmd+Shift+Z and Ctrl+Y', () => {
    expect(keyDownEvent(press('z', { ctrlKey: true }), canvas)).toEqual({ type: 'undo' });
    expect(keyDownEvent(press('z', { metaKey: true }), canvas)).toEqual({ type: 'undo' });
    expect(keyDownEvent(press('Z', { ctrlKey: true, shiftKey: true }), canvas)).toEqual({ type: 'redo' });
    expect(keyDownEvent(press('Z', { metaKey: true, shiftKey: true }), canvas)).toEqual({ type: 'redo' });
    expect(keyDownEvent(press('y', { ctrlKey: true }), canvas)).toEqual({ type: 'redo' });
    expect(keyDownEvent(press('z'), canvas)).toBeNull();
  });

  it('maps Escape, select all, zoom, fit, zoom to selection, mode, pan and help', () => {
    expect(keyDownEvent(press('Escape'), canvas)).toEqual({ type: 'escape' });
    expect(keyDownEvent(press('a', { ctrlKey: true }), canvas)).toEqual({ type: 'select.all' });
    expect(keyDownEvent(press('a', { metaKey: true }), canvas)).toEqual({ type: 'select.all' });
    expect(keyDownEvent(press('+', { shiftKey: true }), canvas)).toEqual({ type: 'zoom.in' });
    expect(keyDownEvent(press('+'), canvas)).toEqual({ type: 'zoom.in' });
    expect(keyDownEvent(press('='), canvas)).toEqual({ type: 'zoom.in' });
    expect(keyDownEvent(press('-'), canvas)).toEqual({ type: 'zoom.out' });
    expect(keyDownEvent(press('0'), canvas)).toEqual({ type: 'zoom.fit' });
    expect(keyDownEvent(press('f'), canvas)).toEqual({ type: 'zoom.selection' });
    expect(keyDownEvent(press('F', { shiftKey: false }), canvas)).toEqual({ type: 'zoom.selection' });
    expect(keyDownEvent(press('e'), canvas)).toEqual({ type: 'mode.toggle' });
    expect(keyDownEvent(press(' '), canvas)).toEqual({ type: 'space.down' });
    expect(keyDownEvent(press('?', { shiftKey: true }), canvas)).toEqual({ type: 'shortcuts.open' });
    expect(keyUpEvent({ key: ' ' })).toEqual({ type: 'space.up' });
    expect(keyUpEvent({ key: 'a' })).toBeNull();
  });

  it('leaves the browser its own combinations: Ctrl/Cmd+F, Ctrl+0, Alt, and Ctrl/Cmd+B for the sidebar', () => {
    expect(keyDownEvent(press('f', { ctrlKey: true }), canvas)).toBeNull();
    expect(keyDownEvent(press('0', { ctrlKey: true }), canvas)).toBeNull();
    expect(keyDownEvent(press('e', { altKey: true }), canvas)).toBeNull();
    expect(keyDownEvent(press('b', { ctrlKey: true }), canvas)).toBeNull();
    expect(keyDownEvent(press('b', { metaKey: true }), canvas)).toBeNull();
    for (const shortcut of SHORTCUTS) {
      for (const combo of shortcut.keys) expect(combo.key.toLowerCase() === 'b' && combo.mod === true).toBe(false);
    }
  });

  it('has no two shortcuts on one key combination', () => {
    for (const shortcut of SHORTCUTS) {
      for (const combo of shortcut.keys) {
        const shifts = combo.shift === 'either' ? [false, true] : [combo.shift ?? false];
        for (const shiftKey of shifts) {
          for (const mods of combo.mod ? [{ ctrlKey: true }, { metaKey: true }] : [{}]) {
            const input = press(combo.key, { shiftKey, ...mods });
            expect(matchShortcut(input)?.id, `${shortcut.id} ${JSON.stringify(input)}`).toBe(shortcut.id);
          }
        }
      }
    }
  });

  it('refuses a key that two shortcuts claim', () => {
    const noop = () => ({ type: 'escape' }) as const;
    const registry: Shortcut[] = [
      { id: 'one', label: 'One', group: 'Help', keys: [{ key: 'q' }], event: noop },
      { id: 'two', label: 'Two', group: 'Help', keys: [{ key: 'q', shift: 'either' }], event: noop },
    ];
    expect(matchShortcut(press('q'), registry)).toBeNull();
    expect(matchShortcut(press('Q', { shiftKey: true }), registry)?.id).toBe('two');
    expect(comboMatches({ key: 'q' }, press('q', { altKey: true }))).toBe(false);
  });

  it('lists every shortcut with a label, a group and its key caps for the ? overlay', () => {
    expect(SHORTCUTS.map((s) => s.id)).toEqual([
      'select-all',
      'escape',
      'nudge',
      'delete',
      'undo',
      'redo',
      'zoom-in',
      'zoom-out',
      'zoom-fit',
      'zoom-selection',
      'pan',
      'mode',
      'help',
    ]);
    for (const shortcut of SHORTCUTS) {
      expect(shortcut.label.length).toBeGreaterThan(3);
      expect(shortcut.keys.length).toBeGreaterThan(0);
    }
    const redo = SHORTCUTS.find((s) => s.id === 'redo')!;
    expect(redo.keys.map((k) => comboKeys(k, 'other'))).toEqual([
      ['Ctrl', 'Shift', 'Z'],
      ['Ctrl', 'Y'],
    ]);
    expect(comboKeys(redo.keys[0]!, 'mac')).toEqual(['⌘', '⇧', 'Z']);
    const nudge = SHORTCUTS.find((s) => s.id === 'nudge')!;
    expect(nudge.keys.map((k) => comboKeys(k, 'other').join(''))).toEqual(['←', '→', '↑', '↓']);
    expect(comboKeys({ key: ' ', shift: 'either' }, 'other')).toEqual(['Space']);
    expect(comboKeys({ key: 'Escape' }, 'other')).toEqual(['Esc']);
  });
});

describe('typing predicate: shortcuts never fire in a field', () => {
  it('is true for inputs, text areas, selects and editable content', () => {
    expect(isTypingTarget(element('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(element('input', { type: 'number' }))).toBe(true);
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(element('SELECT'))).toBe(true);
    expect(isTypingTarget(element('DIV', {}, true))).toBe(true);
    expect(isTypingTarget(element('DIV', { contenteditable: '' }))).toBe(true);
    expect(isTypingTarget(element('DIV', { contenteditable: 'plaintext-only' }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'textbox' }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'slider' }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'menuitem' }))).toBe(true);
  });

  it('is false for the canvas, buttons, list rows and contenteditable="false"', () => {
    expect(isTypingTarget(canvas)).toBe(false);
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(element('LI', { role: 'option' }))).toBe(false);
    expect(isTypingTarget(element('DIV', { contenteditable: 'false' }, false))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(undefined)).toBe(false);
  });

  it('swallows every shortcut while typing', () => {
    const field = element('INPUT', { type: 'search' });
    for (const key of ['ArrowLeft', 'Delete', 'Backspace', 'Escape', ' ', 'e', 'f', '0', '?']) {
      expect(keyDownEvent(press(key), field)).toBeNull();
    }
    expect(keyDownEvent(press('z', { ctrlKey: true }), field)).toBeNull();
    expect(keyDownEvent(press('a', { metaKey: true }), field)).toBeNull();
  });
});
