import { describe, expect, it } from 'vitest';
import { editorCursor, type CursorState, type PointerOver } from '../../src/machines/floorEditor/cursor';

const idle = (mode: CursorState['mode'], spaceHeld = false): CursorState => ({ mode, gesture: null, spaceHeld });
const during = (gesture: NonNullable<CursorState['gesture']>, mode: CursorState['mode'] = 'edit'): CursorState => ({ mode, gesture, spaceHeld: false });
const everywhere: PointerOver[] = ['marker', 'handle', 'plan'];

describe('editorCursor', () => {
  it('shows a marker can be moved in edit mode and only clicked in view mode', () => {
    expect(editorCursor(idle('edit'), 'marker')).toBe('move');
    expect(editorCursor(idle('view'), 'marker')).toBe('pointer');
  });

  it('keeps the default arrow on the empty plan in both modes (a press there draws a marquee)', () => {
    expect(editorCursor(idle('edit'), 'plan')).toBe('default');
    expect(editorCursor(idle('view'), 'plan')).toBe('default');
  });

  it('offers to grab a field-of-view handle', () => {
    expect(editorCursor(idle('edit'), 'handle')).toBe('grab');
  });

  it('shows grab wherever the pointer is while Space is held, in both modes', () => {
    for (const over of everywhere) {
      expect(editorCursor(idle('edit', true), over)).toBe('grab');
      expect(editorCursor(idle('view', true), over)).toBe('grab');
    }
  });

  it('shows grabbing while a marker is pressed or dragged, a pan runs or a handle is dragged, whatever is under the pointer', () => {
    for (const over of everywhere) {
      expect(editorCursor(during('press'), over)).toBe('grabbing');
      expect(editorCursor(during('drag'), over)).toBe('grabbing');
      expect(editorCursor(during('pan'), over)).toBe('grabbing');
      expect(editorCursor(during('pan', 'view'), over)).toBe('grabbing');
      expect(editorCursor(during('fov'), over)).toBe('grabbing');
    }
  });

  it('keeps the pointer on a marker pressed in view mode, which never drags', () => {
    expect(editorCursor(during('press', 'view'), 'marker')).toBe('pointer');
  });

  it('shows a crosshair while a marquee is drawn and while a palette device waits for its click', () => {
    for (const over of everywhere) {
      expect(editorCursor(during('marquee'), over)).toBe('crosshair');
      expect(editorCursor(during('place'), over)).toBe('crosshair');
    }
  });

  it('lets a running gesture win over Space', () => {
    expect(editorCursor({ mode: 'edit', gesture: 'drag', spaceHeld: true }, 'marker')).toBe('grabbing');
  });
});
