import { memo, useCallback, useMemo } from 'react';
import { Layer } from 'react-konva';
import { DeviceMarker } from './DeviceMarker';
import {
  counterScale,
  MARKER_RADIUS_PX,
  percentToPlan,
  planPercent,
  stagePoint,
  type PlanPercent,
  type Size,
} from './geometry';
import { visibleLabelIds } from './labels';
import { LABEL_PADDING_PX, STATUS_PRIORITY } from './markerStyle';
import { measureLabel } from './measureLabel';
import type { SceneDevice } from './types';

interface DeviceLayerProps {
  devices: readonly SceneDevice[];
  plan: Size;
  /** Viewport scale, CSS px per natural image px. */
  scale: number;
  editable: boolean;
  onDeviceMove?: (id: string, xPercent: number, yPercent: number) => void;
}

const byPriority = (a: SceneDevice, b: SceneDevice): number =>
  STATUS_PRIORITY[a.status] - STATUS_PRIORITY[b.status] || a.name.localeCompare(b.name);

/**
 * The interactive layer of device markers. Devices in error are drawn on top and keep
 * their labels first; labels that would collide at this zoom are hidden (hover shows one).
 * Depends on the scale only, not the pan, so a background drag does not re-render it.
 */
function DeviceLayerView({ devices, plan, scale, editable, onDeviceMove }: DeviceLayerProps) {
  const placed = useMemo(
    () =>
      [...devices].sort(byPriority).map((device) => ({
        device,
        at: percentToPlan(planPercent(device.xPercent, device.yPercent), plan),
        label: measureLabel(device.name),
      })),
    [devices, plan],
  );

  const labelled = useMemo(
    () =>
      visibleLabelIds(
        placed.map(({ device, at, label }) => ({
          id: device.id,
          // Only distances matter for collisions, so the pan can be left out.
          at: stagePoint(at.x * scale, at.y * scale),
          width: label.width + 2 * LABEL_PADDING_PX,
        })),
        MARKER_RADIUS_PX,
      ),
    [placed, scale],
  );

  const handleMove = useCallback(
    (id: string, percent: PlanPercent) => onDeviceMove?.(id, percent.x, percent.y),
    [onDeviceMove],
  );

  // Drawn last on top: reverse the priority order so devices in error paint over others.
  return (
    <Layer>
      {placed.toReversed().map(({ device, at, label }) => (
        <DeviceMarker
          key={device.id}
          device={device}
          at={at}
          plan={plan}
          counterScale={counterScale(scale)}
          label={label}
          showLabel={labelled.has(device.id)}
          editable={editable}
          onMove={handleMove}
        />
      ))}
    </Layer>
  );
}

/** The device layer; memoised so panning skips it. */
export const DeviceLayer = memo(DeviceLayerView);
