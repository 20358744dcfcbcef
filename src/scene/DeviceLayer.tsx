import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Konva from 'konva';
import { Group, Layer } from 'react-konva';
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
import { planCacheArea } from './layerCache';
import { LABEL_PADDING_PX } from './markerStyle';
import { measureLabel } from './measureLabel';
import { byMarkerPriority } from './sceneDevices';
import type { SceneDevice } from './types';
import { GroupCacheContext, useGroupCache } from './useGroupCache';

interface DeviceLayerProps {
  devices: readonly SceneDevice[];
  plan: Size;
  /** Viewport scale, CSS px per natural image px. */
  scale: number;
  editable: boolean;
  /** Ids of markers drawn elsewhere (the drag layer): kept, but not drawn here. */
  hidden: ReadonlySet<string>;
  onDeviceMove?: (id: string, xPercent: number, yPercent: number) => void;
}

/**
 * The interactive layer of device markers. Devices in error are drawn on top and keep
 * their labels first; labels that would collide at this zoom are hidden (hover shows one).
 * Depends on the scale only, not the pan, so a background drag does not re-render it.
 * While the whole plan fits a cache bitmap at this zoom, the markers are cached as one
 * bitmap (`useGroupCache`), so a pan or zoom blits it instead of drawing every marker.
 */
function DeviceLayerView({ devices, plan, scale, editable, hidden, onDeviceMove }: DeviceLayerProps) {
  const placed = useMemo(
    () =>
      [...devices].sort(byMarkerPriority).map((device) => ({
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

  const group = useRef<Konva.Group>(null);
  // A zoom sets every marker's counter-scale here, one Konva attribute each, instead of
  // re-rendering thousands of marker components (they skip a new `counterScale` alone).
  // Declared before the cache, whose layout effect must see the new scale.
  const inverse = counterScale(scale);
  useLayoutEffect(() => {
    for (const marker of group.current?.getChildren() ?? []) marker.scale({ x: inverse, y: inverse });
  }, [inverse]);
  // Konva's own marker drag (no editor) moves a node outside React: draw live meanwhile.
  const [konvaDrag, setKonvaDrag] = useState(false);
  const invalidateCache = useGroupCache(group, konvaDrag ? null : planCacheArea(plan, scale, Konva.pixelRatio));

  // Drawn last on top: reverse the priority order so devices in error paint over others.
  return (
    <Layer name="device-layer">
      <GroupCacheContext value={invalidateCache}>
        {/* Keyed on being empty: markers arriving on an empty floor mount with a new group, in
            one append per marker; inserted one by one into a live group, React looks for
            each one's next sibling past all the others (quadratic: 0.3 s for 5 000). */}
        <Group key={placed.length === 0 ? 'empty' : 'placed'} ref={group} name="device-markers" onDragStart={() => setKonvaDrag(true)} onDragEnd={() => setKonvaDrag(false)}>
          {placed.toReversed().map(({ device, at, label }) => (
            <DeviceMarker
              key={device.id}
              device={device}
              at={at}
              plan={plan}
              counterScale={inverse}
              layerScaled
              label={label}
              showLabel={labelled.has(device.id)}
              editable={editable}
              hidden={hidden.has(device.id)}
              onMove={handleMove}
            />
          ))}
        </Group>
      </GroupCacheContext>
    </Layer>
  );
}

/** The device layer; memoised so panning skips it. */
export const DeviceLayer = memo(DeviceLayerView);
