import { memo } from 'react';
import { Layer, Wedge } from 'react-konva';
import { percentToPlan, planPercent, type Size } from './geometry';
import { fovRadius, wedgeRotation } from './fovGeometry';
import type { SceneDevice } from './types';

/** Cone fill: translucent so the plan reads through (Radix amber 9 at 18 %). */
const FOV_FILL = 'rgba(255, 197, 61, 0.18)';
const FOV_STROKE = 'rgba(255, 197, 61, 0.7)';

/**
 * The field-of-view layer (its own Konva layer, never listening): one translucent wedge
 * per camera with a field of view, in natural image px, so it zooms with the plan.
 */
function FovLayerView({ devices, plan, scale }: { devices: readonly SceneDevice[]; plan: Size; scale: number }) {
  return (
    <Layer listening={false}>
      {devices.map((d) => {
        if (!d.fov) return null;
        const at = percentToPlan(planPercent(d.xPercent, d.yPercent), plan);
        return (
          <Wedge
            key={d.id}
            name="fov-cone"
            x={at.x}
            y={at.y}
            radius={fovRadius(d.fov, plan)}
            angle={d.fov.angle_deg}
            rotation={wedgeRotation(d.fov)}
            fill={FOV_FILL}
            stroke={FOV_STROKE}
            strokeWidth={1 / scale}
          />
        );
      })}
    </Layer>
  );
}

/** The field-of-view layer; memoised so a pan skips it. */
export const FovLayer = memo(FovLayerView);
