/**
 * Mounts FloorScene into a real DOM container with real Konva, and drives it with the
 * DOM events a browser sends (mousedown on the stage, mousemove/mouseup on window, wheel).
 */
import Konva from 'konva';
import { createRef, Profiler, type RefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { page } from 'vitest/browser';
import { FloorScene, type FloorSceneHandle, type FloorSceneProps } from '../../src/scene/FloorScene';
import { markerNodeId } from '../../src/scene/markerStyle';
import { drawPlanImage } from './planImage';

export interface MountedScene {
  host: HTMLDivElement;
  handle: RefObject<FloorSceneHandle | null>;
  render(props: FloorSceneProps): void;
  /** React commits of the scene's tree so far (a `<Profiler>` around it). */
  commits(): number;
  stage(): Konva.Stage;
  marker(deviceId: string): Konva.Shape;
  viewport(): { x: number; y: number; scale: number; planWidth: number; planHeight: number };
  unmount(): void;
}

/** Scenes mounted since the last test ended; {@link sceneFixture} unmounts them. */
const live = new Set<MountedScene>();

/**
 * The set-up every scene test file shares: a 1000 × 700 viewport and the drawn test plan
 * before the file's tests, and every scene a test mounted unmounted after it.
 * @returns the plan image's object URL (read it inside tests: it is set in beforeAll)
 */
export function sceneFixture(): { readonly imageUrl: string } {
  const fixture = { imageUrl: '' };
  beforeAll(async () => {
    await page.viewport(1000, 700);
    fixture.imageUrl = drawPlanImage();
  });
  afterEach(() => {
    for (const scene of live) scene.unmount();
  });
  return fixture;
}

/** Renders FloorScene at the top left of the page and waits until its plan image is drawn. */
export async function mountScene(props: FloorSceneProps): Promise<MountedScene> {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0';
  document.body.append(host);
  const root: Root = createRoot(host);
  const handle = createRef<FloorSceneHandle>();
  let commits = 0;
  const counted = () => {
    commits += 1;
  };
  const render = (next: FloorSceneProps) =>
    flushSync(() =>
      root.render(
        <Profiler id="scene" onRender={counted}>
          <FloorScene {...next} ref={handle} />
        </Profiler>,
      ),
    );
  render(props);

  const container = () => host.querySelector<HTMLElement>('[data-testid="floor-scene"]');
  const read = (name: string) => Number(container()?.getAttribute(`data-${name}`));
  const stage = () => {
    const found = Konva.stages.find((candidate) => host.contains(candidate.container()));
    if (!found) throw new Error('no Konva stage in the host');
    return found;
  };

  if (props.imageUrl) await vi.waitFor(() => expectLoaded(read('plan-width')), { timeout: 5000 });
  // A large floor's markers mount in slices (issue 5): wait for the last one.
  await vi.waitFor(() => expect(container()?.hasAttribute('data-markers-mounting')).toBe(false), { timeout: 5000 });
  await frames(2);

  const mounted: MountedScene = {
    host,
    handle,
    render,
    commits: () => commits,
    stage,
    marker(deviceId) {
      const node = stage().findOne((n: Konva.Node) => n.id() === markerNodeId(deviceId));
      if (!(node instanceof Konva.Shape)) throw new Error(`no marker for ${deviceId}`);
      return node;
    },
    viewport: () => ({
      x: read('viewport-x'),
      y: read('viewport-y'),
      scale: read('viewport-scale'),
      planWidth: read('plan-width'),
      planHeight: read('plan-height'),
    }),
    unmount() {
      if (!live.delete(mounted)) return;
      root.unmount();
      host.remove();
    },
  };
  live.add(mounted);
  return mounted;
}

function expectLoaded(planWidth: number): void {
  if (!(planWidth > 0)) throw new Error('plan image not loaded yet');
}

/** Waits for `count` animation frames, so Konva's batched draws (and hit canvases) are done. */
export async function frames(count = 1): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** The stage content element's top-left corner in client (screen) px. */
export function stageOrigin(stage: Konva.Stage): { left: number; top: number } {
  const rect = stage.content.getBoundingClientRect();
  return { left: rect.left, top: rect.top };
}

const mouse = (target: EventTarget, type: string, clientX: number, clientY: number) =>
  target.dispatchEvent(
    new MouseEvent(type, { clientX, clientY, bubbles: true, cancelable: true, button: 0, buttons: type === 'mouseup' ? 0 : 1 }),
  );

/**
 * Presses the mouse at stage point `from`, moves in steps to `to` (stage CSS px), and
 * releases, as a real drag does: the press on the stage, moves and release on window.
 */
export async function drag(stage: Konva.Stage, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const { left, top } = stageOrigin(stage);
  mouse(stage.content, 'mousedown', left + from.x, top + from.y);
  const steps = 5;
  for (let i = 1; i <= steps; i += 1) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    mouse(window, 'mousemove', left + x, top + y);
    await frames(1);
  }
  mouse(window, 'mouseup', left + to.x, top + to.y);
  await frames(2);
}

/** Sends one wheel event at stage point `at` (CSS px); negative deltaY zooms in. */
export async function wheel(stage: Konva.Stage, at: { x: number; y: number }, deltaY: number): Promise<void> {
  const { left, top } = stageOrigin(stage);
  stage.content.dispatchEvent(
    new WheelEvent('wheel', { clientX: left + at.x, clientY: top + at.y, deltaY, bubbles: true, cancelable: true }),
  );
  await frames(2);
}
