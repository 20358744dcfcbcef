import { memo, use, useCallback, useLayoutEffect, useRef } from 'react';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import type { Vector2d } from 'konva/lib/types';
import { Shape } from 'react-konva';
import {
  clampPlanPoint,
  dropPercent,
  planPercent,
  planPoint,
  planToPercent,
  type PlanPercent,
  type PlanPoint,
  type Size,
} from './geometry';
import { drawMarker, hitMarker } from './markerDrawing';
import { MARKER_NODE_NAME, markerNodeId, STATUS_COLOURS } from './markerStyle';
import type { MeasuredLabel } from './measureLabel';
import { sameSceneDevice } from './sceneDevices';
import type { SceneDevice } from './types';
import { GroupCacheContext } from './useGroupCache';

interface DeviceMarkerProps {
  device: SceneDevice;
  /** Where the marker sits, natural image px. */
  at: PlanPoint;
  plan: Size;
  /** 1 / viewport scale, so the marker keeps its CSS px size at any zoom. */
  counterScale: number;
  label: MeasuredLabel;
  showLabel: boolean;
  editable: boolean;
  /** True while the marker is dragged: the drag layer draws it, this one is not drawn. */
  hidden?: boolean;
  /** Drawn a little larger, with its label: the hover layer's copy of the marker under the pointer. */
  hovered?: boolean;
  /**
   * True when the layer sets the counter-scale of all its markers itself on a zoom (as
   * bare Konva would): a new `counterScale` alone then does not re-render the marker.
   */
  layerScaled?: boolean;
  onMove: (id: string, percent: PlanPercent) => void;
}

const setCursor = (event: KonvaEventObject<MouseEvent>, cursor: string): void => {
  const container = event.target.getStage()?.container();
  if (container) container.style.cursor = cursor;
};

/**
 * One device: a status-coloured disc with a camera glyph and the device name below.
 * Controlled: when a drag ends the marker goes back to `at` and reports the drop through
 * `onMove` (clamped percent); it moves for good when the parent passes the new position.
 */
function DeviceMarkerView({ device, at, plan, counterScale, label, showLabel, editable, hidden = false, hovered = false, onMove }: DeviceMarkerProps) {
  const shapeRef = useRef<Konva.Shape>(null);
  // A cached device layer must redraw its bitmap after this marker alone re-rendered.
  const invalidateCache = use(GroupCacheContext);
  useLayoutEffect(() => invalidateCache?.());
  // Konva hands dragBoundFunc absolute (stage) positions; the plan rectangle is in the
  // layer's coordinates, so clamp there and map back.
  const dragBound = useCallback(
    (position: Vector2d): Vector2d => {
      const parent = shapeRef.current?.getParent();
      if (!parent) return position;
      const toStage = parent.getAbsoluteTransform();
      const local = toStage.copy().invert().point(position);
      return toStage.point(clampPlanPoint(planPoint(local.x, local.y), plan));
    },
    [plan],
  );

  const handleDragEnd = (event: KonvaEventObject<DragEvent>) => {
    const node = event.target;
    const raw = planToPercent(planPoint(node.x(), node.y()), plan);
    const dropped = planPercent(dropPercent(raw.x), dropPercent(raw.y));
    node.position(at);
    onMove(device.id, dropped);
  };

  const scale = counterScale * (hovered ? 1.12 : 1);

  // One shape per marker (`markerDrawing.ts`): a group of six to nine nodes per marker
  // made mounting 5 000 of them the floor page's longest task (issue 5).
  return (
    <Shape
      ref={shapeRef}
      id={markerNodeId(device.id)}
      name={MARKER_NODE_NAME}
      x={at.x}
      y={at.y}
      scaleX={scale}
      scaleY={scale}
      visible={!hidden}
      draggable={editable}
      dragBoundFunc={dragBound}
      onDragEnd={handleDragEnd}
      onMouseEnter={(event) => setCursor(event, editable ? 'move' : 'pointer')}
      onMouseLeave={(event) => setCursor(event, '')}
      sceneFunc={drawMarker}
      hitFunc={hitMarker}
      perfectDrawEnabled={false}
      markerColour={STATUS_COLOURS[device.status]}
      labelText={showLabel || hovered ? label.text : ''}
      labelWidth={label.width}
    />
  );
}

/**
 * Props equal by value: the editor rebuilds device objects on every drag frame, and only
 * the markers whose position or look changed may re-render (issue 4's drag budget).
 */
function sameMarker(a: DeviceMarkerProps, b: DeviceMarkerProps): boolean {
  return (
    sameSceneDevice(a.device, b.device) &&
    a.at.x === b.at.x &&
    a.at.y === b.at.y &&
    a.plan === b.plan &&
    (a.counterScale === b.counterScale || (!!a.layerScaled && !!b.layerScaled)) &&
    a.layerScaled === b.layerScaled &&
    a.label === b.label &&
    a.showLabel === b.showLabel &&
    a.editable === b.editable &&
    a.hidden === b.hidden &&
    a.hovered === b.hovered &&
    a.onMove === b.onMove
  );
}

/** A device marker; memoised by value so panning, and dragging other markers, skip it. */
export const DeviceMarker = memo(DeviceMarkerView, sameMarker);
