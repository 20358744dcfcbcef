import Konva from 'konva';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { FloorScene, type FloorSceneProps } from '../../src/scene/FloorScene';
import { PLAN_GROUP_NAME, PLAN_IMAGE_NAME } from '../../src/scene/PlanLayer';
import { displayPixelsPerScreenPixel } from '../../src/scene/planResolution';
import { PlanVariantsContext, type PlanVariants } from '../../src/scene/planVariants';
import { drag, frames, wheel } from './sceneHarness';
import { stripesPng } from './stripesPng';

/** A large plan: the original is 4000 × 2500 px, its display version 1000 × 625 (a quarter). */
const NATURAL = { width: 4000, height: 2500 };
const DISPLAY = { width: 1000, height: 625 };
const STAGE = { width: 800, height: 560 };
const DISPLAY_COLOUR = '#2255cc';
const ORIGINAL_COLOUR = '#22aa55';

let displayUrl = '';
let originalBlob: Blob;
let host: HTMLDivElement | null = null;
let root: Root | null = null;

beforeAll(async () => {
  await page.viewport(1000, 700);
  displayUrl = URL.createObjectURL(await stripesPng(DISPLAY, [DISPLAY_COLOUR]));
  originalBlob = await stripesPng(NATURAL, [ORIGINAL_COLOUR]);
});

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

/** Mounts FloorScene with the display version as its image and the variants provided, as FloorCanvas does. */
async function mountLargePlan(loadOriginal: PlanVariants['loadOriginal'], overrides: Partial<FloorSceneProps> = {}) {
  host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0';
  document.body.append(host);
  const mountedRoot = createRoot(host);
  root = mountedRoot;
  const variants: PlanVariants = { forUrl: displayUrl, naturalWidth: NATURAL.width, naturalHeight: NATURAL.height, loadOriginal };
  flushSync(() =>
    mountedRoot.render(
      <PlanVariantsContext value={variants}>
        <FloorScene imageUrl={displayUrl} {...STAGE} devices={[]} editable {...overrides} />
      </PlanVariantsContext>,
    ),
  );
  const container = () => host?.querySelector<HTMLElement>('[data-testid="floor-scene"]');
  await vi.waitFor(() => expect(Number(container()?.getAttribute('data-plan-width'))).toBeGreaterThan(0), { timeout: 5000 });
  await frames(2);
  const stage = Konva.stages.find((candidate) => host?.contains(candidate.container()));
  if (!stage) throw new Error('no stage');
  const planImage = () => {
    const node = stage.findOne(`.${PLAN_IMAGE_NAME}`);
    if (!(node instanceof Konva.Image)) throw new Error('no plan image node');
    return node;
  };
  const planGroup = () => {
    const node = stage.findOne(`.${PLAN_GROUP_NAME}`);
    if (!(node instanceof Konva.Group)) throw new Error('no plan group');
    return node;
  };
  const scale = () => Number(container()?.getAttribute('data-viewport-scale'));
  const drawn = () => (planImage().image() as HTMLImageElement | undefined)?.naturalWidth;
  /** Colour of the plan layer's canvas at the stage centre. */
  const centrePixel = () => {
    const layer = stage.getLayers()[0];
    if (!layer) throw new Error('no plan layer');
    const ratio = layer.getCanvas().getPixelRatio();
    const data = layer.getNativeCanvasElement().getContext('2d')?.getImageData(Math.round((STAGE.width / 2) * ratio), Math.round((STAGE.height / 2) * ratio), 1, 1).data;
    return `#${[...(data ?? [])].slice(0, 3).map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  };
  /** Zooms in at the centre, one wheel notch at a time, until `done` holds. */
  const zoomInUntil = async (done: () => boolean) => {
    for (let notch = 0; notch < 60 && !done(); notch += 1) await wheel(stage, { x: STAGE.width / 2, y: STAGE.height / 2 }, -100);
    expect(done()).toBe(true);
  };
  const zoomOutUntil = async (done: () => boolean) => {
    for (let notch = 0; notch < 60 && !done(); notch += 1) await wheel(stage, { x: STAGE.width / 2, y: STAGE.height / 2 }, 100);
    expect(done()).toBe(true);
  };
  const sharpness = () => displayPixelsPerScreenPixel({ naturalWidth: NATURAL.width, displayWidth: DISPLAY.width }, scale(), Konva.pixelRatio);
  return { stage, planImage, planGroup, scale, drawn, centrePixel, zoomInUntil, zoomOutUntil, sharpness, container };
}

describe('PlanLayer: display version and original', () => {
  it('shows the display version at the natural size, and reports the natural size to the scene', async () => {
    const onImageLoad = vi.fn();
    const loadOriginal = vi.fn(() => Promise.resolve(originalBlob));
    const scene = await mountLargePlan(loadOriginal, { onImageLoad });
    expect(scene.container()?.getAttribute('data-plan-width')).toBe(String(NATURAL.width));
    expect(scene.container()?.getAttribute('data-plan-height')).toBe(String(NATURAL.height));
    expect(onImageLoad).toHaveBeenCalledExactlyOnceWith(NATURAL);
    expect(scene.planImage().width()).toBe(NATURAL.width);
    expect(scene.planImage().height()).toBe(NATURAL.height);
    expect(scene.drawn()).toBe(DISPLAY.width);
    expect(scene.sharpness()).toBeGreaterThanOrEqual(1);
    expect(loadOriginal).not.toHaveBeenCalled();
    expect(scene.centrePixel()).toBe(DISPLAY_COLOUR);
  });

  it('swaps to the original once zoomed past the display version, without an empty frame, and loads it once', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loadOriginal = vi.fn(async () => {
      await gate;
      return originalBlob;
    });
    const scene = await mountLargePlan(loadOriginal);

    // Just short of the threshold the display version is kept.
    await scene.zoomInUntil(() => scene.sharpness() < 1.2);
    expect(scene.sharpness()).toBeGreaterThanOrEqual(1);
    expect(loadOriginal).not.toHaveBeenCalled();

    await scene.zoomInUntil(() => scene.sharpness() < 1);
    await vi.waitFor(() => expect(loadOriginal).toHaveBeenCalledTimes(1));
    // While the original loads, the display version stays on screen.
    await frames(3);
    expect(scene.drawn()).toBe(DISPLAY.width);
    expect(scene.centrePixel()).toBe(DISPLAY_COLOUR);

    release();
    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        await frames(1);
        seen.add(scene.centrePixel());
        expect(scene.drawn()).toBe(NATURAL.width);
      },
      { timeout: 5000, interval: 0 },
    );
    await frames(2);
    expect(scene.centrePixel()).toBe(ORIGINAL_COLOUR);
    // Every frame showed one version or the other, never the bare sheet.
    expect([...seen].every((colour) => colour === DISPLAY_COLOUR || colour === ORIGINAL_COLOUR)).toBe(true);

    // Back out: the lighter display version is drawn again; back in: the loaded original, not a new load.
    await scene.zoomOutUntil(() => scene.sharpness() >= 1);
    await frames(2);
    expect(scene.drawn()).toBe(DISPLAY.width);
    await scene.zoomInUntil(() => scene.sharpness() < 1);
    await frames(2);
    expect(scene.drawn()).toBe(NATURAL.width);
    expect(loadOriginal).toHaveBeenCalledTimes(1);
  });

  it('keeps the display version when the original fails to load', async () => {
    const loadOriginal = vi.fn(() => Promise.reject(new Error('offline')));
    const scene = await mountLargePlan(loadOriginal);
    await scene.zoomInUntil(() => scene.sharpness() < 1);
    await vi.waitFor(() => expect(loadOriginal).toHaveBeenCalledTimes(1));
    await frames(3);
    expect(scene.drawn()).toBe(DISPLAY.width);
    expect(scene.centrePixel()).toBe(DISPLAY_COLOUR);
  });

  it('caches the plan at screen resolution, so a pan never redraws the image; zoomed far in, it draws directly', async () => {
    const scene = await mountLargePlan(() => Promise.resolve(originalBlob), { editable: false });
    const group = scene.planGroup();
    expect(group.isCached()).toBe(true);
    const imageDraws = vi.spyOn(scene.planImage(), 'drawScene');

    await drag(scene.stage, { x: 500, y: 300 }, { x: 380, y: 240 });
    await drag(scene.stage, { x: 300, y: 300 }, { x: 420, y: 330 });
    expect(imageDraws).not.toHaveBeenCalled();
    expect(scene.centrePixel()).toBe(DISPLAY_COLOUR);

    // Past 4096 device px for the whole plan, a cache would cost more than it saves.
    await scene.zoomInUntil(() => NATURAL.width * scene.scale() * Konva.pixelRatio > 4096);
    await frames(2);
    expect(group.isCached()).toBe(false);
  });
});
