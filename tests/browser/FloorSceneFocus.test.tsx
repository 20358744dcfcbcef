// FloorScene's focusDeviceId: the device opened from an alert is brought to the middle of
// the view once, and the user's own pan afterwards stands.
import { describe, expect, it } from 'vitest';
import type { FloorSceneProps, SceneDevice } from '../../src/scene/FloorScene';
import { drag, frames, mountScene, sceneFixture, type MountedScene } from './sceneHarness';

const devices: SceneDevice[] = [
  { id: 'cam-lobby', name: 'Lobby Entrance', status: 'online', xPercent: 14, yPercent: 20 },
  { id: 'cam-dock', name: 'Loading Dock East', status: 'offline', xPercent: 75, yPercent: 80 },
];
const STAGE = { width: 800, height: 560 };
const fixture = sceneFixture();
let mounted: MountedScene | null = null;
const props = (focusDeviceId: string | null): FloorSceneProps => ({ imageUrl: fixture.imageUrl, ...STAGE, devices, editable: false, focusDeviceId });

describe('FloorScene focusDeviceId', () => {
  it('centres the focused device once, then leaves the view to the user', async () => {
    mounted = await mountScene(props('cam-dock'));
    await frames(2);
    const at = mounted.marker('cam-dock').getAbsolutePosition();
    expect(at.x).toBeCloseTo(STAGE.width / 2, 3);
    expect(at.y).toBeCloseTo(STAGE.height / 2, 3);

    await drag(mounted.stage(), { x: 300, y: 100 }, { x: 360, y: 140 });
    mounted.render(props('cam-dock'));
    await frames(2);
    const after = mounted.marker('cam-dock').getAbsolutePosition();
    expect(after.x).toBeCloseTo(STAGE.width / 2 + 60, 0);
    expect(after.y).toBeCloseTo(STAGE.height / 2 + 40, 0);
  });

  it('leaves the fitted view alone without a focus', async () => {
    mounted = await mountScene(props(null));
    await frames(2);
    const at = mounted.marker('cam-dock').getAbsolutePosition();
    expect(Math.abs(at.x - STAGE.width / 2)).toBeGreaterThan(50);
  });
});
