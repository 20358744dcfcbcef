import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { percentToStage, planPercent, type PlanPoint, type Size } from '../../../src/scene/geometry';
import type { RunningServer } from './server';
import { pageAccessToken } from './session';

/** The scene's viewport and the page position of its container, read from its data-* attributes. */
export interface SceneView {
  /** Container's top left in page CSS px. */
  readonly left: number;
  readonly top: number;
  /** Stage position (where plan point 0,0 lands), CSS px from the container's top left. */
  readonly x: number;
  readonly y: number;
  /** CSS px per natural plan px. */
  readonly scale: number;
  /** The plan's natural size, px. */
  readonly planWidth: number;
  readonly planHeight: number;
}

/**
 * The scene's current viewport (src/scene/README.md "The container for end-to-end
 * tests"), once a plan is loaded, after scrolling the scene into view.
 */
export async function sceneViewport(page: Page): Promise<SceneView> {
  const scene = page.getByTestId('floor-scene');
  await expect.poll(async () => Number(await scene.getAttribute('data-plan-width')), { timeout: 30_000 }).toBeGreaterThan(0);
  // Page coordinates only reach the scene while it is on screen (a click lower down scrolls it away).
  await scene.scrollIntoViewIfNeeded();
  return scene.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const n = (name: string) => Number(el.getAttribute(name));
    return {
      left: rect.left,
      top: rect.top,
      x: n('data-viewport-x'),
      y: n('data-viewport-y'),
      scale: n('data-viewport-scale'),
      planWidth: n('data-plan-width'),
      planHeight: n('data-plan-height'),
    };
  });
}

const planOf = (v: SceneView): Size => ({ width: v.planWidth, height: v.planHeight });

/** Page coordinates (CSS px) of a plan point given in percent of the plan's natural size. */
export function toScreen(v: SceneView, xPercent: number, yPercent: number): { x: number; y: number } {
  const stage = percentToStage(planPercent(xPercent, yPercent), planOf(v), { x: v.x, y: v.y, scale: v.scale });
  return { x: v.left + stage.x, y: v.top + stage.y };
}

/** Page coordinates (CSS px) of a plan point in natural plan px. */
export function planPointToScreen(v: SceneView, point: PlanPoint): { x: number; y: number } {
  return { x: v.left + v.x + point.x * v.scale, y: v.top + v.y + point.y * v.scale };
}

/** Plan percent under a page point (the inverse of {@link toScreen}). */
export function toPercent(v: SceneView, x: number, y: number): { xPercent: number; yPercent: number } {
  return {
    xPercent: (((x - v.left - v.x) / v.scale) * 100) / v.planWidth,
    yPercent: (((y - v.top - v.y) / v.scale) * 100) / v.planHeight,
  };
}

/** Presses the primary button at `from`, moves to `to` in `steps` pointer moves, and releases. */
export async function dragMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 12): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / steps, from.y + ((to.y - from.y) * step) / steps);
  }
  await page.mouse.up();
}

/** The CSS cursor the page shows at a page point (the element there, as the browser computes it). */
export function cursorAt(page: Page, at: { x: number; y: number }): Promise<string> {
  return page.evaluate(({ x, y }) => {
    const element = document.elementFromPoint(x, y);
    return element ? getComputedStyle(element).cursor : '';
  }, at);
}

/** A response the page receives for `method` on a path matching `route`, with a 2xx status. */
export function waitForApi(page: Page, method: string, route: RegExp): Promise<Response> {
  return page.waitForResponse((r) => r.request().method() === method && route.test(new URL(r.url()).pathname) && r.ok(), { timeout: 30_000 });
}

/** A device's position on a floor as the API gives it. */
export interface WirePosition {
  device_id: string;
  device_name: string;
  device_type: string;
  x_percent: number;
  y_percent: number;
  fov: { heading_deg: number; angle_deg: number; range_percent: number } | null;
}

/**
 * Creates a floor in `buildingId` with the plan image at `planFile` (multipart `POST
 * /v1/floors`, SPEC.md section 3) as the page's signed-in user; returns its id.
 */
export async function createFloorWithPlan(page: Page, server: RunningServer, buildingId: string, name: string, planFile: string): Promise<string> {
  const form = new FormData();
  form.set('name', name);
  form.set('level', '1');
  form.set('building_id', buildingId);
  form.set('floor_plan', new Blob([await readFile(planFile)], { type: 'image/png' }), path.basename(planFile));
  const response = await fetch(`${server.url}/v1/floors`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await pageAccessToken(page)}` },
    body: form,
  });
  if (!response.ok) throw new Error(`POST /floors answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { id?: string; floor?: { id: string }; data?: { id: string } };
  const id = body.id ?? body.floor?.id ?? body.data?.id;
  if (!id) throw new Error(`POST /floors gave no id: ${JSON.stringify(body)}`);
  return id;
}

/**
 * Share (0..1) of dark pixels (luminance under 50 %) in the part of the scene the plan
 * covers, from a screenshot: a drawn architectural plan has its lines and text there, a
 * blank or missing one none.
 */
export async function darkShareOfPlan(page: Page): Promise<number> {
  const view = await sceneViewport(page);
  const png = await page.getByTestId('floor-scene').screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Screenshot px per CSS px (1 unless the page is zoomed).
  const ratio = info.width / (await page.getByTestId('floor-scene').evaluate((el) => el.getBoundingClientRect().width));
  const left = Math.max(0, Math.round(view.x * ratio));
  const top = Math.max(0, Math.round(view.y * ratio));
  const right = Math.min(info.width, Math.round((view.x + view.planWidth * view.scale) * ratio));
  const bottom = Math.min(info.height, Math.round((view.y + view.planHeight * view.scale) * ratio));
  let dark = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const i = (y * info.width + x) * info.channels;
      if (0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0) < 128) dark++;
    }
  }
  const area = Math.max(1, (right - left) * (bottom - top));
  return dark / area;
}
