import { memo, useLayoutEffect, useMemo, type RefObject } from 'react';
import type Konva from 'konva';
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

/** How far the drag layer is moved from where the dragged markers rest, plan percent. */
export interface DragOffset {
  readonly dx: number;
  readonly dy: number;
}

/** The drag group's position for `offset` on a plan of `plan` size: natural px. */
export const dragGroupPosition = (offset: DragOffset, plan: Size) => ({ x: (offset.dx / 100) * plan.width, y: (offset.dy / 100) * plan.height });

/**
 * The dragged markers with their cones and selection rings, drawn once at the place they
 * rest (the drag's start), inside one group. React renders it when the drag starts (or
 * the zoom changes), never per pointer move: the scene sets the group's position, one
 * Konva attribute however many markers are dragged, as `offset` changes (see
 * `FloorSceneHandle.moveDrag`); each render puts it back at the latest `offset`.
 */
function DragGroup({
  dragged,
  plan,
  scale,
  groupRef,
  offset,
}: {
  dragged: readonly SceneDevice[];
  plan: Size;
  scale: number;
  groupRef: RefObject<Konva.Group | null>;
  offset: RefObject<DragOffset>;
}) {
  const content = useMemo(() => {
    const k = counterScale(scale);
    return dragged.map((device) => {
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
            showLabel={dragged.length === 1}
            editable={false}
            onMove={ignoreMove}
          />
        </Group>
      );
    });
  }, [dragged, plan, scale]);

  // No x/y props: React never resets the position the scene sets between renders.
  useLayoutEffect(() => {
    groupRef.current?.position(dragGroupPosition(offset.current, plan));
  });
  return (
    <Group ref={groupRef} name={DRAG_GROUP_NAME}>
      {content}
    </Group>
  );
}

/**
 * What moves under the pointer (issue 4), on one small non-listening layer above the
 * others, always mounted (adding a Konva layer redraws every layer):
 *
 * - the markers being dragged (`dragged`): this layer alone redraws while the pointer
 *   moves, and React does not render it then; the device, cone and selection layers keep
 *   them hidden and are not touched;
 * - the marker under the pointer (`hovered`), drawn again a little larger and named: the
 *   device layer is one cached bitmap, and drawing the hover there would re-cache
 *   thousands of markers each time the pointer crosses one.
 */
function LiveLayerView({
  dragged,
  hovered,
  plan,
  scale,
  dragGroup,
  dragOffset,
}: {
  /** The dragged devices where they rest (the drag's start). */
  dragged: readonly SceneDevice[];
  hovered: SceneDevice | null;
  plan: Size;
  scale: number;
  /** Set to the drag group while one is drawn, so the scene can move it. */
  dragGroup: RefObject<Konva.Group | null>;
  /** The drag's latest offset, which the drag group is drawn at. */
  dragOffset: RefObject<DragOffset>;
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
      {dragged.length > 0 && <DragGroup dragged={dragged} plan={plan} scale={scale} groupRef={dragGroup} offset={dragOffset} />}
    </Layer>
  );
}

/** The live layer; memoised so a pan only moves the stage. */
export const LiveLayer = memo(LiveLayerView);
