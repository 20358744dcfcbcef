import { memo } from 'react';
import { Circle, Layer, Rect } from 'react-konva';
import { counterScale, MARKER_RADIUS_PX, percentToPlan, planPercent, type Size } from './geometry';
import type { SceneRect } from './interaction';
import { SELECTION_COLOUR } from './markerStyle';
import type { SceneDevice } from './types';


/** A selected marker's ring at plan point `x`, `y`; `k` is the counter-scale (1 / viewport scale). */
export function SelectionRing({ x, y, k }: { x: number; y: number; k: number }) {
  return <Circle name="selection-outline" x={x} y={y} radius={(MARKER_RADIUS_PX + 7) * k} stroke={SELECTION_COLOUR} strokeWidth={2 * k} />;
}

/**
 * The selection layer (its own Konva layer, never listening): a ring around each selected
 * marker and the marquee rectangle. Strokes are counter-scaled so they stay 2 CSS px at
 * any zoom. `marquee` is plan percent. Markers in `hidden` (on the drag layer) get no ring here.
 */
function SelectionLayerView({
  devices,
  selection,
  marquee,
  plan,
  scale,
  hidden,
}: {
  devices: readonly SceneDevice[];
  selection: readonly string[];
  marquee: SceneRect | null;
  plan: Size;
  /** Viewport scale, CSS px per natural image px. */
  scale: number;
  hidden: ReadonlySet<string>;
}) {
  const k = counterScale(scale);
  const selected = new Set(selection);
  const topLeft = marquee && percentToPlan(planPercent(marquee.left, marquee.top), plan);
  const bottomRight = marquee && percentToPlan(planPercent(marquee.right, marquee.bottom), plan);
  return (
    <Layer listening={false}>
      {devices
        .filter((d) => selected.has(d.id) && !hidden.has(d.id))
        .map((d) => {
          const at = percentToPlan(planPercent(d.xPercent, d.yPercent), plan);
          return <SelectionRing key={d.id} x={at.x} y={at.y} k={k} />;
        })}
      {topLeft && bottomRight && (
        <Rect
          name="marquee"
          x={topLeft.x}
          y={topLeft.y}
          width={bottomRight.x - topLeft.x}
          height={bottomRight.y - topLeft.y}
          fill="rgba(0, 144, 255, 0.08)"
          stroke={SELECTION_COLOUR}
          strokeWidth={1 * k}
          dash={[4 * k, 4 * k]}
        />
      )}
    </Layer>
  );
}

/** The selection layer; memoised so a pan skips it. */
export const SelectionLayer = memo(SelectionLayerView);
