// The floor scene's pulse layer in real Chromium: a pulse is drawn in its event type's
// colour around the marker, a newer event for the device replaces it, it fades out and
// stops, and while it animates no other layer is redrawn.
import Konva from 'konva';
import { describe, expect, it, vi } from 'vitest';
import type { FloorSceneProps, ScenePulse, SceneDevice } from '../../src/scene/FloorScene';
import { pulseNodeId } from '../../src/scene/PulseLayer';
import { PULSE_ACTIVE_MS, PULSE_FADE_MS } from '../../src/scene/pulse';
import { EVENT_TONE_HEX } from '../../src/lib/eventColours';
import type { EventTone } from '../../src/lib/eventColours';
import { frames, mountScene, sceneFixture, type MountedScene } from './sceneHarness';

const devices: SceneDevice[] = [
  { id: 'cam-lobby', name: 'Lobby Entrance', status: 'online', xPercent: 14, yPercent: 20 },
  { id: 'cam-dock', name: 'Loading Dock East', status: 'offline', xPercent: 75, yPercent: 80 },
];

const fixture = sceneFixture();
let mounted: MountedScene | null = null;

const props = (pulses: readonly ScenePulse[]): FloorSceneProps => ({ imageUrl: fixture.imageUrl, width: 800, height: 560, devices, pulses, editable: false });
const pulse = (deviceId: string, tone: EventTone, eventId: string, startedAt = Date.now()): ScenePulse => ({ deviceId, tone, eventId, startedAt });

const container = (scene: MountedScene) => scene.host.querySelector('[data-testid="floor-scene"]');
const pulseLayer = (scene: MountedScene) => {
  const layer = scene.stage().getLayers()[2];
  if (!layer) throw new Error('no pulse layer');
  return layer;
};

const hex = (data: Uint8ClampedArray) => `#${[data[0], data[1], data[2]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;

/**
 * Reads the pulse layer's canvas on the most visible ring of `deviceId` (at its radius,
 * right of the centre): that ring's colour and alpha. The rings move every frame, so the
 * ring is read from its node just before the pixel is taken.
 */
function ringPixel(scene: MountedScene, deviceId: string): { colour: string; alpha: number; centre: { x: number; y: number } } {
  const group = scene.stage().findOne((n: Konva.Node) => n.id() === pulseNodeId(deviceId));
  if (!(group instanceof Konva.Group)) throw new Error(`no pulse for ${deviceId}`);
  const rings = group.getChildren().filter((n): n is Konva.Circle => n instanceof Konva.Circle);
  const ring = rings.toSorted((a, b) => b.opacity() - a.opacity())[0];
  if (!ring) throw new Error('no ring');
  const centre = group.getAbsolutePosition();
  const layer = pulseLayer(scene);
  // Draw now, so the canvas matches the ring's current attributes.
  layer.draw();
  const ratio = layer.getCanvas().getPixelRatio();
  const x = centre.x + ring.radius() * group.getAbsoluteScale().x;
  const data = layer.getNativeCanvasElement().getContext('2d')?.getImageData(Math.round(x * ratio), Math.round(centre.y * ratio), 1, 1).data;
  if (!data) throw new Error('no canvas');
  return { colour: hex(data), alpha: (data[3] ?? 0) / 255, centre };
}

/** True when `colour` is within a few units per channel of `expected` (canvas alpha rounding). */
const near = (colour: string, expected: string) =>
  [1, 3, 5].every((i) => Math.abs(parseInt(colour.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) <= 6);

describe('PulseLayer (SPEC.md sections 4 and 9)', () => {
  it('draws a red pulse at the marker of a device with an Intrusion, on a layer above the markers', async () => {
    mounted = await mountScene(props([pulse('cam-lobby', 'red', 'evt-1')]));
    await frames(3);
    expect(container(mounted)).toHaveAttribute('data-pulses', 'cam-lobby:red');
    const layers = mounted.stage().getLayers();
    expect(layers).toHaveLength(3);
    expect(layers[2]?.listening()).toBe(false);

    const read = ringPixel(mounted, 'cam-lobby');
    const marker = mounted.marker('cam-lobby').getAbsolutePosition();
    expect(read.centre.x).toBeCloseTo(marker.x, 6);
    expect(read.centre.y).toBeCloseTo(marker.y, 6);
    expect(read.alpha).toBeGreaterThan(0.3);
    expect(near(read.colour, EVENT_TONE_HEX.red)).toBe(true);
    expect(mounted.stage().findOne((n: Konva.Node) => n.id() === pulseNodeId('cam-dock'))).toBeUndefined();
  });

  it('replaces the pulse when a newer event for the same device comes', async () => {
    mounted = await mountScene(props([pulse('cam-lobby', 'red', 'evt-1')]));
    await frames(2);
    mounted.render(props([pulse('cam-lobby', 'blue', 'evt-2'), pulse('cam-dock', 'orange', 'evt-3')]));
    await frames(3);
    expect(container(mounted)).toHaveAttribute('data-pulses', 'cam-dock:orange,cam-lobby:blue');
    expect(mounted.stage().find((n: Konva.Node) => n.id() === pulseNodeId('cam-lobby'))).toHaveLength(1);
    expect(near(ringPixel(mounted, 'cam-lobby').colour, EVENT_TONE_HEX.blue)).toBe(true);
    expect(near(ringPixel(mounted, 'cam-dock').colour, EVENT_TONE_HEX.orange)).toBe(true);
  });

  it('leaves out pulses of devices not on the floor, and pulses that have faded', async () => {
    const old = Date.now() - PULSE_ACTIVE_MS - PULSE_FADE_MS - 1;
    mounted = await mountScene(props([pulse('cam-elsewhere', 'red', 'evt-1'), pulse('cam-dock', 'green', 'evt-2', old)]));
    await frames(2);
    expect(container(mounted)).toHaveAttribute('data-pulses', '');
  });

  it('fades out, then clears its rings and stops animating', async () => {
    const fading = Date.now() - PULSE_ACTIVE_MS - PULSE_FADE_MS + 300;
    mounted = await mountScene(props([pulse('cam-lobby', 'red', 'evt-1', fading)]));
    expect(container(mounted)).toHaveAttribute('data-pulses', 'cam-lobby:red');
    const scene = mounted;
    await vi.waitFor(() => expect(container(scene)).toHaveAttribute('data-pulses', ''), { timeout: 2000 });
    await frames(2);
    const layer = pulseLayer(scene);
    const draws = vi.spyOn(layer, 'drawScene');
    await frames(5);
    expect(draws).not.toHaveBeenCalled();
    const { width, height } = layer.getCanvas();
    const pixels = layer.getNativeCanvasElement().getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
    expect(pixels.some((value, index) => index % 4 === 3 && value > 0)).toBe(false);
  });

  it('redraws only its own layer while it animates', async () => {
    mounted = await mountScene(props([pulse('cam-lobby', 'red', 'evt-1')]));
    await frames(2);
    const [planLayer, deviceLayer, ownLayer] = mounted.stage().getLayers();
    if (!planLayer || !deviceLayer || !ownLayer) throw new Error('expected three layers');
    const planDraws = vi.spyOn(planLayer, 'drawScene');
    const deviceDraws = vi.spyOn(deviceLayer, 'drawScene');
    const pulseDraws = vi.spyOn(ownLayer, 'drawScene');
    await frames(10);
    expect(pulseDraws.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(deviceDraws).not.toHaveBeenCalled();
    expect(planDraws).not.toHaveBeenCalled();
  });
});
