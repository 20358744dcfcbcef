import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { apiAs, signInAsDemo } from './helpers/session';

/**
 * Issue 3 end to end, in Debian's Chromium against the real server (and its in-process
 * VORTEX simulator, with its own events turned off so only ours arrive): a posted
 * Intrusion payload from ../shared/data/vortex reaches the Live Events panel, pulses the
 * camera red on its floor and raises an alert toast; resolving the alert works; after a
 * server restart the page reconnects by itself and shows the events it missed.
 */
const VORTEX_DATA = path.resolve('../shared/data/vortex');
const SCREENSHOT_DIR = path.resolve('test-results');
/** The demo camera intrusion.json names (server/demo/data.ts). */
const CAMERA_ID = '0002D1A4C7F1';

type Payload = Record<string, unknown>;

/** A sample payload with a fresh event id and times of now, as VORTEX would send it. */
function freshPayload(sample: string, eventId: string, overrides: Payload = {}): Payload {
  const payload = JSON.parse(readFileSync(path.join(VORTEX_DATA, sample), 'utf8')) as Payload;
  const now = Math.floor(Date.now() / 1000);
  return {
    ...payload,
    eventId,
    deviceId: CAMERA_ID,
    mac: '00:02:D1:A4:C7:F1',
    localTime: now,
    utcTime: now,
    localISOTime: new Date(now * 1000).toISOString(),
    utcISOTime: new Date(now * 1000).toISOString(),
    ...overrides,
  };
}

interface Credentials {
  webhook_url: string;
  webhook_secret: string;
}

async function postWebhook(credentials: Credentials, payload: Payload): Promise<number> {
  const response = await fetch(credentials.webhook_url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': credentials.webhook_secret },
    body: JSON.stringify(payload),
  });
  return response.status;
}

/** The names of the events the open Live Events panel lists, newest first. */
async function panelEventNames(page: Page): Promise<string[]> {
  return page
    .getByRole('complementary', { name: 'Live events' })
    .locator('.fw-event-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('.rt-Text')?.textContent ?? ''));
}

describe('live events from VORTEX, end to end', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DEMO_EVENTS_PER_MINUTE: '0' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows an intrusion in the panel, pulses its camera red, toasts, resolves, and catches up after a restart', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAsDemo(page, server);

    // The webhook URL and secret the settings screen shows for pasting into VORTEX.
    await page.goto(`${server.url}/settings`);
    await page.getByText('Webhook URL').first().waitFor();
    const credentials = await apiAs<Credentials>(page, server, 'GET', '/vortex/credentials');
    expect(credentials.webhook_url).toMatch(new RegExp(`^${server.url}/v1/vortex/webhooks/[0-9a-f-]{36}$`));

    // The camera's floor, opened in view mode.
    const device = await apiAs<{ floor_id: string | null }>(page, server, 'GET', `/devices/${CAMERA_ID}`);
    expect(device.floor_id).toMatch(/^[0-9a-f-]{36}$/);
    await page.goto(`${server.url}/floors/${device.floor_id}?mode=view`);
    const scene = page.getByTestId('floor-scene');
    await expect.poll(async () => Number(await scene.getAttribute('data-plan-width')), { timeout: 15_000 }).toBeGreaterThan(0);

    // Open the panel and wait for the stream: the panel says so.
    await page.getByRole('button', { name: 'Live Events' }).click();
    const panel = page.getByRole('complementary', { name: 'Live events' });
    await panel.getByText('Waiting for live events...').waitFor({ timeout: 15_000 });

    // VORTEX posts an Intrusion.
    const intrusionId = `e2e-intrusion-${Date.now()}`;
    expect(await postWebhook(credentials, freshPayload('intrusion.json', intrusionId))).toBe(202);

    await expect.poll(() => panelEventNames(page), { timeout: 10_000 }).toEqual(['Loading dock intrusion']);
    await expect.poll(() => scene.getAttribute('data-pulses'), { timeout: 10_000 }).toContain(`${CAMERA_ID}:red`);
    const toastAction = page.getByRole('button', { name: 'Show on floor' });
    await toastAction.first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'e2e-live-intrusion.png') });

    // Closed panel: the toggle's red dot says there are events.
    await panel.getByRole('button', { name: 'Close live events' }).click();
    await page.getByTestId('live-events-dot').waitFor();

    // Resolve the alert on the events screen, reached from the panel.
    await page.getByRole('button', { name: 'Live Events' }).click();
    await panel.locator('.fw-event-row').first().click();
    await page.waitForURL(/\/events/);
    const row = page.locator('[data-active="true"]');
    await row.getByRole('button', { name: 'Resolve' }).click();
    await row.getByText('Resolved').waitFor();
    const events = await apiAs<{ events: { event_name: string | null; alert: { id: string; resolved: boolean } | null }[] }>(
      page,
      server,
      'GET',
      `/events?device_id=${CAMERA_ID}`,
    );
    const stored = events.events.find((e) => e.event_name === 'Loading dock intrusion');
    expect(stored?.alert?.resolved).toBe(true);

    // Restart the server. While it is down the page loses its stream.
    await server.halt();
    await panel.getByText('Connection to real-time events lost').waitFor({ timeout: 15_000 });
    // Hold the page's reconnects until three events have been posted to the restarted
    // server, so they can only reach the page through the replay of what it missed.
    await page.route('**/v1/events/stream**', (route) => route.abort());
    await server.resume();
    const missed = [
      freshPayload('video-motion.json', `e2e-missed-1-${Date.now()}`, { eventName: 'Missed motion' }),
      freshPayload('line-crossing.json', `e2e-missed-2-${Date.now()}`, { eventName: 'Missed line crossing' }),
      freshPayload('tampering.json', `e2e-missed-3-${Date.now()}`, { eventName: 'Missed tampering' }),
    ];
    for (const payload of missed) expect(await postWebhook(credentials, payload)).toBe(202);
    await page.unroute('**/v1/events/stream**');

    await expect
      .poll(() => panelEventNames(page), { timeout: 20_000 })
      .toEqual(['Missed tampering', 'Missed line crossing', 'Missed motion', 'Loading dock intrusion']);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'e2e-live-after-restart.png') });
    expect(errors).toEqual([]);
  });
});
