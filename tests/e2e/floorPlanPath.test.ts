import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { sceneViewport, toScreen } from './helpers/scene';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The whole path of issue 2, in Debian's Chromium against the built app and the real
 * server: sign in, add a building, upload a real floor plan, place cameras, drag one,
 * reload and find it again, sign out.
 */
const PLAN = path.resolve('../shared/data/floorplans/netjsongraph_floorplan.png');
const SCREENSHOT_DIR = path.resolve('test-results');

/** Positions of the floor's devices as the server has them, through the page's own session. */
async function floorPositions(page: Page, server: RunningServer, floorId: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_tokens') ?? '{}').access_token as string);
  const response = await fetch(`${server.url}/v1/floors/${floorId}/devices`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { device_positions: { device_id: string; device_name: string; x_percent: number; y_percent: number }[] };
  return body.device_positions;
}

describe('sign in, add a building, upload a real floor plan, place cameras, find them again', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps a dragged camera at its percentage position across a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Signed out, the app sends us to /login with the target in `redirect`.
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
    await page.getByLabel('Email').fill('demo@floorwatch.dev');
    await page.getByLabel('Password').fill('floorwatch-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // A new building.
    await page.goto(`${server.url}/buildings`);
    await page.getByRole('button', { name: 'New building' }).click();
    await page.getByLabel('Name').fill('E2E Tower');
    await page.getByLabel('Address').fill('Rue de Rivoli, 75001 Paris, France');
    await page.getByLabel('Latitude').fill('48.8606');
    await page.getByLabel('Longitude').fill('2.3376');
    await page.getByRole('button', { name: 'Create building' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    if (!/\/buildings\/[0-9a-f-]{36}$/.test(page.url())) await page.getByRole('link', { name: 'E2E Tower' }).click();
    await page.waitForURL(/\/buildings\/[0-9a-f-]{36}$/);

    // A new floor with a real floor plan (a 2560 × 1600 CAD plan from ../shared).
    await page.getByRole('button', { name: 'New floor' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Level 3');
    await dialog.getByLabel('Level').fill('3');
    await dialog.locator('input[type=file]').setInputFiles(PLAN);
    await dialog.getByRole('button', { name: 'Create floor' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Level 3' }).first().click();
    await page.waitForURL(/\/floors\/[0-9a-f-]{36}$/);
    const floorId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const before = await sceneViewport(page);
    expect([before.planWidth, before.planHeight]).toEqual([2560, 1600]);

    // Two cameras from the organization's unplaced devices, each placed at the view centre.
    const available = page.getByRole('list', { name: 'Available devices' });
    for (const name of ['FD9387 Parking Gate', 'FE9380 Roof Access']) {
      await available.getByRole('button', { name: `Add ${name}` }).click();
      await expect.poll(async () => (await floorPositions(page, server, floorId)).some((p) => p.device_name === name)).toBe(true);
    }
    const placed = page.getByRole('list', { name: 'Devices on this floor' });
    await expect.poll(() => placed.getByRole('listitem').count()).toBe(2);

    // Both sit at the view centre, one on top of the other: drag the top one to 25 % / 30 %.
    const positions = await floorPositions(page, server, floorId);
    expect(positions).toHaveLength(2);
    const centre = positions[0];
    if (!centre) throw new Error('no placed camera');
    const viewport = await sceneViewport(page);
    const from = toScreen(viewport, centre.x_percent, centre.y_percent);
    const to = toScreen(viewport, 25, 30);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(from.x + ((to.x - from.x) * step) / 12, from.y + ((to.y - from.y) * step) / 12);
    }
    await page.mouse.up();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'e2e-after-drag.png') });
    const movedId = async () => (await floorPositions(page, server, floorId)).find((p) => Math.abs(p.x_percent - 25) < 0.5)?.device_id;
    await expect.poll(movedId).toBeDefined();
    const draggedId = await movedId();
    const dragged = positions.find((p) => p.device_id === draggedId);
    const untouched = (await floorPositions(page, server, floorId)).find((p) => p.device_id !== draggedId);
    expect(untouched?.x_percent).toBeCloseTo(centre.x_percent, 5);
    if (!dragged) throw new Error('dragged camera not found');

    // Reload: the camera is where we left it, within 0.5 percentage points.
    await page.reload();
    const afterReload = await sceneViewport(page);
    const saved = (await floorPositions(page, server, floorId)).find((p) => p.device_id === dragged.device_id);
    expect(saved?.x_percent).toBeGreaterThan(24.5);
    expect(saved?.x_percent).toBeLessThan(25.5);
    expect(saved?.y_percent).toBeGreaterThan(29.5);
    expect(saved?.y_percent).toBeLessThan(30.5);
    // …and the scene draws its marker there: the page point at 25 % / 30 % hits that marker.
    const marker = toScreen(afterReload, saved?.x_percent ?? 0, saved?.y_percent ?? 0);
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, marker);
    expect(hit).toBe('CANVAS');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'e2e-floor.png') });

    // Sign out from the user menu and land on /login.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_tokens'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
