import { describe, expect, it, vi } from 'vitest';
import Konva from 'konva';
import type { FloorSceneProps, SceneDevice, SceneInteraction } from '../../src/scene/FloorScene';
import { frames, mountScene, sceneFixture, stageOrigin, type MountedScene } from './sceneHarness';

const devices: SceneDevice[] = [
  { id: 'cam-lobby', name: 'Lobby Entrance', status: 'online', xPercent: 14, yPercent: 20, fov: { heading_deg: 90, angle_deg: 60, range_percent: 10 } },
  { id: 'cam-dock', name: 'Loading Dock East', status: 'offline', xPercent: 75, yPercent: 80 },
];

const STAGE = { width: 800, height: 560 };
const fixture = sceneFixture();
let mounted: MountedScene | null = null;

const interaction = (overrides: Partial<SceneInteraction> = {}): SceneInteraction => ({
  selection: [],
  marquee: null,
  onMarkerDown: vi.fn(),
  onPlanDown: vi.fn(),
  onFovHandleDown: vi.fn(),
  onPointerMove: vi.fn(),
  onPointerUp: vi.fn(),
  ...overrides,
});

const props = (overrides: Partial<FloorSceneProps> = {}): FloorSceneProps => ({ imageUrl: fixture.imageUrl, ...STAGE, devices, editable: true, ...overrides });

/** A percent position in stage px, from the container's data attributes. */
const stageAt = (scene: MountedScene, xPercent: number, yPercent: number) => {
  const v = scene.viewport();
  return { x: v.x + (xPercent / 100) * v.planWidth * v.scale, y: v.y + (yPercent / 100) * v.planHeight * v.scale };
};

const node = <T extends Konva.Node>(scene: MountedScene, name: string, type: new (...args: never[]) => T): T[] =>
  scene.stage().find(`.${name}`).filter((n): n is T => n instanceof type);

describe('FloorScene driven by an editor', () => {
  it('outlines the selection and draws the marquee in plan percent on a layer that never listens', async () => {
    mounted = await mountScene(props({ interaction: interaction({ selection: ['cam-dock'], marquee: { left: 10, top: 10, right: 50, bottom: 40 } }) }));
    const [outline] = node(mounted, 'selection-outline', Konva.Circle);
    if (!outline) throw new Error('no selection outline');
    const at = stageAt(mounted, 75, 80);
    expect(outline.getAbsolutePosition().x).toBeCloseTo(at.x, 3);
    expect(outline.getAbsolutePosition().y).toBeCloseTo(at.y, 3);
    expect(outline.getLayer()?.listening()).toBe(false);

    const [marquee] = node(mounted, 'marquee', Konva.Rect);
    if (!marquee) throw new Error('no marquee');
    const corner = stageAt(mounted, 10, 10);
    const far = stageAt(mounted, 50, 40);
    const box = marquee.getClientRect({ skipStroke: true });
    expect(box.x).toBeCloseTo(corner.x, 0);
    expect(box.y).toBeCloseTo(corner.y, 0);
    expect(box.x + box.width).toBeCloseTo(far.x, 0);
    expect(box.y + box.height).toBeCloseTo(far.y, 0);
    expect(mounted.marker('cam-dock').draggable()).toBe(false);
    expect(mounted.stage().draggable()).toBe(false);
  });

  it('draws a camera\'s field of view as a wedge: range in % of the plan width, heading clockwise from up', async () => {
    mounted = await mountScene(props());
    const [cone] = node(mounted, 'fov-cone', Konva.Wedge);
    if (!cone) throw new Error('no cone');
    const v = mounted.viewport();
    expect(cone.radius()).toBeCloseTo(0.1 * v.planWidth, 5);
    expect(cone.angle()).toBe(60);
    // Heading 90° (east), 60° wide: Konva's wedge starts 30° above east.
    expect(cone.rotation()).toBe(-30);
    const at = stageAt(mounted, 14, 20);
    expect(cone.getAbsolutePosition().x).toBeCloseTo(at.x, 3);
    expect(node(mounted, 'fov-cone', Konva.Wedge)).toHaveLength(1);
  });

  it('reports a press on a marker with its id and the plan percent under the pointer', async () => {
    const editor = interaction();
    mounted = await mountScene(props({ interaction: editor }));
    await frames(2);
    const at = stageAt(mounted, 75, 80);
    const { left, top } = stageOrigin(mounted.stage());
    const init = { clientX: left + at.x, clientY: top + at.y, bubbles: true, cancelable: true, pointerId: 1, pointerType: 'mouse', button: 0, buttons: 1 };
    mounted.stage().content.dispatchEvent(new PointerEvent('pointerdown', init));
    expect(editor.onMarkerDown).toHaveBeenCalledTimes(1);
    const [id, percent, , shift, button] = vi.mocked(editor.onMarkerDown).mock.calls[0] ?? [];
    expect([id, shift, button]).toEqual(['cam-dock', false, 'primary']);
    expect(percent?.x).toBeCloseTo(75, 1);
    expect(percent?.y).toBeCloseTo(80, 1);
    expect(editor.onPlanDown).not.toHaveBeenCalled();
  });
});
