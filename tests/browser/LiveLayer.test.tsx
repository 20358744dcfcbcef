import { describe, expect, it, vi } from 'vitest';
import type Konva from 'konva';
import type { FloorSceneProps, SceneDevice, SceneInteraction } from '../../src/scene/FloorScene';
import { DRAG_GROUP_NAME, LIVE_LAYER_NAME } from '../../src/scene/LiveLayer';
import { markerNodeId } from '../../src/scene/markerStyle';
import { frames, mountScene, sceneFixture, type MountedScene } from './sceneHarness';

const STAGE = { width: 800, height: 560 };
const fixture = sceneFixture();

/** `count` cameras on a grid, the first `withFov` of them with a field of view. */
const grid = (count: number, withFov = 0): SceneDevice[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `cam-${i}`,
    name: `Camera ${i}`,
    status: i % 7 === 0 ? 'error' : 'online',
    xPercent: 5 + (i % 20) * 4.5,
    yPercent: 5 + Math.floor(i / 20) * 4.5,
    fov: i < withFov ? { heading_deg: 90, angle_deg: 60, range_percent: 5 } : null,
  }));

const interaction = (overrides: Partial<SceneInteraction>): SceneInteraction => ({
  selection: [],
  marquee: null,
  onMarkerDown: vi.fn(),
  onPlanDown: vi.fn(),
  onFovHandleDown: vi.fn(),
  onPointerMove: vi.fn(),
  onPointerUp: vi.fn(),
  ...overrides,
});

/** The devices with `ids` moved by `dx`, `dy` percent, as the editor passes them after a drop. */
const moved = (devices: readonly SceneDevice[], ids: ReadonlySet<string>, dx: number, dy: number): SceneDevice[] =>
  devices.map((d) => (ids.has(d.id) ? { ...d, xPercent: d.xPercent + dx, yPercent: d.yPercent + dy } : d));

const layerNamed = (scene: MountedScene, name: string): Konva.Layer | undefined =>
  scene.stage().getLayers().find((layer) => layer.name() === name);

/** Counts the scene draws of every layer, by Konva's `draw` event (fired once per layer draw). */
function countDraws(stage: Konva.Stage): Map<Konva.Layer, number> {
  const counts = new Map<Konva.Layer, number>();
  for (const layer of stage.getLayers()) {
    counts.set(layer, 0);
    layer.on('draw.test', () => counts.set(layer, (counts.get(layer) ?? 0) + 1));
  }
  return counts;
}

/** The marker nodes for `deviceId`, with the layer each sits on. */
const markersOf = (scene: MountedScene, deviceId: string) =>
  scene
    .stage()
    .find((n: Konva.Node) => n.id() === markerNodeId(deviceId))
    .map((node) => ({ node, layer: node.getLayer()?.name() ?? '' }));

describe('the live layer (drag and hover) over a cached device layer', () => {
  it.each([
    ['one marker', 1],
    ['a 100-marker selection', 100],
  ])('draws %s on its own layer, the only one redrawn while the pointer moves', async (_, draggedCount) => {
    const devices = grid(200, 40);
    const ids = devices.slice(0, draggedCount).map((d) => d.id);
    const base = { imageUrl: fixture.imageUrl, ...STAGE, editable: true } satisfies Partial<FloorSceneProps>;
    const scene = await mountScene({ ...base, devices, interaction: interaction({ selection: ids }) });

    // The drag's first frame: the dragged markers leave the device layer (one redraw there).
    // The editor keeps the devices where they rest and moves the drag layer by an offset.
    scene.handle.current?.moveDrag(1, 1);
    scene.render({ ...base, devices, interaction: interaction({ selection: ids, dragging: ids }) });
    await frames(3);
    const dragLayer = layerNamed(scene, LIVE_LAYER_NAME);
    const deviceLayer = layerNamed(scene, 'device-layer');
    if (!dragLayer || !deviceLayer) throw new Error('no drag or device layer');
    expect(dragLayer.listening()).toBe(false);
    const draws = countDraws(scene.stage());

    const steps = 8;
    for (let step = 2; step <= steps + 1; step += 1) {
      scene.handle.current?.moveDrag(step, step / 2);
      await frames(1);
    }
    await frames(2);

    // Only the drag layer drew; the device layer (and every other) was not touched.
    expect(draws.get(dragLayer)).toBeGreaterThanOrEqual(steps - 1);
    for (const [layer, count] of draws) if (layer !== dragLayer) expect({ layer: layer.name(), count }).toEqual({ layer: layer.name(), count: 0 });

    // The dragged markers live on the drag layer at their live position; the device layer keeps them hidden.
    const plan = scene.viewport();
    for (const id of [ids[0] ?? '', ids.at(-1) ?? '']) {
      const nodes = markersOf(scene, id);
      const onDrag = nodes.find((n) => n.layer === LIVE_LAYER_NAME);
      const onDevices = nodes.find((n) => n.layer === 'device-layer');
      expect(onDrag?.node.isVisible()).toBe(true);
      expect(onDevices?.node.isVisible()).toBe(false);
      const device = devices.find((d) => d.id === id);
      if (!device || !onDrag) throw new Error(`no dragged marker ${id}`);
      const x = plan.x + ((device.xPercent + steps + 1) / 100) * plan.planWidth * plan.scale;
      const y = plan.y + ((device.yPercent + (steps + 1) / 2) / 100) * plan.planHeight * plan.scale;
      expect(onDrag.node.getAbsolutePosition().x).toBeCloseTo(x, 6);
      expect(onDrag.node.getAbsolutePosition().y).toBeCloseTo(y, 6);
    }
    expect(dragLayer.find('.device-marker')).toHaveLength(draggedCount);
    // Their cones and selection rings travel with them.
    expect(dragLayer.find('.fov-cone')).toHaveLength(Math.min(draggedCount, 40));
    expect(dragLayer.find('.selection-outline')).toHaveLength(draggedCount);
  });

  it('moves the drag with no React commit, and a new drag starts where its first offset puts it', async () => {
    const devices = grid(50);
    const base = { imageUrl: fixture.imageUrl, ...STAGE, editable: true } satisfies Partial<FloorSceneProps>;
    const scene = await mountScene({ ...base, devices, interaction: interaction({ selection: ['cam-1'] }) });
    const plan = scene.viewport();
    const device = devices[1];
    if (!device) throw new Error('no device');
    const expectAt = (dx: number, dy: number) => {
      const node = markersOf(scene, 'cam-1').find((n) => n.layer === LIVE_LAYER_NAME)?.node;
      expect(node?.getAbsolutePosition().x).toBeCloseTo(plan.x + ((device.xPercent + dx) / 100) * plan.planWidth * plan.scale, 6);
      expect(node?.getAbsolutePosition().y).toBeCloseTo(plan.y + ((device.yPercent + dy) / 100) * plan.planHeight * plan.scale, 6);
    };

    // The editor sends the first offset before React draws the drag layer.
    scene.handle.current?.moveDrag(3, 2);
    scene.render({ ...base, devices, interaction: interaction({ selection: ['cam-1'], dragging: ['cam-1'] }) });
    await frames(2);
    expectAt(3, 2);

    const commits = scene.commits();
    for (let step = 1; step <= 5; step += 1) {
      scene.handle.current?.moveDrag(3 + step, 2 - step);
      await frames(1);
    }
    expect(scene.commits()).toBe(commits);
    expectAt(8, -3);

    // Released, then a second drag: it starts at its own first offset, not the last one.
    scene.render({ ...base, devices: moved(devices, new Set(['cam-1']), 8, -3), interaction: interaction({ selection: ['cam-1'] }) });
    await frames(1);
    // (The count does see renders: the drop is one.)
    expect(scene.commits()).toBeGreaterThan(commits);
    const dropped = moved(devices, new Set(['cam-1']), 8, -3);
    scene.handle.current?.moveDrag(0.5, 0);
    scene.render({ ...base, devices: dropped, interaction: interaction({ selection: ['cam-1'], dragging: ['cam-1'] }) });
    await frames(2);
    expectAt(8.5, -3);
  });

  it('puts the markers back on the device layer at the drop, and removes the drag layer', async () => {
    const devices = grid(20);
    const ids = ['cam-3'];
    const base = { imageUrl: fixture.imageUrl, ...STAGE, editable: true } satisfies Partial<FloorSceneProps>;
    const scene = await mountScene({ ...base, devices, interaction: interaction({ selection: ids }) });
    scene.handle.current?.moveDrag(10, 5);
    scene.render({ ...base, devices, interaction: interaction({ selection: ids, dragging: ids }) });
    await frames(2);
    expect(layerNamed(scene, LIVE_LAYER_NAME)?.findOne(`.${DRAG_GROUP_NAME}`)).toBeDefined();

    const dropped = moved(devices, new Set(ids), 10, 5);
    scene.render({ ...base, devices: dropped, interaction: interaction({ selection: ids }) });
    await frames(2);
    expect(layerNamed(scene, LIVE_LAYER_NAME)?.findOne(`.${DRAG_GROUP_NAME}`)).toBeUndefined();
    const nodes = markersOf(scene, 'cam-3');
    expect(nodes).toHaveLength(1);
    expect(nodes[0]?.layer).toBe('device-layer');
    expect(nodes[0]?.node.isVisible()).toBe(true);
    const plan = scene.viewport();
    const device = dropped.find((d) => d.id === 'cam-3');
    expect(nodes[0]?.node.getAbsolutePosition().x).toBeCloseTo(plan.x + ((device?.xPercent ?? 0) / 100) * plan.planWidth * plan.scale, 6);
  });

  it('caches the device layer as one bitmap that still answers hits, and redraws it when one marker changes', async () => {
    const devices = grid(200);
    const onMarkerDown = vi.fn();
    const base = { imageUrl: fixture.imageUrl, ...STAGE, editable: true } satisfies Partial<FloorSceneProps>;
    const scene = await mountScene({ ...base, devices, interaction: interaction({ onMarkerDown }) });
    const group = scene.stage().findOne('.device-markers');
    expect(group?.isCached()).toBe(true);

    // A status change re-caches: the marker's new colour is in the bitmap.
    const target = devices[21];
    if (!target) throw new Error('no device');
    const plan = scene.viewport();
    const at = { x: plan.x + (target.xPercent / 100) * plan.planWidth * plan.scale, y: plan.y + (target.yPercent / 100) * plan.planHeight * plan.scale };
    const layer = layerNamed(scene, 'device-layer');
    const pixel = () => {
      layer?.draw();
      const ratio = layer?.getCanvas().getPixelRatio() ?? 1;
      const data = layer?.getNativeCanvasElement().getContext('2d')?.getImageData(Math.round((at.x + 8) * ratio), Math.round((at.y + 8) * ratio), 1, 1).data;
      return [data?.[0], data?.[1], data?.[2]];
    };
    const before = pixel();
    scene.render({ ...base, devices: devices.map((d) => (d === target ? { ...d, status: 'offline' as const } : d)), interaction: interaction({ onMarkerDown }) });
    await frames(2);
    expect(pixel()).not.toEqual(before);

    // A press on the cached bitmap still finds the marker.
    const box = scene.stage().content.getBoundingClientRect();
    scene.stage().content.dispatchEvent(
      new PointerEvent('pointerdown', { clientX: box.left + at.x, clientY: box.top + at.y, bubbles: true, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true }),
    );
    expect(onMarkerDown).toHaveBeenCalledWith(target.id, expect.anything(), expect.anything(), false, 'primary');
  });

  it('draws the marker under the pointer on the hover layer, larger and named, without redrawing the device layer', async () => {
    const devices = grid(200);
    const base = { imageUrl: fixture.imageUrl, ...STAGE, editable: true } satisfies Partial<FloorSceneProps>;
    const scene = await mountScene({ ...base, devices, interaction: interaction({}) });
    const draws = countDraws(scene.stage());
    const deviceLayer = layerNamed(scene, 'device-layer');
    const target = devices[45];
    if (!target || !deviceLayer) throw new Error('no device or layer');
    const plan = scene.viewport();
    const at = { x: plan.x + (target.xPercent / 100) * plan.planWidth * plan.scale, y: plan.y + (target.yPercent / 100) * plan.planHeight * plan.scale };
    const box = scene.stage().content.getBoundingClientRect();
    const move = (x: number, y: number, buttons = 0) =>
      scene
        .stage()
        .content.dispatchEvent(new PointerEvent('pointermove', { clientX: box.left + x, clientY: box.top + y, buttons, bubbles: true, pointerId: 1, pointerType: 'mouse', isPrimary: true }));

    // A pointer with a button held (a pan) passes over the marker without a hover.
    move(at.x, at.y, 4);
    await frames(2);
    expect(layerNamed(scene, LIVE_LAYER_NAME)?.find('.device-marker')).toHaveLength(0);
    move(2, 2, 4);
    await frames(1);

    move(at.x, at.y);
    await frames(2);
    const copy = markersOf(scene, target.id).find((n) => n.layer === LIVE_LAYER_NAME)?.node;
    expect(copy?.getAbsoluteScale().x).toBeCloseTo(1.12, 6);
    expect(copy?.getAttr('labelText')).toBe(target.name);
    expect(layerNamed(scene, LIVE_LAYER_NAME)?.listening()).toBe(false);

    move(2, 2);
    await frames(2);
    expect(layerNamed(scene, LIVE_LAYER_NAME)?.find('.device-marker')).toHaveLength(0);
    expect(draws.get(deviceLayer)).toBe(0);
  });
});
