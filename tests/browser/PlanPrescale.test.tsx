import Konva from 'konva';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { FloorScene } from '../../src/scene/FloorScene';
import { PLAN_GROUP_NAME, PLAN_IMAGE_NAME } from '../../src/scene/PlanLayer';
import { planCachePixelRatio } from '../../src/scene/planResolution';
import { PlanVariantsContext, type PlanVariants } from '../../src/scene/planVariants';
import { frames, wheel } from './sceneHarness';
import { stripesPng } from './stripesPng';

/** A large plan: the original is 4000 × 2500 px, its display version 1000 × 625. */
const NATURAL = { width: 4000, height: 2500 };
const DISPLAY = { width: 1000, height: 625 };
const STAGE = { width: 800, height: 560 };
const LEFT_COLOUR = '#2255cc';
const RIGHT_COLOUR = '#cc5522';

let blob: Blob;
let displayUrl = '';
let host: HTMLDivElement | null = null;
let root: Root | null = null;

beforeAll(async () => {
  await page.viewport(1000, 700);
  blob = await stripesPng(DISPLAY, [LEFT_COLOUR, RIGHT_COLOUR]);
  displayUrl = URL.createObjectURL(blob);
});

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

async function mount(displayBlob: Blob | null) {
  host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0';
  document.body.append(host);
  const mountedRoot = createRoot(host);
  root = mountedRoot;
  const variants: PlanVariants = { forUrl: displayUrl, naturalWidth: NATURAL.width, naturalHeight: NATURAL.height, displayBlob, loadOriginal: null };
  flushSync(() =>
    mountedRoot.render(
      <PlanVariantsContext value={variants}>
        <FloorScene imageUrl={displayUrl} {...STAGE} devices={[]} editable />
      </PlanVariantsContext>,
    ),
  );
  const container = () => host?.querySelector<HTMLElement>('[data-testid="floor-scene"]');
  await vi.waitFor(() => expect(Number(container()?.getAttribute('data-plan-width'))).toBeGreaterThan(0), { timeout: 5000 });
  const stage = Konva.stages.find((candidate) => host?.contains(candidate.container()));
  if (!stage) throw new Error('no stage');
  const planImage = () => stage.findOne(`.${PLAN_IMAGE_NAME}`) as Konva.Image;
  const planGroup = () => stage.findOne(`.${PLAN_GROUP_NAME}`) as Konva.Group;
  const scale = () => Number(container()?.getAttribute('data-viewport-scale'));
  /** Colour of the plan layer's canvas at a stage point. */
  const pixel = (x: number, y: number) => {
    const layer = stage.getLayers()[0];
    if (!layer) throw new Error('no plan layer');
    const ratio = layer.getCanvas().getPixelRatio();
    const data = layer.getNativeCanvasElement().getContext('2d')?.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
    return `#${[...(data ?? [])].slice(0, 3).map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  };
  /** Stage point of plan px `x`, `y`. */
  const at = (x: number, y: number) => {
    const transform = stage.getLayers()[0]!.getAbsoluteTransform();
    return transform.point({ x, y });
  };
  return { stage, planImage, planGroup, scale, pixel, at };
}

describe('PlanLayer: the first view from a bitmap scaled off the main thread', () => {
  it('draws the display version scaled in a worker to the cache size, shown once ready', async () => {
    const scene = await mount(blob);
    const ratio = () => planCachePixelRatio(NATURAL, scene.scale(), Konva.pixelRatio);
    await vi.waitFor(() => expect(scene.planImage().image()).toBeInstanceOf(ImageBitmap), { timeout: 5000 });
    const bitmap = scene.planImage().image() as ImageBitmap;
    expect(ratio()).not.toBeNull();
    expect(bitmap.width).toBe(Math.round(NATURAL.width * ratio()!));
    expect(bitmap.height).toBe(Math.round(NATURAL.height * ratio()!));
    // Still drawn at the plan's natural size, cached, and both halves where they belong.
    expect(scene.planImage().width()).toBe(NATURAL.width);
    expect(scene.planGroup().isCached()).toBe(true);
    await frames(2);
    const left = scene.at(NATURAL.width / 4, NATURAL.height / 2);
    const right = scene.at((3 * NATURAL.width) / 4, NATURAL.height / 2);
    expect(scene.pixel(left.x, left.y)).toBe(LEFT_COLOUR);
    expect(scene.pixel(right.x, right.y)).toBe(RIGHT_COLOUR);
  });

  it('zoomed to another cache size, draws the display version itself, as before', async () => {
    const scene = await mount(blob);
    await vi.waitFor(() => expect(scene.planImage().image()).toBeInstanceOf(ImageBitmap), { timeout: 5000 });
    const before = scene.scale();
    await wheel(scene.stage, { x: STAGE.width / 2, y: STAGE.height / 2 }, -100);
    await frames(2);
    expect(scene.scale()).toBeGreaterThan(before);
    expect(scene.planImage().image()).toBeInstanceOf(HTMLImageElement);
    expect(scene.planGroup().isCached()).toBe(true);
  });

  it('without the bytes, draws the display version at once', async () => {
    const scene = await mount(null);
    await frames(2);
    expect(scene.planImage().image()).toBeInstanceOf(HTMLImageElement);
    expect(scene.planGroup().isCached()).toBe(true);
  });
});
