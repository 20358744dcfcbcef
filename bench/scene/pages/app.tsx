/**
 * The bench's app page: the real `FloorScene` of src/scene, driven by the real
 * `floorEditorMachine` as the floor screen drives it (selection, drag offset, pan), with
 * generated devices. Exposes `window.bench` (a `BenchPage`) and `window.reactProbe`.
 */
import { commitCount, countRenderedSince, renderedProps } from './reactProbe';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import Konva from 'konva';
import { useActorRef } from '@xstate/react';
import { floorEditorMachine } from '../../../src/machines/floorEditorMachine';
import type { Placements } from '../../../src/machines/floorEditor/types';
import { FloorScene, type FloorSceneHandle, type SceneInteraction, type ScenePulse, type SceneDevice } from '../../../src/scene/FloorScene';
import { DeviceMarker } from '../../../src/scene/DeviceMarker';
import { frames, PLAN_URL, STAGE_SIZE, type BenchPage } from './benchPage';
import { installDriver } from './driver';
import { useEditorScene } from '../../../src/screens/floor/useEditorScene';

const NO_PULSES: readonly ScenePulse[] = [];

const toPlacements = (devices: readonly SceneDevice[]): Placements =>
  Object.fromEntries(devices.map((d) => [d.id, { x_percent: d.xPercent, y_percent: d.yPercent, fov: d.fov ?? null }]));

/** The floor as the screen builds it: the machine's placements, with a drag on the scene's drag layer (`useEditorScene`). */
function Floor({ devices, pulses }: { devices: readonly SceneDevice[]; pulses: readonly ScenePulse[] }) {
  const sceneRef = useRef<FloorSceneHandle>(null);
  const placements = useMemo(() => toPlacements(devices), [devices]);
  const actor = useActorRef(
    floorEditorMachine.provide({
      actions: {
        commit: ({ self }, { save }) => queueMicrotask(() => self.send({ type: 'save.done', saveId: save.id })),
        zoom: (_, { direction }) => sceneRef.current?.zoomStep(direction),
        fit: () => sceneRef.current?.fitToView(),
        zoomToRect: (_, { rect }) => sceneRef.current?.zoomToRect(rect),
        panBy: (_, { dx, dy }) => sceneRef.current?.panBy(dx, dy),
        requestMode: () => {},
        openShortcuts: () => {},
      },
    }),
    { input: { placements, mode: 'edit' } },
  );
  useEffect(() => actor.send({ type: 'doc.sync', placements }), [actor, placements]);
  bench.selectIds = (ids) => actor.send({ type: 'selection.set', ids: [...ids] });

  // As the floor screen's useFloorEditor: placements where devices rest, the drag's ids,
  // and the drag's offset sent to the scene's drag layer on every move.
  const { placements: shown, selection, marquee, dragging } = useEditorScene(actor, sceneRef);

  // The screen's SceneDevice list: rebuilt when placements change (not during a drag).
  const sceneDevices = useMemo(
    () =>
      devices.flatMap((d) => {
        const p = shown[d.id];
        return p ? [{ ...d, xPercent: p.x_percent, yPercent: p.y_percent, fov: p.fov }] : [];
      }),
    [devices, shown],
  );

  const interaction = useMemo<SceneInteraction>(
    () => ({
      selection,
      marquee,
      dragging,
      onMarkerDown: (id, point, screen, shift, button) => actor.send({ type: 'marker.down', id, point, screen, shift, button }),
      onPlanDown: (point, screen, shift, button) => actor.send({ type: 'plan.down', point, screen, shift, button }),
      onFovHandleDown: (id, handle, point, screen) => actor.send({ type: 'fov.down', id, handle, point, screen }),
      onPointerMove: (point, screen) => actor.send({ type: 'pointer.move', point, screen }),
      onPointerUp: () => actor.send({ type: 'pointer.up' }),
    }),
    [actor, selection, marquee, dragging],
  );
  const onImageLoad = useCallback((size: { width: number; height: number }) => {
    actor.send({ type: 'plan.resize', size });
    bench.planLoaded = true;
  }, [actor]);

  return (
    <FloorScene
      ref={sceneRef}
      imageUrl={PLAN_URL}
      {...STAGE_SIZE}
      devices={sceneDevices}
      pulses={pulses}
      editable
      interaction={interaction}
      onImageLoad={onImageLoad}
    />
  );
}

const bench = {
  selectIds: (_ids: readonly string[]): void => {},
  planLoaded: false,
};

const host = document.getElementById('scene');
if (!host) throw new Error('no #scene element');
const root = createRoot(host);
let state: { devices: readonly SceneDevice[]; pulses: readonly ScenePulse[] } = { devices: [], pulses: NO_PULSES };
const render = (next: typeof state) => {
  state = next;
  flushSync(() => root.render(<Floor devices={state.devices} pulses={state.pulses} />));
};

const page: BenchPage = {
  kind: 'app',
  async ready() {
    render(state);
    while (!bench.planLoaded) await frames(1);
    await frames(3);
  },
  async show(devices) {
    render({ devices, pulses: NO_PULSES });
    // The scene mounts a new floor's markers a slice per frame (issue 5): wait for the last.
    while (host.querySelector('[data-markers-mounting]')) await frames(1);
    await frames(2);
  },
  async select(ids) {
    flushSync(() => bench.selectIds(ids));
    await frames(2);
  },
  async pulse(ids, startedAt) {
    render({ ...state, pulses: ids.map((deviceId, i) => ({ deviceId, tone: i % 2 === 0 ? 'red' : 'blue', startedAt, eventId: `e-${deviceId}` })) });
    await frames(2);
  },
  async setStatus(id, status) {
    render({ ...state, devices: state.devices.map((d) => (d.id === id ? { ...d, status } : d)) });
    await frames(2);
  },
  stage() {
    const found = Konva.stages.find((s) => host.contains(s.container()));
    if (!found) throw new Error('no stage');
    return found;
  },
};

Object.assign(window, {
  reactProbe: {
    commitCount,
    markerSnapshot: () => renderedProps(DeviceMarker.type),
    markersRenderedSince: (before: ReadonlySet<unknown>) => countRenderedSince(DeviceMarker.type, before),
  },
});
installDriver(page);
