import { memo } from 'react';
import { Layer, Wedge } from 'react-konva';
import { percentToPlan, planPercent, type Size } from './geometry';
import { fovRadius, wedgeRotation } from './fovGeometry';
import { FOV_FILL, FOV_STROKE } from './markerStyle';
import type { SceneDevice } from './types';


/** One camera's translucent cone, in plan px; `scale` keeps its outline 1 CSS px. */
export function FovCone({ device, plan, scale }: { device: SceneDevice; plan: Size; scale: number }) {
  if (!device.fov) return null;
  const at = percentToPlan(planPercent(device.xPercent, device.yPercent), plan);
  return (
    <Wedge
      name="fov-cone"
      x={at.x}
      y={at.y}
      radius={fovRadius(device.fov, plan)}
      angle={device.fov.angle_deg}
      rotation={wedgeRotation(device.fov)}
      fill={FOV_FILL}
      stroke={FOV_STROKE}
      strokeWidth={1 / scale}
    />
  );
}

/**
 * The field-of-view layer (its own Konva layer, never listening): one translucent wedge
 * per camera with a field of view, in natural image px, so it zooms with the plan.
 * Cameras in `hidden` (on the drag layer) are left out.
 */
function FovLayerView({ devices, plan, scale, hidden }: { devices: readonly SceneDevice[]; plan: Size; scale: number; hidden: ReadonlySet<string> }) {
  return (
    <Layer listening={false}>
      {devices.map((d) => (d.fov && !hidden.has(d.id) ? <FovCone key={d.id} device={d} plan={plan} scale={scale} /> : null))}
    </Layer>
  );
}

/** The field-of-view layer; memoised so a pan skips it. */
export const FovLayer = memo(FovLayerView);
