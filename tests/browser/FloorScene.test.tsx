import { describe, expect, it, vi } from 'vitest';
import type { FloorSceneProps, SceneDevice } from '../../src/scene/FloorScene';
import { fitViewport, wheelZoomFactor } from '../../src/scene/geometry';
import { STATUS_COLOURS } from '../../src/scene/markerStyle';
import { PLAN_HEIGHT, PLAN_WIDTH } from './planImage';
import { drag, frames, mountScene, sceneFixture, wheel, type MountedScene } from './sceneHarness';

const devices: SceneDevice[] = [
  { id: 'cam-lobby', name: 'Lobby Entrance', status: 'online', xPercent: 14, yPercent: 20 },
  { id: 'cam-server', name: 'Server Room', status: 'error', xPercent: 85, yPercent: 18 },
  { id: 'cam-dock', name: 'Loading Dock East', status: 'offline', xPercent: 75, yPercent: 80 },
];

const STAGE = { width: 800, height: 560 };
const fixture = sceneFixture();

const props = (overrides: Partial<FloorSceneProps> = {}): FloorSceneProps => ({
  imageUrl: fixture.imageUrl,
  ...STAGE,
  devices,
  editable: true,
  ...overrides,
});

const mount = (overrides: Partial<FloorSceneProps> = {}) => mountScene(props(overrides));

/** Where the container's data attributes say a percent position is, in stage px. */
const expectedAt = (scene: MountedScene, xPercent: number, yPercent: number) => {
  const v = scene.viewport();
  return { x: v.x + (xPercent / 100) * v.planWidth * v.scale, y: v.y + (yPercent / 100) * v.planHeight * v.scale };
};

describe('FloorScene', () => {
  it('fits the plan into the stage and reports its natural size', async () => {
    const onImageLoad = vi.fn();
    const scene = await mount({ onImageLoad });
    const fit = fitViewport({ width: PLAN_WIDTH, height: PLAN_HEIGHT }, STAGE);
    const v = scene.viewport();
    expect(v.planWidth).toBe(PLAN_WIDTH);
    expect(v.planHeight).toBe(PLAN_HEIGHT);
    expect(v.scale).toBeCloseTo(fit.scale, 9);
    expect(v.x).toBeCloseTo(fit.x, 9);
    expect(v.y).toBeCloseTo(fit.y, 9);
    expect(scene.stage().scaleX()).toBeCloseTo(fit.scale, 9);
    expect(onImageLoad).toHaveBeenCalledExactlyOnceWith({ width: PLAN_WIDTH, height: PLAN_HEIGHT });
  });

  it('draws each marker where its percent says', async () => {
    const scene = await mount();
    for (const device of devices) {
      const at = scene.marker(device.id).getAbsolutePosition();
      const expected = expectedAt(scene, device.xPercent, device.yPercent);
      expect(at.x).toBeCloseTo(expected.x, 6);
      expect(at.y).toBeCloseTo(expected.y, 6);
    }
  });

  it('colours markers by status on the canvas and puts a white sheet under the plan', async () => {
    const scene = await mount();
    const [planLayer, deviceLayer] = scene.stage().getLayers();
    if (!planLayer || !deviceLayer) throw new Error('expected a plan layer and a device layer');
    const pixel = (layer: typeof planLayer, x: number, y: number) => {
      const ratio = layer.getCanvas().getPixelRatio();
      const context = layer.getNativeCanvasElement().getContext('2d');
      const data = context?.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
      return `#${[...(data ?? [])].slice(0, 3).map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    };
    for (const device of devices) {
      const at = expectedAt(scene, device.xPercent, device.yPercent);
      // 10 CSS px above the centre: inside the disc, above the white camera glyph.
      expect(pixel(deviceLayer, at.x, at.y - 10)).toBe(STATUS_COLOURS[device.status]);
    }
    // 1 % in from the plan's corner, outside the outer wall: transparent in the image.
    const corner = expectedAt(scene, 1, 1);
    expect(pixel(planLayer, corner.x, corner.y)).toBe('#ffffff');
  });

  it('zooms towards the cursor on wheel: the plan point under it stays put', async () => {
    const scene = await mount();
    const before = scene.viewport();
    const cursor = { x: 610, y: 150 };
    const planUnderCursor = { x: (cursor.x - before.x) / before.scale, y: (cursor.y - before.y) / before.scale };

    await wheel(scene.stage(), cursor, -100);
    await vi.waitFor(() => expect(scene.viewport().scale).not.toBe(before.scale));

    const after = scene.viewport();
    expect(after.scale).toBeCloseTo(before.scale * wheelZoomFactor(-100), 9);
    expect(after.x + planUnderCursor.x * after.scale).toBeCloseTo(cursor.x, 6);
    expect(after.y + planUnderCursor.y * after.scale).toBeCloseTo(cursor.y, 6);
    // Markers follow, and keep their CSS px size (counter-scaled).
    const server = scene.marker('cam-server');
    const expected = expectedAt(scene, 85, 18);
    expect(server.getAbsolutePosition().x).toBeCloseTo(expected.x, 6);
    expect(server.getAbsoluteScale().x).toBeCloseTo(1, 9);
  });

  it('calls onDeviceMove with the dropped percent when a marker is dragged in edit mode', async () => {
    const onDeviceMove = vi.fn();
    const scene = await mount({ onDeviceMove });
    expect(scene.marker('cam-lobby').draggable()).toBe(true);
    // Whole CSS px, as mouse events carry: the drop lands exactly `delta` from the start.
    const start = expectedAt(scene, 14, 20);
    const from = { x: Math.round(start.x), y: Math.round(start.y) };
    const delta = { x: 190, y: 170 };

    await drag(scene.stage(), from, { x: from.x + delta.x, y: from.y + delta.y });

    expect(onDeviceMove).toHaveBeenCalledTimes(1);
    const [id, xPercent, yPercent] = onDeviceMove.mock.calls[0] ?? [];
    const { planWidth, planHeight, scale } = scene.viewport();
    expect(id).toBe('cam-lobby');
    expect(xPercent).toBeCloseTo(14 + (delta.x / (planWidth * scale)) * 100, 2);
    expect(yPercent).toBeCloseTo(20 + (delta.y / (planHeight * scale)) * 100, 2);
    // A marker drag is not a pan.
    expect(scene.viewport().x).toBeCloseTo(fitViewport({ width: PLAN_WIDTH, height: PLAN_HEIGHT }, STAGE).x, 9);
  });

  it('clamps a drop past the plan edge to 0..100 and keeps the marker on the plan while dragging', async () => {
    const onDeviceMove = vi.fn();
    const scene = await mount({ onDeviceMove });
    const from = expectedAt(scene, 85, 18);
    const v = scene.viewport();
    await drag(scene.stage(), from, { x: v.x + v.planWidth * v.scale + 200, y: v.y - 200 });
    expect(onDeviceMove).toHaveBeenCalledExactlyOnceWith('cam-server', 100, 0);
  });

  it('moves the marker for good when the parent saves the new position', async () => {
    let current = devices;
    const scene = await mount();
    const onDeviceMove = (id: string, xPercent: number, yPercent: number) => {
      current = current.map((d) => (d.id === id ? { ...d, xPercent, yPercent } : d));
      scene.render(props({ devices: current, onDeviceMove }));
    };
    scene.render(props({ onDeviceMove }));
    await frames(2);

    await drag(scene.stage(), expectedAt(scene, 75, 80), expectedAt(scene, 50, 50));
    await frames(1);

    const at = scene.marker('cam-dock').getAbsolutePosition();
    const expected = expectedAt(scene, 50, 50);
    expect(at.x).toBeCloseTo(expected.x, 6);
    expect(at.y).toBeCloseTo(expected.y, 6);
  });

  it('puts a marker back where its props say when the parent does not save the move', async () => {
    const scene = await mount({ onDeviceMove: vi.fn() });
    await drag(scene.stage(), expectedAt(scene, 14, 20), expectedAt(scene, 60, 60));
    const expected = expectedAt(scene, 14, 20);
    expect(scene.marker('cam-lobby').getAbsolutePosition().x).toBeCloseTo(expected.x, 6);
  });

  it('does not let markers move when not editable: the drag pans the view instead', async () => {
    const onDeviceMove = vi.fn();
    const scene = await mount({ editable: false, onDeviceMove });
    for (const device of devices) expect(scene.marker(device.id).draggable()).toBe(false);
    const before = scene.viewport();
    const from = expectedAt(scene, 14, 20);

    await drag(scene.stage(), from, { x: from.x + 120, y: from.y + 40 });

    expect(onDeviceMove).not.toHaveBeenCalled();
    const after = scene.viewport();
    expect(after.x).toBeCloseTo(before.x + 120, 6);
    expect(after.y).toBeCloseTo(before.y + 40, 6);
    // The marker moved with the plan and still sits at its percent.
    const expected = expectedAt(scene, 14, 20);
    expect(scene.marker('cam-lobby').getAbsolutePosition().x).toBeCloseTo(expected.x, 6);
  });

  it('pans by dragging the background and reports the view centre in percent', async () => {
    const scene = await mount();
    expect(scene.handle.current?.viewCentrePercent()).toEqual({ xPercent: 50, yPercent: 50 });
    const before = scene.viewport();

    // Drag the plan 100 CSS px left: the view centre moves right on the plan.
    await drag(scene.stage(), { x: 500, y: 400 }, { x: 400, y: 400 });

    const after = scene.viewport();
    expect(after.x).toBeCloseTo(before.x - 100, 6);
    const centre = scene.handle.current?.viewCentrePercent();
    expect(centre?.xPercent).toBeCloseTo(50 + (100 / (PLAN_WIDTH * after.scale)) * 100, 6);
    expect(centre?.yPercent).toBeCloseTo(50, 6);
  });

  it('pans from the editor without a React render, and a fit or a press after the pan sees where the view is', async () => {
    const interaction = { selection: [], marquee: null, onMarkerDown: vi.fn(), onPlanDown: vi.fn(), onFovHandleDown: vi.fn(), onPointerMove: vi.fn(), onPointerUp: vi.fn() };
    const scene = await mount({ interaction });
    // Zoomed in one step, so there is room to pan.
    scene.handle.current?.zoomStep('in');
    await frames(2);
    const before = scene.viewport();
    const commits = scene.commits();
    for (let step = 0; step < 5; step += 1) {
      scene.handle.current?.panBy(-10, -4);
      await frames(1);
    }
    expect(scene.commits()).toBe(commits);
    // The stage and the container's attributes moved at once.
    expect(scene.viewport().x).toBeCloseTo(before.x - 50, 6);
    expect(scene.viewport().y).toBeCloseTo(before.y - 20, 6);
    expect(scene.stage().x()).toBeCloseTo(before.x - 50, 6);

    // A press reports the plan point under it in the panned view.
    const box = scene.stage().content.getBoundingClientRect();
    scene.stage().content.dispatchEvent(
      new PointerEvent('pointerdown', { clientX: box.left + 400, clientY: box.top + 300, bubbles: true, button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true }),
    );
    const v = scene.viewport();
    expect(interaction.onPlanDown).toHaveBeenCalledTimes(1);
    const [at] = interaction.onPlanDown.mock.calls[0] ?? [];
    expect(at.x).toBeCloseTo(((400 - v.x) / (v.scale * PLAN_WIDTH)) * 100, 6);
    expect(at.y).toBeCloseTo(((300 - v.y) / (v.scale * PLAN_HEIGHT)) * 100, 6);

    // Once the pan pauses React catches up (one render), and the view stays put.
    await vi.waitFor(() => expect(scene.commits()).toBeGreaterThan(commits));
    expect(scene.stage().x()).toBeCloseTo(before.x - 50, 6);

    // A fit right after a pan (nothing left to render) still puts the stage back.
    scene.handle.current?.fitToView();
    await frames(2);
    const fit = fitViewport({ width: PLAN_WIDTH, height: PLAN_HEIGHT }, STAGE);
    scene.handle.current?.panBy(-30, 0);
    scene.handle.current?.fitToView();
    await frames(2);
    expect(scene.stage().x()).toBeCloseTo(fit.x, 6);
    expect(scene.viewport().x).toBeCloseTo(fit.x, 6);
  });

  it('refits on resize until the user moves the view, and fitToView refits', async () => {
    const scene = await mount();
    scene.render(props({ width: 600, height: 400 }));
    const refit = fitViewport({ width: PLAN_WIDTH, height: PLAN_HEIGHT }, { width: 600, height: 400 });
    expect(scene.viewport().scale).toBeCloseTo(refit.scale, 9);

    await wheel(scene.stage(), { x: 300, y: 200 }, -100);
    await vi.waitFor(() => expect(scene.viewport().scale).not.toBeCloseTo(refit.scale, 9));
    const zoomed = scene.viewport();
    scene.render(props({ width: 700, height: 450 }));
    expect(scene.viewport()).toEqual(zoomed);

    scene.handle.current?.fitToView();
    await vi.waitFor(() =>
      expect(scene.viewport().scale).toBeCloseTo(
        fitViewport({ width: PLAN_WIDTH, height: PLAN_HEIGHT }, { width: 700, height: 450 }).scale,
        9,
      ),
    );
  });

  it('refits when the image changes', async () => {
    const scene = await mount();
    await wheel(scene.stage(), { x: 300, y: 200 }, -100);
    await vi.waitFor(() => expect(scene.viewport().scale).toBeGreaterThan(0.5));

    const square = document.createElement('canvas');
    square.width = 400;
    square.height = 400;
    scene.render(props({ imageUrl: square.toDataURL('image/png') }));
    await vi.waitFor(() => expect(scene.viewport().planWidth).toBe(400));
    expect(scene.viewport().scale).toBeCloseTo(fitViewport({ width: 400, height: 400 }, STAGE).scale, 9);
  });
});
