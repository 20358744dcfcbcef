import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { apiAs, signInAsDemo } from './helpers/session';
import { darkShareOfPlan } from './helpers/scene';

/**
 * Issue 4 "Real floor plans, any size", in Debian's Chromium against the built app and
 * the real server: a PDF plan rendered by pdf.js in the page and uploaded as a PNG, then
 * a 9355 × 6623 plan added through the plan manager (shown through its display version),
 * and a switch back that keeps the camera at its percent position.
 */
const PDF = path.resolve('../shared/data/floorplans/centralesupelec_rennes_n2.pdf');
const LARGE = path.resolve('../shared/data/floorplans/centralesupelec_breguet_L1.png');
const SCREENSHOT_DIR = path.resolve('test-results');

const planSize = async (page: Page) => {
  const scene = page.getByTestId('floor-scene');
  return [Number(await scene.getAttribute('data-plan-width')), Number(await scene.getAttribute('data-plan-height'))];
};

describe('floor plan files in the browser', () => {
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

  it('uploads a PDF page as a PNG, adds a large plan, switches back, and keeps the camera in place', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAsDemo(page, server);
    const building = await apiAs<{ id: string }>(page, server, 'POST', '/buildings', { name: 'PDF Hall' });
    const floor = await apiAs<{ id: string }>(page, server, 'POST', '/floors', { name: 'N2', level: 2, building_id: building.id });
    await page.goto(`${server.url}/floors/${floor.id}`);

    // The PDF: pdf.js (loaded only now) counts its page and renders it at 150 DPI.
    await page.getByText('No floor plan yet').waitFor();
    await page.getByLabel('Floor plan', { exact: true }).setInputFiles(PDF);
    await page.getByText('centralesupelec_rennes_n2.pdf: 1 page').waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: /150 DPI: 1754 × 1240 px/ }).click();
    await page.getByRole('button', { name: 'Use page 1' }).click();
    await page.getByText('centralesupelec_rennes_n2-page1.png').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Upload floor plan' }).click();
    await expect.poll(() => planSize(page), { timeout: 20_000 }).toEqual([1754, 1240]);
    // …and drawn: the page's lines and text darken part of the plan's area (a blank sheet has none).
    await expect.poll(() => darkShareOfPlan(page), { timeout: 20_000 }).toBeGreaterThan(0.01);
    await page.getByTestId('floor-scene').screenshot({ path: path.join(SCREENSHOT_DIR, 'floor-plan-pdf.png') });

    // A camera on it, at 40 % / 60 %.
    const devices = await apiAs<{ devices: { device_id: string; floor_id: string | null }[] }>(page, server, 'GET', '/devices');
    const camera = devices.devices.find((d) => d.floor_id === null);
    if (!camera) throw new Error('the demo has no unplaced device');
    await apiAs(page, server, 'POST', `/floors/${floor.id}/devices`, { device_id: camera.device_id, device_name: 'N2 camera', device_type: 'CAMERA', x_percent: 40, y_percent: 60 });

    // A 9355 × 6623 plan through the plan manager: it becomes current, shown through its display version.
    const manager = page.getByRole('region', { name: 'Floor plans' });
    await manager.getByLabel('Floor plan', { exact: true }).setInputFiles(LARGE);
    await manager.getByRole('button', { name: 'Upload new plan' }).click();
    await expect.poll(() => planSize(page), { timeout: 30_000 }).toEqual([9355, 6623]);
    const files = manager.getByRole('list', { name: 'Floor plan files' }).getByRole('listitem');
    await expect.poll(() => files.count()).toBe(2);
    await manager.getByText('9355 × 6623 px', { exact: false }).waitFor();
    await page.getByTestId('floor-scene').screenshot({ path: path.join(SCREENSHOT_DIR, 'floor-plan-large.png') });
    await manager.screenshot({ path: path.join(SCREENSHOT_DIR, 'floor-plan-files.png') });

    // Back to the PDF page's plan: the camera is still at 40 % / 60 %.
    await manager.getByRole('button', { name: /^Make .* current$/ }).click();
    await expect.poll(() => planSize(page), { timeout: 20_000 }).toEqual([1754, 1240]);
    const positions = await apiAs<{ device_positions: { device_id: string; x_percent: number; y_percent: number }[] }>(page, server, 'GET', `/floors/${floor.id}/devices`);
    expect(positions.device_positions).toEqual([expect.objectContaining({ device_id: camera.device_id, x_percent: 40, y_percent: 60 })]);
    expect(errors).toEqual([]);
  });
});
