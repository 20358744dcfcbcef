import { Circle, Layer, Line } from 'react-konva';
import { counterScale, percentToPlan, planPercent, type Size } from './geometry';
import { fovHandles } from './fovGeometry';
import type { SceneDevice } from './types';

/** Konva name of a field-of-view handle; its `deviceId` and `handle` attributes say which. */
export const FOV_HANDLE_NAME = 'fov-handle';

const HANDLE_RADIUS_PX = 7;

/**
 * The handles of the selected camera's field of view (a listening layer over the
 * markers): a rotation handle half way along the heading and a range handle at the
 * cone's reach. Presses are read by the scene's pointer handler through the
 * `deviceId`/`handle` attributes; the handles themselves do nothing.
 */
export function FovHandlesLayer({ device, plan, scale }: { device: SceneDevice | null; plan: Size; scale: number }) {
  if (!device?.fov) return null;
  const k = counterScale(scale);
  const origin = percentToPlan(planPercent(device.xPercent, device.yPercent), plan);
  const { rotation, range } = fovHandles(origin, device.fov, plan);
  return (
    <Layer>
      <Line points={[origin.x, origin.y, range.x, range.y]} stroke="#ffc53d" strokeWidth={1.5 * k} dash={[4 * k, 3 * k]} listening={false} />
      {(
        [
          ['rotation', rotation, 'Rotate'],
          ['range', range, 'Range'],
        ] as const
      ).map(([handle, at]) => (
        <Circle
          key={handle}
          name={FOV_HANDLE_NAME}
          deviceId={device.id}
          handle={handle}
          x={at.x}
          y={at.y}
          radius={HANDLE_RADIUS_PX * k}
          fill={handle === 'rotation' ? '#ffffff' : '#ffc53d'}
          stroke="#ab6400"
          strokeWidth={2 * k}
        />
      ))}
    </Layer>
  );
}
