import { useCallback, useEffect, useEffectEvent, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import type { Vector2d } from 'konva/lib/types';
import { Stage } from 'react-konva';
import { DeviceLayer } from './DeviceLayer';
import { dragGroupPosition, LiveLayer, type DragOffset } from './LiveLayer';
import type { SceneInteraction, SceneRect } from './interaction';
import { MARKER_NODE_NAME, markerNodeId } from './markerStyle';
import { SelectionLayer } from './SelectionLayer';
import { FovHandlesLayer, FOV_HANDLE_NAME } from './FovHandlesLayer';
import { FovLayer } from './FovLayer';
import {
  percentToPlan,
  planPercent,
  stagePoint,
  stageToPercent,
  viewCentrePercent,
  wheelDeltaPx,
  wheelZoomFactor,
  type Size,
  type Viewport,
} from './geometry';
import { PlanLayer } from './PlanLayer';
import { PulseLayer } from './PulseLayer';
import type { ScenePulse, SceneDevice } from './types';
import { useDragSplit } from './useDragSplit';
import { usePlanImage } from './usePlanImage';
import { useViewport } from './useViewport';

export type { ScenePulse, SceneDevice } from './types';
export type { SceneInteraction, SceneRect, SceneTarget } from './interaction';

/** Zoom factor of one `+` or `-` step. */
const ZOOM_STEP = 1.25;
/** Part of the stage a zoom to the selection fills. */
const ZOOM_TO_RECT_FILL = 0.8;

const NO_PULSES: readonly ScenePulse[] = [];

/** What the floor screen can ask of the scene. */
export interface FloorSceneHandle {
  /** Plan percent at the centre of the current view, clamped to 0..100 (where 'add' places a device). */
  viewCentrePercent(): { xPercent: number; yPercent: number };
  /** Fits the whole plan in the view again. */
  fitToView(): void;
  /** Zooms one step in or out about the middle of the stage. */
  zoomStep(direction: 'in' | 'out'): void;
  /** Moves the view by `dx`, `dy` stage CSS px. */
  panBy(dx: number, dy: number): void;
  /** Zooms so `rect` (plan percent) fills most of the view, within the zoom limits. */
  zoomToRect(rect: SceneRect): void;
  /**
   * Moves the markers being dragged (`interaction.dragging`) by `dx`, `dy` plan percent
   * from where they rest, as one group on the drag layer: no React render, only that
   * layer redraws (issue 4). The editor calls it on every pointer move of a drag, also
   * before the drag layer is drawn (it starts there).
   */
  moveDrag(dx: number, dy: number): void;
  /** Plan percent (not clamped) under a page point (`clientX`, `clientY`, CSS px); null without a plan. */
  percentAtClient(clientX: number, clientY: number): { xPercent: number; yPercent: number } | null;
}

export interface FloorSceneProps {
  /** Object URL or same-origin URL of the plan image; null draws an empty stage. */
  imageUrl: string | null;
  /** Stage width, CSS px. */
  width: number;
  /** Stage height, CSS px. */
  height: number;
  devices: readonly SceneDevice[];
  /** Event pulses, at most one per device (a newer event replaces it); pulses of devices not in `devices` are not drawn. */
  pulses?: readonly ScenePulse[];
  /** A device to bring to the middle of the view once, when it and the plan are there (e.g. opened from an alert). */
  focusDeviceId?: string | null;
  /** True in edit mode (SPEC: `?mode=edit` or no mode): markers drag. False: nothing drags. */
  editable: boolean;
  /** Called on drag end with percent of the natural image size, clamped 0..100. */
  onDeviceMove?: (id: string, xPercent: number, yPercent: number) => void;
  /** Called once per loaded image with its natural size in px. */
  onImageLoad?: (size: { width: number; height: number }) => void;
  /**
   * An editor drives the pointer (issue 4): nothing is Konva-draggable, presses, moves and
   * releases are reported in plan percent, and the selection and marquee are drawn.
   */
  interaction?: SceneInteraction;
}

const isStageEvent = (event: KonvaEventObject<unknown>): boolean => event.target === event.target.getStage();

const MARKER_ID_PREFIX = markerNodeId('');

/** The device id of the marker under a Konva event's target, or null off any marker. */
function markerIdOf(event: KonvaEventObject<unknown>): string | null {
  const node = event.target.findAncestor(`.${MARKER_NODE_NAME}`, true);
  const id = node?.id() ?? '';
  return id.startsWith(MARKER_ID_PREFIX) ? id.slice(MARKER_ID_PREFIX.length) : null;
}

/**
 * The floor-plan scene: the plan image fitted to the stage, wheel zoom towards the
 * cursor, background drag to pan, and one status-coloured marker per device at its percent
 * position (draggable when `editable`). The container (`data-testid="floor-scene"`)
 * carries the current viewport as `data-viewport-x`/`-y` (stage position, CSS px),
 * `data-viewport-scale` and `data-plan-width`/`-height` (natural px, 0 without a plan), so
 * a marker's screen x is containerLeft + viewportX + xPercent / 100 * planWidth * scale;
 * and `data-pulses`, the live pulses as `<deviceId>:<tone>,...` (see `pulsesAttribute`).
 */
export function FloorScene({
  imageUrl,
  width,
  height,
  devices,
  pulses = NO_PULSES,
  focusDeviceId = null,
  editable,
  onDeviceMove,
  onImageLoad,
  interaction,
  ref,
}: FloorSceneProps & { ref?: Ref<FloorSceneHandle> }) {
  // Changes only when a pulse starts or fades out, never per animation frame.
  const [livePulses, setLivePulses] = useState('');
  const { image } = usePlanImage(imageUrl);
  const planWidth = image?.naturalWidth ?? 0;
  const planHeight = image?.naturalHeight ?? 0;
  const plan = useMemo<Size | null>(
    () => (image ? { width: planWidth, height: planHeight } : null),
    [image, planWidth, planHeight],
  );
  const stage = useMemo<Size>(() => ({ width, height }), [width, height]);
  const container = useRef<HTMLDivElement>(null);
  const stageNode = useRef<Konva.Stage>(null);
  // A pan moves the stage and the container's viewport attributes directly, as bare Konva
  // would: no React render per pointer move (issue 4's pan target); React catches up when
  // the pan pauses.
  const drawViewport = useCallback((next: Viewport) => {
    stageNode.current?.setAttrs({ x: next.x, y: next.y, scaleX: next.scale, scaleY: next.scale }).batchDraw();
    const box = container.current;
    if (!box) return;
    box.dataset.viewportX = String(next.x);
    box.dataset.viewportY = String(next.y);
    box.dataset.viewportScale = String(next.scale);
  }, []);
  // Set while a new floor's markers mount slice by slice (DeviceLayer), outside React.
  const reportMounting = useCallback((mounting: boolean) => {
    const box = container.current;
    if (!box) return;
    if (mounting) box.dataset.markersMounting = 'true';
    else delete box.dataset.markersMounting;
  }, []);
  const { viewport, current, fit, zoomAt, panTo, boundPan, show } = useViewport(plan, stage, image ? imageUrl : null, drawViewport);

  const reportImageLoad = useEffectEvent((size: Size) => onImageLoad?.(size));
  useEffect(() => {
    if (image) reportImageLoad({ width: image.naturalWidth, height: image.naturalHeight });
  }, [image]);

  // The drag's offset (plan percent), set per pointer move through the handle, outside React.
  const dragOffset = useRef<DragOffset>({ dx: 0, dy: 0 });
  const dragGroup = useRef<Konva.Group>(null);
  // Centred once per device id, so the user's own pans and zooms afterwards stand.
  const focused = useRef<string | null>(null);
  const focus = focusDeviceId === null ? undefined : devices.find((d) => d.id === focusDeviceId);
  const focusX = focus?.xPercent;
  const focusY = focus?.yPercent;
  const scale = viewport.scale;
  useEffect(() => {
    if (focusDeviceId === null || focused.current === focusDeviceId) return;
    if (!plan || focusX === undefined || focusY === undefined) return;
    focused.current = focusDeviceId;
    const at = percentToPlan(planPercent(focusX, focusY), plan);
    panTo(boundPan(stagePoint(width / 2 - at.x * scale, height / 2 - at.y * scale)));
  }, [focusDeviceId, focusX, focusY, plan, scale, width, height, panTo, boundPan]);

  useImperativeHandle(
    ref,
    () => ({
      viewCentrePercent: () => {
        if (!plan) return { xPercent: 50, yPercent: 50 };
        const centre = viewCentrePercent(current(), stage, plan);
        return { xPercent: centre.x, yPercent: centre.y };
      },
      fitToView: fit,
      percentAtClient: (clientX, clientY) => {
        const box = container.current?.getBoundingClientRect();
        if (!plan || !box) return null;
        const at = stageToPercent(stagePoint(clientX - box.left, clientY - box.top), plan, current());
        return { xPercent: at.x, yPercent: at.y };
      },
      zoomStep: (direction) => zoomAt(stagePoint(width / 2, height / 2), direction === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP),
      panBy: (dx, dy) => {
        const now = current();
        panTo(boundPan(stagePoint(now.x + dx, now.y + dy)));
      },
      moveDrag: (dx, dy) => {
        dragOffset.current = { dx, dy };
        const node = dragGroup.current;
        if (!node || !plan) return;
        node.position(dragGroupPosition(dragOffset.current, plan));
        node.getLayer()?.batchDraw();
      },
      zoomToRect: (rect) => {
        if (!plan) return;
        const w = ((rect.right - rect.left) / 100) * plan.width;
        const h = ((rect.bottom - rect.top) / 100) * plan.height;
        const fill = Math.min((width * ZOOM_TO_RECT_FILL) / Math.max(w, 1), (height * ZOOM_TO_RECT_FILL) / Math.max(h, 1));
        const centre = percentToPlan(planPercent((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2), plan);
        show({ x: width / 2 - centre.x * fill, y: height / 2 - centre.y * fill, scale: fill });
      },
    }),
    [current, stage, plan, fit, zoomAt, panTo, boundPan, show, width, height],
  );

  // Dragged markers move on the live layer, by `moveDrag`; every other layer keeps
  // `devices` (where they rest, the same array for the whole drag) and hides them, so it
  // is neither re-rendered nor redrawn during the drag.
  const { dragged, hidden } = useDragSplit(devices, interaction?.dragging);
  const dragging = dragged.length > 0;
  useEffect(() => {
    if (!dragging) dragOffset.current = { dx: 0, dy: 0 };
  }, [dragging]);
  const hasFov = useMemo(() => devices.some((d) => d.fov), [devices]);
  // The marker under the pointer, drawn on the live layer; none while anything drags.
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [markerDrag, setMarkerDrag] = useState(false);
  const hoveredDevice = useMemo(() => (hoveredId === null ? null : (devices.find((d) => d.id === hoveredId) ?? null)), [devices, hoveredId]);
  const hovered = dragging || markerDrag ? null : hoveredDevice;
  const stageDragBound = useCallback((position: Vector2d) => boundPan(stagePoint(position.x, position.y)), [boundPan]);

  // A release outside the stage still ends the gesture.
  const onPointerUp = interaction?.onPointerUp;
  useEffect(() => {
    if (!onPointerUp) return;
    window.addEventListener('pointerup', onPointerUp);
    return () => window.removeEventListener('pointerup', onPointerUp);
  }, [onPointerUp]);

  const pointerAt = (event: KonvaEventObject<PointerEvent>) => {
    const pointer = event.target.getStage()?.getPointerPosition();
    if (!pointer || !plan) return null;
    const screen = stagePoint(pointer.x, pointer.y);
    return { at: stageToPercent(screen, plan, current()), screen };
  };
  const handlePointerDown = (event: KonvaEventObject<PointerEvent>) => {
    const where = pointerAt(event);
    if (!interaction || !where) return;
    const button = event.evt.button === 1 ? 'middle' : 'primary';
    const attrs: Record<string, unknown> = event.target.attrs;
    const handle = event.target.name() === FOV_HANDLE_NAME ? attrs.handle : null;
    const handleOf = attrs.deviceId;
    if ((handle === 'rotation' || handle === 'range') && typeof handleOf === 'string') {
      interaction.onFovHandleDown(handleOf, handle, where.at, where.screen);
      return;
    }
    const id = markerIdOf(event);
    if (id !== null) interaction.onMarkerDown(id, where.at, where.screen, event.evt.shiftKey, button);
    else interaction.onPlanDown(where.at, where.screen, event.evt.shiftKey, button);
  };
  const handlePointerMove = (event: KonvaEventObject<PointerEvent>) => {
    const where = pointerAt(event);
    if (!interaction || !where) return;
    const over = event.target.name() === FOV_HANDLE_NAME ? 'handle' : markerIdOf(event) !== null ? 'marker' : 'plan';
    interaction.onPointerMove(where.at, where.screen, over);
  };

  const handleWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const pointer = event.target.getStage()?.getPointerPosition();
    if (!pointer) return;
    const delta = wheelDeltaPx(event.evt.deltaY, event.evt.deltaMode, height);
    zoomAt(stagePoint(pointer.x, pointer.y), wheelZoomFactor(delta));
  };

  // Marker drags bubble up to the stage too; only the stage's own drag is a pan.
  const handlePan = (event: KonvaEventObject<DragEvent>) => {
    if (isStageEvent(event)) panTo(stagePoint(event.target.x(), event.target.y()));
  };
  const setPanCursor = (event: KonvaEventObject<DragEvent>, cursor: string) => {
    if (isStageEvent(event)) event.target.getStage()?.container().style.setProperty('cursor', cursor);
  };

  return (
    <div
      ref={container}
      data-testid="floor-scene"
      data-viewport-x={viewport.x}
      data-viewport-y={viewport.y}
      data-viewport-scale={viewport.scale}
      data-plan-width={planWidth}
      data-plan-height={planHeight}
      data-pulses={livePulses}
      style={{ position: 'relative', width, height, overflow: 'hidden', cursor: plan ? 'grab' : 'default' }}
    >
      <Stage
        ref={stageNode}
        width={width}
        height={height}
        x={viewport.x}
        y={viewport.y}
        scaleX={viewport.scale}
        scaleY={viewport.scale}
        draggable={plan !== null && !interaction}
        dragBoundFunc={stageDragBound}
        dragDistance={3}
        onWheel={handleWheel}
        onPointerDown={interaction ? handlePointerDown : undefined}
        onPointerMove={interaction ? handlePointerMove : undefined}
        // No hover while a button is held (a pan, a drag, a marquee): markers passing under
        // a panning pointer would re-render the scene and redraw the live layer each time.
        onPointerOver={(event) => setHoveredId(event.evt.buttons === 0 ? markerIdOf(event) : null)}
        onPointerOut={() => setHoveredId(null)}
        onDragStart={(event) => {
          setPanCursor(event, 'grabbing');
          if (!isStageEvent(event)) setMarkerDrag(true);
        }}
        onDragMove={handlePan}
        onDragEnd={(event) => {
          setPanCursor(event, '');
          handlePan(event);
          setMarkerDrag(false);
        }}
      >
        {image && <PlanLayer image={image} scale={viewport.scale} />}
        {plan && hasFov && <FovLayer devices={devices} plan={plan} scale={viewport.scale} hidden={hidden} />}
        {plan && (
          <DeviceLayer
            devices={devices}
            plan={plan}
            scale={viewport.scale}
            editable={editable && !interaction}
            hidden={hidden}
            onDeviceMove={onDeviceMove}
            onMounting={reportMounting}
          />
        )}
        {plan && interaction && (
          <SelectionLayer
            devices={devices}
            selection={interaction.selection}
            marquee={interaction.marquee}
            plan={plan}
            scale={viewport.scale}
            hidden={hidden}
          />
        )}
        {plan && interaction && editable && !dragging && interaction.selection.length === 1 && (
          <FovHandlesLayer device={devices.find((d) => d.id === interaction.selection[0]) ?? null} plan={plan} scale={viewport.scale} />
        )}
        {plan && <PulseLayer pulses={pulses} devices={devices} plan={plan} scale={viewport.scale} onLiveChange={setLivePulses} />}
        {/* Always there under an editor (adding a layer redraws them all); without one, only while hovering. */}
        {plan && (interaction || hovered) && (
          <LiveLayer dragged={dragged} hovered={hovered} plan={plan} scale={viewport.scale} dragGroup={dragGroup} dragOffset={dragOffset} />
        )}
      </Stage>
    </div>
  );
}
