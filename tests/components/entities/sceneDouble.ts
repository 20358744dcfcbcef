/**
 * Pieces of the FloorScene test double shared by the floor screen's component tests
 * (Konva cannot draw in jsdom). Import them inside a `vi.mock` factory with `await import`.
 */
import type { FloorSceneHandle } from '../../../src/scene/FloorScene';
import type { SceneInteraction } from '../../../src/scene/interaction';
import { planPercent, stagePoint } from '../../../src/scene/geometry';

/** A scene handle whose view centre is `centre` (percent) and whose other calls do nothing unless given. */
export function sceneHandle(centre: { xPercent: number; yPercent: number }, overrides: Partial<FloorSceneHandle> = {}): FloorSceneHandle {
  return {
    viewCentrePercent: () => centre,
    fitToView: () => {},
    zoomStep: () => {},
    panBy: () => {},
    moveDrag: () => {},
    zoomToRect: () => {},
    percentAtClient: () => ({ xPercent: 33, yPercent: 44 }),
    ...overrides,
  };
}

/**
 * Drags the marker `id`, drawn at `x`/`y` percent, to 75 % / 25 % through the editor's
 * pointer callbacks (down, move, up), as a mouse would on the real scene.
 */
export function dragMarkerTo75x25(interaction: SceneInteraction | undefined, id: string, x: number, y: number): void {
  if (!interaction) return;
  interaction.onMarkerDown(id, planPercent(x, y), stagePoint(0, 0), false, 'primary');
  interaction.onPointerMove(planPercent(75, 25), stagePoint(100, 100), 'marker');
  interaction.onPointerUp();
}
