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

/** Side of a spatial-hash cell, CSS px: about one label box, so a query reads a few cells. */
const CELL_PX = 64;

/** Boxes bucketed by the grid cells they cover, so a query only looks at its neighbours. */
class BoxGrid {
  private readonly cells = new Map<string, number[]>();
  readonly boxes: Box[] = [];

  add(box: Box): number {
    const index = this.boxes.push(box) - 1;
    this.forCells(box, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(index);
      else this.cells.set(key, [index]);
    });
    return index;
  }

  /** True when `box` overlaps a stored box other than `except`. */
  overlapsAny(box: Box, except = -1): boolean {
    let hit = false;
    this.forCells(box, (key) => {
      if (hit) return;
      hit = (this.cells.get(key) ?? []).some((index) => index !== except && overlaps(box, this.boxes[index] as Box));
    });
    return hit;
  }

  private forCells(box: Box, visit: (key: string) => void): void {
    for (let cx = Math.floor(box.left / CELL_PX); cx <= Math.floor(box.right / CELL_PX); cx += 1) {
      for (let cy = Math.floor(box.top / CELL_PX); cy <= Math.floor(box.bottom / CELL_PX); cy += 1) visit(`${cx},${cy}`);
    }
  }
}

/**
 * Greedily keeps labels in the given order (put the most important first, e.g. devices in
 * error) and drops any label whose box would overlap a kept label or another marker.
 * Returns the ids of the labels to show. Markers and kept labels sit in a spatial hash,
 * so 10 000 markers cost about as much as 10 000 lookups (issue 4's mount budget).
 */
export function visibleLabelIds(
  candidates: readonly LabelCandidate[],
  markerRadius: number,
): Set<string> {
  const markers = new BoxGrid();
  for (const { at } of candidates) {
    markers.add({ left: at.x - markerRadius, right: at.x + markerRadius, top: at.y - markerRadius, bottom: at.y + markerRadius });
  }
  const kept = new BoxGrid();
  const shown = new Set<string>();
  candidates.forEach(({ id, at, width }, index) => {
    const top = at.y + LABEL_OFFSET_PX;
    const box = { left: at.x - width / 2, right: at.x + width / 2, top, bottom: top + LABEL_HEIGHT_PX };
    if (markers.overlapsAny(box, index) || kept.overlapsAny(box)) return;
    kept.add(box);
    shown.add(id);
  });
  return shown;
}
