/**
 * Gesture data of the floor editor machine and the pure rules its transitions apply:
 * what a press on a marker does to the selection, what a click or a marquee selects, and
 * what the scene draws while a gesture runs ({@link gesturePreview}, {@link marqueeRect}).
 * Positions are plan percent; `down` and `last` are stage CSS px.
 */
import type { PlanPercent, StagePoint } from '../../scene/geometry';
import { moveChanges } from './commands';
import { clampGroupDelta, idsInRect, rectFromPoints } from './editorGeometry';
import type { PercentDelta, PercentRect } from './editorGeometry';
import type { FovHandle } from './events';
import type { DeviceId, Fov, Placement, Placements } from './types';

/** What releasing a pressed marker without dragging does to the selection. */
export type ClickEffect = 'none' | 'select-only' | 'deselect';

export type Gesture =
  /** A marker is pressed and the pointer has not yet moved 3 px. */
  | { readonly kind: 'press'; readonly id: DeviceId; readonly down: StagePoint; readonly origin: PlanPercent; readonly onClick: ClickEffect }
  /** The selection is being dragged; `delta` is the pointer's, not yet clamped. */
  | { readonly kind: 'drag'; readonly ids: readonly DeviceId[]; readonly origin: PlanPercent; readonly delta: PercentDelta }
  /** A rectangle from `origin` to `current`; `active` once the pointer moved 3 px. */
  | {
      readonly kind: 'marquee';
      readonly origin: PlanPercent;
      readonly current: PlanPercent;
      readonly down: StagePoint;
      readonly active: boolean;
      readonly additive: boolean;
    }
  /** A palette device waits for a click on the plan; `point` is where the pointer hovers. */
  | { readonly kind: 'place'; readonly deviceId: DeviceId; readonly point: PlanPercent | null }
  /** A field-of-view handle is dragged: `before` as saved, `draft` as shown. */
  | { readonly kind: 'fov'; readonly id: DeviceId; readonly handle: FovHandle; readonly before: Fov; readonly draft: Fov }
  /** The view is being panned; `last` is the previous pointer position. */
  | { readonly kind: 'pan'; readonly last: StagePoint };

/**
 * The selection right after a press on marker `id`, and what a click (release without a
 * drag) does later. A press never drops a selected marker, so a drag moves the whole
 * selection: Shift on an unselected marker adds it at once, Shift on a selected one
 * removes it on click; a plain press on an unselected marker selects only it, on a
 * selected one selects only it on click.
 */
export function pressMarker(selection: readonly DeviceId[], id: DeviceId, shift: boolean): { selection: readonly DeviceId[]; onClick: ClickEffect } {
  const selected = selection.includes(id);
  if (shift) return selected ? { selection, onClick: 'deselect' } : { selection: [...selection, id], onClick: 'none' };
  return selected ? { selection, onClick: 'select-only' } : { selection: [id], onClick: 'none' };
}

/** The selection after a click on marker `id` with the press's {@link ClickEffect}. */
export function clickMarker(selection: readonly DeviceId[], id: DeviceId, onClick: ClickEffect): readonly DeviceId[] {
  if (onClick === 'select-only') return [id];
  if (onClick === 'deselect') return selection.filter((s) => s !== id);
  return selection;
}

/**
 * The selection when a marquee is released: the markers inside it, added to `selection`
 * with Shift (`additive`). A marquee that never moved 3 px was a click on the empty plan:
 * it clears the selection, or keeps it with Shift.
 */
export function finishMarquee(selection: readonly DeviceId[], placements: Placements, gesture: Extract<Gesture, { kind: 'marquee' }>): readonly DeviceId[] {
  if (!gesture.active) return gesture.additive ? selection : [];
  const inside = idsInRect(placements, rectFromPoints(gesture.origin, gesture.current));
  return gesture.additive ? [...selection, ...inside.filter((id) => !selection.includes(id))] : inside;
}

/** The rectangle to draw while a marquee is active, else null. */
export function marqueeRect(gesture: Gesture | null): PercentRect | null {
  return gesture?.kind === 'marquee' && gesture.active ? rectFromPoints(gesture.origin, gesture.current) : null;
}

/** The move a drag gesture stands for over `placements`: clamped so the selection stays on the plan. */
export function dragChanges(placements: Placements, gesture: Extract<Gesture, { kind: 'drag' }>) {
  const delta = clampGroupDelta(placements, gesture.ids, gesture.delta);
  return moveChanges(placements, gesture.ids, delta.dx, delta.dy);
}

/**
 * How far a running drag moves the selection, clamped so it stays on the plan (the
 * delta {@link dragChanges} applies before rounding); null when no drag runs. O(dragged):
 * the scene moves its drag layer by it on every pointer move, however many devices rest.
 */
export function dragOffset(placements: Placements, gesture: Gesture | null): PercentDelta | null {
  return gesture?.kind === 'drag' ? clampGroupDelta(placements, gesture.ids, gesture.delta) : null;
}

/**
 * The placements a running gesture changes, as the scene should draw them until it ends:
 * dragged markers at their new place, a camera with its draft field of view. Only the
 * changed devices are returned (empty when nothing is changed), so a drag among thousands
 * of markers does not copy them all.
 */
export function gesturePreview(placements: Placements, gesture: Gesture | null): Readonly<Record<DeviceId, Placement>> {
  if (gesture?.kind === 'drag') {
    const moved: Record<DeviceId, Placement> = {};
    for (const { id, after } of dragChanges(placements, gesture)) {
      if (after) Object.defineProperty(moved, id, { value: after, enumerable: true, writable: true, configurable: true });
    }
    return moved;
  }
  if (gesture?.kind === 'fov') {
    const placement = placements[gesture.id];
    return placement ? Object.fromEntries([[gesture.id, { ...placement, fov: gesture.draft }]]) : {};
  }
  return {};
}
