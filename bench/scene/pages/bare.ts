/**
 * The bench's reference page: the same scene in bare Konva, no React. The same layers in
 * the same order, the same nodes with the same attributes (the scene's pure modules give
 * positions, sizes, colours, labels and pulse rings), the same caches (plan and markers as
 * bitmaps at screen resolution), and the same gestures done the cheapest way Konva allows:
 * a drag moves the dragged markers on a drag layer, a pan moves the stage. Exposes
 * `window.bench`-style `BenchPage` through `window.driver`. Runs in the page.
 */
import Konva from 'konva';
import { Animation } from 'konva/lib/Animation';
import { EVENT_TONE_HEX } from '../../../src/lib/eventColours';
import { fovRadius, wedgeRotation } from '../../../src/scene/fovGeometry';
import {
  clampPan,
  counterScale,
  fitViewport,
  MARKER_RADIUS_PX,
  percentToPlan,
  planPercent,
  scaleLimits,
  stagePoint,
  stageToPlan,
  wheelDeltaPx,
  wheelZoomFactor,
  zoomAt,
  type PlanPoint,
  type Viewport,
} from '../../../src/scene/geometry';
import { planCacheArea } from '../../../src/scene/layerCache';
import { LABEL_OFFSET_PX, visibleLabelIds } from '../../../src/scene/labels';
import {
  FOV_FILL,
  FOV_STROKE,
  LABEL_BACKGROUND,
  LABEL_FONT_FAMILY,
  LABEL_FONT_SIZE_PX,
  LABEL_FONT_STYLE,
  LABEL_PADDING_PX,
  MARKER_NODE_NAME,
  markerNodeId,
  SELECTION_COLOUR,
  STATUS_COLOURS,
} from '../../../src/scene/markerStyle';
import { measureLabel } from '../../../src/scene/measureLabel';
import { planCachePixelRatio } from '../../../src/scene/planResolution';
import { isPulseAlive, PULSE_RING_START_PX, PULSE_RING_WIDTH_PX, PULSE_RINGS, pulseRings } from '../../../src/scene/pulse';
import { byMarkerPriority } from '../../../src/scene/sceneDevices';
import type { SceneDevice } from '../../../src/scene/types';
import { frames, PLAN_URL, STAGE_SIZE, type BenchPage } from './benchPage';
import { installDriver } from './driver';

const host = document.getElementById('scene');
if (!host) throw new Error('no #scene element');
const stage = new Konva.Stage({ container: host as HTMLDivElement, ...STAGE_SIZE });
const planLayer = new Konva.Layer({ listening: false });
const fovLayer = new Konva.Layer({ listening: false });
const deviceLayer = new Konva.Layer({ name: 'device-layer' });
const markerGroup = new Konva.Group({ name: 'device-markers' });
deviceLayer.add(markerGroup);
const selectionLayer = new Konva.Layer({ listening: false });
const pulseLayer = new Konva.Layer({ listening: false, name: 'pulse-layer' });
const liveLayer = new Konva.Layer({ listening: false, name: 'live-layer' });
stage.add(planLayer, fovLayer, deviceLayer, selectionLayer, pulseLayer, liveLayer);

let plan = { width: 0, height: 0 };
let view: Viewport = { x: 0, y: 0, scale: 1 };
let fitScale = 1;
let planGroup: Konva.Group | null = null;

interface Placed {
  device: SceneDevice;
  at: PlanPoint;
  marker: Konva.Group;
  label: Konva.Label | null;
  cone: Konva.Wedge | null;
}
let placed: Placed[] = [];
const byId = new Map<string, Placed>();
let selection: string[] = [];
let pulseAnimation: Animation | null = null;

const k = () => counterScale(view.scale);

/** A marker group exactly as `DeviceMarker` draws it. */
function buildMarker(device: SceneDevice, at: PlanPoint): Konva.Group {
  const colour = STATUS_COLOURS[device.status];
  const r = MARKER_RADIUS_PX;
  const group = new Konva.Group({ id: markerNodeId(device.id), name: MARKER_NODE_NAME, x: at.x, y: at.y, scaleX: k(), scaleY: k() });
  group.add(
    new Konva.Circle({ radius: r + 4, fill: colour, opacity: 0.22 }),
    new Konva.Circle({ y: 1.5, radius: r + 1.5, fill: '#000000', opacity: 0.2, listening: false }),
    new Konva.Circle({ radius: r, fill: colour, stroke: '#ffffff', strokeWidth: 2 }),
    new Konva.Rect({ x: -7, y: -4.5, width: 9, height: 9, cornerRadius: 2, fill: '#ffffff', listening: false }),
    new Konva.Line({ points: [2.5, -1.5, 7, -4.5, 7, 4.5, 2.5, 1.5], closed: true, fill: '#ffffff', listening: false }),
  );
  return group;
}

function buildLabel(device: SceneDevice): Konva.Label {
  const measured = measureLabel(device.name);
  const label = new Konva.Label({ x: -(measured.width + 2 * LABEL_PADDING_PX) / 2, y: LABEL_OFFSET_PX, listening: false });
  label.add(new Konva.Tag({ fill: LABEL_BACKGROUND, cornerRadius: 4 }));
  label.add(
    new Konva.Text({
      text: measured.text,
      fontFamily: LABEL_FONT_FAMILY,
      fontSize: LABEL_FONT_SIZE_PX,
      fontStyle: LABEL_FONT_STYLE,
      fill: '#ffffff',
      padding: LABEL_PADDING_PX,
    }),
  );
  return label;
}

function buildCone(device: SceneDevice, at: PlanPoint): Konva.Wedge | null {
  if (!device.fov) return null;
  return new Konva.Wedge({
    name: 'fov-cone',
    x: at.x,
    y: at.y,
    radius: fovRadius(device.fov, plan),
    angle: device.fov.angle_deg,
    rotation: wedgeRotation(device.fov),
    fill: FOV_FILL,
    stroke: FOV_STROKE,
    strokeWidth: 1 / view.scale,
  });
}

const ring = (at: PlanPoint) =>
  new Konva.Circle({ name: 'selection-outline', x: at.x, y: at.y, radius: (MARKER_RADIUS_PX + 7) * k(), stroke: SELECTION_COLOUR, strokeWidth: 2 * k() });

/** Labels that fit at this zoom, as `DeviceLayer` picks them. */
function updateLabels(): void {
  const shown = visibleLabelIds(
    placed.map(({ device, at }) => ({
      id: device.id,
      at: stagePoint(at.x * view.scale, at.y * view.scale),
      width: measureLabel(device.name).width + 2 * LABEL_PADDING_PX,
    })),
    MARKER_RADIUS_PX,
  );
  for (const p of placed) {
    const want = shown.has(p.device.id);
    if (want && !p.label) {
      p.label = buildLabel(p.device);
      p.marker.add(p.label);
    } else if (!want && p.label) {
      p.label.destroy();
      p.label = null;
    }
  }
}

function recacheMarkers(): void {
  const area = planCacheArea(plan, view.scale, Konva.pixelRatio);
  if (area) markerGroup.cache({ ...area, hitCanvasPixelRatio: area.pixelRatio });
  else markerGroup.clearCache();
}

function recachePlan(): void {
  const ratio = planCachePixelRatio(plan, view.scale, Konva.pixelRatio);
  if (!planGroup) return;
  if (ratio === null) planGroup.clearCache();
  else planGroup.cache({ pixelRatio: ratio });
}

function drawSelection(hidden: ReadonlySet<string> = new Set()): void {
  selectionLayer.destroyChildren();
  for (const id of selection) {
    const p = byId.get(id);
    if (p && !hidden.has(id)) selectionLayer.add(ring(p.at));
  }
  selectionLayer.batchDraw();
}

/** What a zoom changes, as the React scene re-renders it: marker sizes and labels, strokes, caches. */
function applyView(scaleChanged: boolean): void {
  stage.position({ x: view.x, y: view.y });
  stage.scale({ x: view.scale, y: view.scale });
  if (scaleChanged) {
    const inverse = k();
    for (const p of placed) {
      p.marker.scale({ x: inverse, y: inverse });
      p.cone?.strokeWidth(1 / view.scale);
    }
    updateLabels();
    recacheMarkers();
    recachePlan();
    drawSelection();
    for (const group of pulseLayer.getChildren()) group.scale({ x: inverse, y: inverse });
  }
  stage.batchDraw();
}

function show(devices: readonly SceneDevice[]): void {
  pulseAnimation?.stop();
  pulseLayer.destroyChildren();
  markerGroup.destroyChildren();
  fovLayer.destroyChildren();
  selection = [];
  byId.clear();
  placed = [...devices].sort(byMarkerPriority).map((device) => {
    const at = percentToPlan(planPercent(device.xPercent, device.yPercent), plan);
    return { device, at, marker: buildMarker(device, at), label: null, cone: buildCone(device, at) };
  });
  for (const p of placed) {
    byId.set(p.device.id, p);
    if (p.cone) fovLayer.add(p.cone);
  }
  updateLabels();
  // Drawn last on top, as DeviceLayer orders them.
  for (const p of placed.toReversed()) markerGroup.add(p.marker);
  recacheMarkers();
  drawSelection();
  stage.batchDraw();
}

function startPulses(ids: readonly string[], startedAt: number): void {
  pulseAnimation?.stop();
  pulseLayer.destroyChildren();
  const pulses = ids.flatMap((id, i) => {
    const p = byId.get(id);
    if (!p) return [];
    const group = new Konva.Group({ x: p.at.x, y: p.at.y, scaleX: k(), scaleY: k() });
    const tone = EVENT_TONE_HEX[i % 2 === 0 ? 'red' : 'blue'];
    const rings = Array.from(
      { length: PULSE_RINGS },
      () => new Konva.Circle({ radius: PULSE_RING_START_PX, stroke: tone, strokeWidth: PULSE_RING_WIDTH_PX, opacity: 0, perfectDrawEnabled: false }),
    );
    group.add(...rings);
    pulseLayer.add(group);
    return [{ rings }];
  });
  const animation = new Animation(() => {
    const now = Date.now();
    if (!isPulseAlive(startedAt, now)) animation.stop();
    const frame = pulseRings(now - startedAt);
    for (const pulse of pulses) {
      pulse.rings.forEach((circle, index) => {
        const look = frame[index];
        circle.setAttrs(look ? { radius: look.radius, opacity: look.opacity, visible: true } : { visible: false });
      });
    }
  }, pulseLayer);
  pulseAnimation = animation;
  animation.start();
}

// Gestures: a press on a marker selects it (unless selected) and a move past 3 px drags
// the selection on a drag layer; the middle button pans; the wheel zooms at the pointer.
type Gesture =
  | { kind: 'press'; id: string; down: { x: number; y: number } }
  | { kind: 'drag'; down: { x: number; y: number }; ids: string[]; group: Konva.Group }
  | { kind: 'pan'; last: { x: number; y: number } };
let gesture: Gesture | null = null;

function startDrag(down: { x: number; y: number }): Extract<Gesture, { kind: 'drag' }> {
  const ids = selection.filter((id) => byId.has(id));
  const hidden = new Set(ids);
  const group = new Konva.Group({ name: 'drag-group' });
  liveLayer.add(group);
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) continue;
    p.marker.visible(false);
    p.cone?.visible(false);
    const cone = buildCone(p.device, p.at);
    if (cone) group.add(cone);
    group.add(ring(p.at));
    const copy = buildMarker(p.device, p.at);
    if (ids.length === 1) copy.add(buildLabel(p.device));
    group.add(copy);
  }
  recacheMarkers();
  deviceLayer.batchDraw();
  fovLayer.batchDraw();
  drawSelection(hidden);
  return { kind: 'drag', down, ids, group };
}

function endDrag(drag: Extract<Gesture, { kind: 'drag' }>): void {
  const { x: dx, y: dy } = drag.group.position();
  for (const id of drag.ids) {
    const p = byId.get(id);
    if (!p) continue;
    p.at = { x: p.at.x + dx, y: p.at.y + dy } as PlanPoint;
    p.device = { ...p.device, xPercent: (p.at.x / plan.width) * 100, yPercent: (p.at.y / plan.height) * 100 };
    p.marker.position(p.at).visible(true);
    p.cone?.position(p.at).visible(true);
  }
  drag.group.destroy();
  updateLabels();
  recacheMarkers();
  drawSelection();
  stage.batchDraw();
}

stage.on('pointerdown', (event) => {
  const at = stage.getPointerPosition();
  if (!at) return;
  if (event.evt.button === 1) {
    gesture = { kind: 'pan', last: at };
    return;
  }
  const id = event.target.findAncestor(`.${MARKER_NODE_NAME}`, true)?.id().slice(markerNodeId('').length);
  if (!id) return;
  if (!selection.includes(id)) {
    selection = [id];
    drawSelection();
  }
  gesture = { kind: 'press', id, down: at };
});
stage.on('pointermove', () => {
  const at = stage.getPointerPosition();
  if (!at || !gesture) return;
  if (gesture.kind === 'pan') {
    const next = clampPan(stagePoint(view.x + at.x - gesture.last.x, view.y + at.y - gesture.last.y), view.scale, plan, STAGE_SIZE);
    gesture = { kind: 'pan', last: at };
    view = { ...view, x: next.x, y: next.y };
    applyView(false);
    return;
  }
  let drag = gesture;
  if (drag.kind === 'press') {
    if (Math.hypot(at.x - drag.down.x, at.y - drag.down.y) < 3) return;
    drag = startDrag(drag.down);
    gesture = drag;
  }
  if (drag.kind !== 'drag') return;
  const from = stageToPlan(stagePoint(drag.down.x, drag.down.y), view);
  const to = stageToPlan(stagePoint(at.x, at.y), view);
  drag.group.position({ x: to.x - from.x, y: to.y - from.y });
  liveLayer.batchDraw();
});
window.addEventListener('pointerup', () => {
  if (gesture?.kind === 'drag') endDrag(gesture);
  gesture = null;
});
stage.on('wheel', (event) => {
  event.evt.preventDefault();
  const at = stage.getPointerPosition();
  if (!at) return;
  const factor = wheelZoomFactor(wheelDeltaPx(event.evt.deltaY, event.evt.deltaMode, STAGE_SIZE.height));
  view = zoomAt(view, stagePoint(at.x, at.y), factor, scaleLimits(fitScale));
  applyView(true);
});

function loadPlan(): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      plan = { width: image.naturalWidth, height: image.naturalHeight };
      view = fitViewport(plan, STAGE_SIZE);
      fitScale = view.scale;
      planGroup = new Konva.Group({ name: 'plan' });
      const perCssPx = k();
      planGroup.add(
        new Konva.Rect({
          width: plan.width,
          height: plan.height,
          fill: '#ffffff',
          stroke: 'rgba(15, 23, 42, 0.18)',
          strokeWidth: 1,
          strokeScaleEnabled: false,
          shadowColor: '#000000',
          shadowOpacity: 0.18,
          shadowBlur: 16 * perCssPx,
          shadowOffsetY: 2 * perCssPx,
          shadowForStrokeEnabled: false,
          perfectDrawEnabled: false,
        }),
        new Konva.Image({ name: 'plan-image', image, width: plan.width, height: plan.height, perfectDrawEnabled: false }),
      );
      planLayer.add(planGroup);
      applyView(true);
      resolve();
    };
    image.onerror = () => reject(new Error(`could not load ${PLAN_URL}`));
    image.src = PLAN_URL;
  });
}

const page: BenchPage = {
  kind: 'bare',
  async ready() {
    await loadPlan();
    await frames(3);
  },
  async show(devices) {
    show(devices);
    await frames(2);
  },
  async select(ids) {
    selection = [...ids];
    drawSelection();
    await frames(2);
  },
  async pulse(ids, startedAt) {
    startPulses(ids, startedAt);
    await frames(2);
  },
  async setStatus(id, status) {
    const p = byId.get(id);
    if (p) {
      p.device = { ...p.device, status };
      const fresh = buildMarker(p.device, p.at);
      const index = p.marker.zIndex();
      p.marker.destroy();
      p.marker = fresh;
      markerGroup.add(fresh);
      fresh.zIndex(index);
      p.label = null;
      updateLabels();
      recacheMarkers();
    }
    await frames(2);
  },
  stage: () => stage,
};
installDriver(page);
