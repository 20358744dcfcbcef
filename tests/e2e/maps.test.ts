import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { apiAs, signInAsDemo } from './helpers/session';

/**
 * Issue 5's maps end to end, in Debian's Chromium against the real server and its demo:
 * the global map shows both demo buildings at their coordinates with their device counts
 * (as the devices list has them), a marker click opens the building, and the building map
 * lists the floors and shows the building; the plan card of Settings shows the usage.
 */
interface Building {
  id: string;
  name: string;
}

describe('maps and plan, end to end', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DEMO_EVENTS_PER_MINUTE: '0' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsDemo(page, server);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows both demo buildings on the global map with their devices, and a marker opens its building', async () => {
    const { buildings } = await apiAs<{ buildings: Building[] }>(page, server, 'GET', '/buildings');
    expect(buildings).toHaveLength(2);
    await page.goto(`${server.url}/map`);
    await page.waitForSelector('path.fw-map-marker');
    expect(await page.locator('path.fw-map-marker').count()).toBe(2);
    expect(await page.locator('path.fw-map-country').count()).toBeGreaterThan(150);
    const table = page.getByRole('table', { name: 'Buildings on the map' });
    for (const building of buildings) await expect(table.getByRole('link', { name: building.name }).count()).resolves.toBe(1);
    const placedTotal = await table.locator('.rt-Badge').evaluateAll((badges) =>
      badges.reduce((sum, b) => sum + (Number(/^(\d+) /.exec(b.textContent ?? '')?.[1]) || 0), 0),
    );
    const { devices } = await apiAs<{ devices: { floor_id: string | null }[] }>(page, server, 'GET', '/devices');
    expect(placedTotal).toBe(devices.filter((d) => d.floor_id !== null).length);

    await page.locator('path.fw-map-marker').first().click();
    await page.waitForURL(/\/buildings\/[0-9a-f-]{36}$/);
  });

  it('shows a building’s floors and its place on its map page', async () => {
    const { buildings } = await apiAs<{ buildings: Building[] }>(page, server, 'GET', '/buildings');
    const building = buildings[0]!;
    await page.goto(`${server.url}/buildings/${building.id}/map`);
    await page.getByRole('heading', { name: `${building.name}: map` }).waitFor();
    const floors = page.getByRole('list', { name: `Floors of ${building.name}` });
    await floors.getByRole('link').first().waitFor();
    expect(await floors.getByRole('link').count()).toBeGreaterThan(0);
    await page.waitForSelector('path.fw-map-marker');
    expect((await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).split(/\s+/).filter(Boolean)).toEqual(['Buildings', ...building.name.split(' '), 'Map']);
  });

  it('shows the plan and its usage in Settings', async () => {
    await page.goto(`${server.url}/settings`);
    const buildingsBar = page.getByRole('progressbar', { name: 'Buildings' });
    await buildingsBar.waitFor();
    expect(await buildingsBar.getAttribute('aria-valuetext')).toMatch(/^2 of \d+ buildings$/);
  });
});
