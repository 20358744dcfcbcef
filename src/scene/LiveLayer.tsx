import { memo, useMemo, useRef } from 'react';
import { Group, Layer } from 'react-konva';
import { DeviceMarker } from './DeviceMarker';
import { FovCone } from './FovLayer';
import { counterScale, percentToPlan, planPercent, type Size } from './geometry';
import { measureLabel } from './measureLabel';
import { SelectionRing } from './SelectionLayer';
import type { SceneDevice } from './types';

/** Konva name of the live layer (dragged and hovered markers), for tests and tools. */
export const LIVE_LAYER_NAME = 'live-layer';
/** Konva name of the group of dragged markers on it. */
export const DRAG_GROUP_NAME = 'drag-group';

const ignoreMove = () => {};

const planAt = (device: SceneDevice, plan: Size) => percentToPlan(planPercent(device.xPercent, device.yPercent), plan);

interface DragStart {
  /** The dragged ids, joined: a new drag when it changes. */
  readonly key: string;
  /** The dragged devices as the drag's first frame drew them. */
  readonly devices: readonly SceneDevice[];
}

/**
 * The dragged markers with their cones and selection rings, drawn once, as the drag's
 * first frame placed them, inside one group; each later frame only moves that group by
 * how far the first dragged device moved (a drag moves the whole selection by one delta),
 * so a frame costs one Konva attribute whether one marker or a hundred are dragged.
 */
function DragGroup({ dragged, plan, scale }: { dragged: readonly SceneDevice[]; plan: Size; scale: number }) {
  const key = dragged.map((d) => d.id).join('\n');
  const start = useRef<DragStart | null>(null);
  if (start.current?.key !== key) start.current = { key, devices: dragged };
  const first = start.current.devices;

  const content = useMemo(() => {
    const k = counterScale(scale);
    return first.map((device) => {
      const at = planAt(device, plan);
      return (
        <Group key={device.id}>
          <FovCone device={device} plan={plan} scale={scale} />
          <SelectionRing x={at.x} y={at.y} k={k} />
          <DeviceMarker
            device={device}
            at={at}
            plan={plan}
            counterScale={k}
            label={measureLabel(device.name)}
            showLabel={first.length === 1}
            editable={false}
            onMove={ignoreMove}
          />
        </Group>
      );
    });
  }, [first, plan, scale]);

  const lead = dragged[0];
  const leadStart = first[0];
  const from = leadStart ? planAt(leadStart, plan) : null;
  const to = lead ? planAt(lead, plan) : null;
  return (
    <Group name={DRAG_GROUP_NAME} x={from && to ? to.x - from.x : 0} y={from && to ? to.y - from.y : 0}>
      {content}
    </Group>
  );
}

/**
 * What moves under the pointer (issue 4), on one small non-listening layer above the
 * others, always mounted (adding a Konva layer redraws every layer):
 *
 * - the markers being dragged (`dragged`): this layer alone redraws while the pointer
 *   moves; the device, cone and selection layers keep them hidden and are not touched;
 * - the marker under the pointer (`hovered`), drawn again a little larger and named: the
 *   device layer is one cached bitmap, and drawing the hover there would re-cache
 *   thousands of markers each time the pointer crosses one.
 */
function LiveLayerView({
  dragged,
  hovered,
  plan,
  scale,
}: {
  dragged: readonly SceneDevice[];
  hovered: SceneDevice | null;
  plan: Size;
  scale: number;
}) {
  return (
    <Layer name={LIVE_LAYER_NAME} listening={false}>
      {hovered && (
        <DeviceMarker
          device={hovered}
          at={planAt(hovered, plan)}
          plan={plan}
          counterScale={counterScale(scale)}
          label={measureLabel(hovered.name)}
          showLabel
          hovered
          editable={false}
          onMove={ignoreMove}
        />
      )}
      {dragged.length > 0 && <DragGroup dragged={dragged} plan={plan} scale={scale} />}
    </Layer>
  );
}

/** The live layer; memoised so a pan only moves the stage. */
export const LiveLayer = memo(LiveLayerView);
