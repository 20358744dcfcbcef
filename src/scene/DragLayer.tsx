import { memo, useMemo, useRef } from 'react';
import { Group, Layer } from 'react-konva';
import { DeviceMarker } from './DeviceMarker';
import { FovCone } from './FovLayer';
import { counterScale, percentToPlan, planPercent, type Size } from './geometry';
import { measureLabel } from './measureLabel';
import { SelectionRing } from './SelectionLayer';
import type { SceneDevice } from './types';

/** Konva name of the drag layer, for tests and tools. */
export const DRAG_LAYER_NAME = 'drag-layer';

const ignoreMove = () => {};

interface DragStart {
  /** The dragged ids, joined: a new drag when it changes. */
  readonly key: string;
  /** The dragged devices as the drag's first frame drew them. */
  readonly devices: readonly SceneDevice[];
}

const planAt = (device: SceneDevice, plan: Size) => percentToPlan(planPercent(device.xPercent, device.yPercent), plan);

/**
 * The markers being dragged (issue 4), on their own non-listening layer above the others,
 * which alone redraws while the pointer moves: the device, cone and selection layers keep
 * these markers hidden and are not touched during the drag. The markers, their cones and
 * selection rings are drawn once, as the drag's first frame placed them, inside one group;
 * each later frame only moves that group by how far the first dragged device moved (a
 * drag moves the whole selection by one delta), so a frame costs one Konva attribute
 * whether one marker or a hundred are dragged.
 */
function DragLayerView({ dragged, plan, scale }: { dragged: readonly SceneDevice[]; plan: Size; scale: number }) {
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
    <Layer name={DRAG_LAYER_NAME} listening={false}>
      <Group x={from && to ? to.x - from.x : 0} y={from && to ? to.y - from.y : 0}>
        {content}
      </Group>
    </Layer>
  );
}

/** The drag layer; memoised so a pan during a drag only moves the stage. */
export const DragLayer = memo(DragLayerView);
