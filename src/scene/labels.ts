/**
 * Which device names to show when markers crowd together at low zoom. Pure: takes
 * marker positions in stage CSS px and returns the ids whose labels fit.
 */
import type { StagePoint } from './geometry';

/** A marker whose name label would be drawn centred below `at`. */
export interface LabelCandidate {
  readonly id: string;
  readonly at: StagePoint;
  /** Label width in CSS px. */
  readonly width: number;
}

/** Label box height in CSS px, and its offset below the marker centre. */
export const LABEL_HEIGHT_PX = 18;
export const LABEL_OFFSET_PX = 17;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Greedily keeps labels in the given order (put the most important first, e.g. devices in
 * error) and drops any label whose box would overlap a kept label or another marker.
 * Returns the ids of the labels to show. O(n x kept), fine for a floor's devices.
 */
export function visibleLabelIds(
  candidates: readonly LabelCandidate[],
  markerRadius: number,
): Set<string> {
  const markers: Box[] = candidates.map(({ at }) => ({
    left: at.x - markerRadius,
    right: at.x + markerRadius,
    top: at.y - markerRadius,
    bottom: at.y + markerRadius,
  }));
  const kept: Box[] = [];
  const shown = new Set<string>();
  candidates.forEach(({ id, at, width }, index) => {
    const top = at.y + LABEL_OFFSET_PX;
    const box = { left: at.x - width / 2, right: at.x + width / 2, top, bottom: top + LABEL_HEIGHT_PX };
    const hitsMarker = markers.some((marker, other) => other !== index && overlaps(box, marker));
    if (hitsMarker || kept.some((k) => overlaps(box, k))) return;
    kept.push(box);
    shown.add(id);
  });
  return shown;
}
