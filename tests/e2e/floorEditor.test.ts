import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { percentToPlan, planPercent } from '../../src/scene/geometry';
import { fovHandles } from '../../src/scene/fovGeometry';
import { markerNodeId } from '../../src/scene/markerStyle';
import { launchChromium } from './helpers/browser';
import {
  createFloorWithPlan,
  cursorAt,
  dragMouse,
  planPointToScreen,
  sceneViewport,
  toScreen,
  waitForApi,
  type WirePosition,
} from './helpers/scene';
import { startServer, type RunningServer } from './helpers/server';
import { apiAs, signInAsDemo } from './helpers/session';

/**
 * Issue 4 "End to end, in Chromium": the floor editor driven by the keyboard alone and by
 * the mouse, in Debian's Chromium against the built app and the real server. Marker
 * screen positions come from the plan percent and the scene's viewport attributes; every
 * save is awaited as the page's own response, never with a sleep.
 */
const PLAN = path.resolve('../shared/data/floorplans/netjsongraph_floorplan.png');
const SCREENSHOT_DIR = path.resolve('test-results');
/** What the page must do within, on a slow machine shared with other work. */
const POLL = { timeout: 20_000 };
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `floor-editor-${name}.png`) });

interface DemoDevice {
  device_id: string;
  device_name: string;
  device_type: string;
}

/** The floor's device positions as the server has them, by device id. */
async function positionsOf(page: Page, server: RunningServer, floorId: string): Promise<Map<string, WirePosition>> {
  const body = await apiAs<{ device_positions: WirePosition[] }>(page, server, 'GET', `/floors/${floorId}/devices`);
  return new Map(body.device_positions.map((p) => [p.device_id, p]));
}

async function positionOf(page: Page, server: RunningServer, floorId: string, deviceId: string): Promise<WirePosition> {
  const found = (await positionsOf(page, server, floorId)).get(deviceId);
  if (!found) throw new Error(`${deviceId} is not on floor ${floorId}`);
  return found;
}

/** Places `device` on the floor at `x`, `y` percent through the API. */
async function place(page: Page, server: RunningServer, floorId: string, device: DemoDevice, x: number, y: number): Promise<void> {
  await apiAs(page, server, 'POST', `/floors/${floorId}/devices`, { ...device, x_percent: x, y_percent: y });
}

/**
 * Where the scene draws a device's marker, in page px: the Konva node's absolute position
 * (Konva registers its stages on `window.Konva`), or null when it draws none.
 */
function drawnMarkerAt(page: Page, deviceId: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate((nodeId) => {
    type Node = { id(): string; getAbsolutePosition(): { x: number; y: number } };
    type Stage = { find(selector: string): Node[]; container(): HTMLElement };
    const konva = (window as unknown as { Konva?: { stages: Stage[] } }).Konva;
    for (const stage of konva?.stages ?? []) {
      const node = stage.find('.device-marker').find((n) => n.id() === nodeId);
      if (!node) continue;
      const box = stage.container().getBoundingClientRect();
      const at = node.getAbsolutePosition();
      return { x: box.left + at.x, y: box.top + at.y };
    }
    return null;
  }, markerNodeId(deviceId));
}

/** Checks that the scene draws `deviceId` within 1 px of where `xPercent`, `yPercent` falls on screen. */
async function expectDrawnAt(page: Page, deviceId: string, xPercent: number, yPercent: number): Promise<void> {
  const view = await sceneViewport(page);
  const expected = toScreen(view, xPercent, yPercent);
  await expect
    .poll(async () => {
      const drawn = await drawnMarkerAt(page, deviceId);
      return drawn ? Math.hypot(drawn.x - expected.x, drawn.y - expected.y) : Infinity;
    }, POLL)
    .toBeLessThan(1);
}

/** The floor's name as the server has it (`GET /floors/{id}` may wrap the floor, SPEC.md section 3). */
async function floorName(page: Page, server: RunningServer, floorId: string): Promise<string | undefined> {
  const body = await apiAs<{ name?: string; floor?: { name: string } }>(page, server, 'GET', `/floors/${floorId}`);
  return body.floor?.name ?? body.name;
}

/** The `aria-label` of the focused element. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Body of a request the page sent, parsed as JSON. */
const sentBody = (response: { request(): { postData(): string | null } }) => JSON.parse(response.request().postData() ?? 'null') as unknown;

describe('the floor editor in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let cameras: DemoDevice[];
  let buildingId: string;

  beforeAll(async () => {
    server = await startServer({ DEMO_EVENTS_PER_MINUTE: '0' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A signed-in page, one new floor with a real 2560 × 1600 plan, and the demo's cameras. */
  async function openSession(floorName: string) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAsDemo(page, server);
    if (!cameras) {
      const all = await apiAs<{ devices: (DemoDevice & { device_type: string })[] }>(page, server, 'GET', '/devices');
      cameras = all.devices
        .filter((d) => d.device_type === 'CAMERA')
        .map(({ device_id, device_name, device_type }) => ({ device_id, device_name, device_type }));
      buildingId = (await apiAs<{ id: string }>(page, server, 'POST', '/buildings', { name: 'Editor Hall' })).id;
    }
    const floorId = await createFloorWithPlan(page, server, buildingId, floorName, PLAN);
    return { page, errors, floorId };
  }

  it('works from the keyboard alone: select in the list, nudge, undo, redo, and it stays after a reload', async () => {
    const { page, errors, floorId } = await openSession('Keyboard floor');
    const [cam, other] = cameras.slice(0, 2);
    if (!cam || !other) throw new Error('the demo has fewer than two cameras');
    await place(page, server, floorId, cam, 30, 40);
    await place(page, server, floorId, other, 60, 60);
    await page.goto(`${server.url}/floors/${floorId}`);
    await sceneViewport(page);
    const list = page.getByRole('list', { name: 'Devices on this floor' });
    await expect.poll(() => list.getByRole('listitem').count(), POLL).toBe(2);

    // Tab to the camera's select button in the placed-device list, and press Enter.
    const selectLabel = `Select ${cam.device_name}`;
    for (let i = 0; i < 120 && (await focusedLabel(page)) !== selectLabel; i++) await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe(selectLabel);
    await page.keyboard.press('Enter');
    const select = list.getByRole('button', { name: selectLabel });
    await expect.poll(() => select.getAttribute('aria-pressed'), POLL).toBe('true');
    expect(await list.getByRole('button', { name: `Select ${other.device_name}` }).getAttribute('aria-pressed')).toBe('false');

    /** Presses `key` and returns the position the page saved for the camera. */
    const pressAndSave = async (key: string) => {
      const saved = waitForApi(page, 'PATCH', new RegExp(`/v1/floors/${floorId}/devices/${cam.device_id}/position$`));
      await page.keyboard.press(key);
      return sentBody(await saved);
    };
    expect(await pressAndSave('ArrowRight')).toEqual({ x_percent: 30.5, y_percent: 40 });
    expect(await pressAndSave('Shift+ArrowDown')).toEqual({ x_percent: 30.5, y_percent: 45 });
    await shot(page, 'keyboard-nudged');
    expect(await pressAndSave('Control+z')).toEqual({ x_percent: 30.5, y_percent: 40 });
    expect(await pressAndSave('Control+Shift+z')).toEqual({ x_percent: 30.5, y_percent: 45 });
    expect(await pressAndSave('Control+z')).toEqual({ x_percent: 30.5, y_percent: 40 });
    expect(await pressAndSave('Control+y')).toEqual({ x_percent: 30.5, y_percent: 45 });
    expect(await focusedLabel(page)).toBe(selectLabel);
    await expectDrawnAt(page, cam.device_id, 30.5, 45);

    // The view from the keyboard: + and - zoom, F brings the selection to the middle, 0 fits.
    const fitted = await sceneViewport(page);
    const scale = async () => (await sceneViewport(page)).scale;
    await page.keyboard.press('+');
    await expect.poll(scale, POLL).toBeGreaterThan(fitted.scale * 1.2);
    await page.keyboard.press('-');
    await expect.poll(scale, POLL).toBeCloseTo(fitted.scale, 5);
    await page.keyboard.press('f');
    await expect.poll(scale, POLL).toBeGreaterThan(fitted.scale * 2);
    const zoomed = await sceneViewport(page);
    const box = await page.getByTestId('floor-scene').boundingBox();
    const middle = toScreen(zoomed, 30.5, 45);
    expect(Math.abs(middle.x - ((box?.x ?? 0) + (box?.width ?? 0) / 2))).toBeLessThan(2);
    expect(Math.abs(middle.y - ((box?.y ?? 0) + (box?.height ?? 0) / 2))).toBeLessThan(2);
    await page.keyboard.press('0');
    await expect.poll(scale, POLL).toBeCloseTo(fitted.scale, 5);

    // ? lists the shortcuts; Escape closes the list and gives the focus back.
    await page.keyboard.press('Shift+?');
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await overlay.getByText('Zoom to the selection').waitFor();
    await shot(page, 'keyboard-shortcuts');
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page), POLL).toBe(selectLabel);

    // E switches to view mode, where the arrows move nothing, and back.
    await page.keyboard.press('e');
    await page.waitForURL(/\?mode=view$/);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith(`/v1/floors/${floorId}`)) writes.push(r.url());
    });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Delete');
    await page.keyboard.press('e');
    await page.waitForURL(/\?mode=edit$/);
    expect(await positionOf(page, server, floorId, cam.device_id)).toMatchObject({ x_percent: 30.5, y_percent: 45 });
    expect(writes).toEqual([]);

    // Reload: the server, the list and the scene all have it where the redo left it.
    await page.reload();
    await sceneViewport(page);
    expect(await positionOf(page, server, floorId, cam.device_id)).toMatchObject({ x_percent: 30.5, y_percent: 45 });
    expect(await positionOf(page, server, floorId, other.device_id)).toMatchObject({ x_percent: 60, y_percent: 60 });
    await list.getByRole('listitem').filter({ hasText: cam.device_name }).getByText('30.5 %, 45 %').waitFor();
    await expectDrawnAt(page, cam.device_id, 30.5, 45);
    await shot(page, 'keyboard-reloaded');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works with the mouse: marquee, group drag, field of view handles, view mode, rename', async () => {
    const { page, errors, floorId } = await openSession('Mouse floor');
    const [a, b, c, far] = cameras.slice(2, 6);
    if (!a || !b || !c || !far) throw new Error('the demo has fewer than six cameras');
    const start: Record<string, [number, number]> = {
      [a.device_id]: [15, 55],
      [b.device_id]: [25, 65],
      [c.device_id]: [18, 78],
      [far.device_id]: [55, 30],
    };
    for (const device of [a, b, c, far]) await place(page, server, floorId, device, ...(start[device.device_id] ?? [50, 50]));
    const nonGets: string[] = [];
    // Writes to this floor (a token refresh or anything else the app sends is not counted).
    page.on('request', (r) => {
      const route = new URL(r.url()).pathname;
      if (r.method() !== 'GET' && route.startsWith(`/v1/floors/${floorId}`)) nonGets.push(`${r.method()} ${route}`);
    });
    await page.goto(`${server.url}/floors/${floorId}`);
    let view = await sceneViewport(page);
    const list = page.getByRole('list', { name: 'Devices on this floor' });
    await expect.poll(() => list.getByRole('listitem').count(), POLL).toBe(4);
    const pressed = (device: DemoDevice) => list.getByRole('button', { name: `Select ${device.device_name}` }).getAttribute('aria-pressed');
    const at = (device: DemoDevice) => {
      const [x, y] = start[device.device_id] ?? [0, 0];
      return toScreen(view, x, y);
    };

    // Cursors: a marker moves in edit mode; the empty plan keeps the default arrow.
    await page.mouse.move(at(a).x, at(a).y);
    await expect.poll(() => cursorAt(page, at(a)), POLL).toBe('move');
    const empty = toScreen(view, 40, 85);
    await page.mouse.move(empty.x, empty.y);
    await expect.poll(() => cursorAt(page, empty), POLL).toBe('default');
    // Space and a drag pan the view (grabbing meanwhile), and move no marker; 0 fits again.
    await page.keyboard.down(' ');
    await expect.poll(() => cursorAt(page, empty), POLL).toBe('grab');
    await page.mouse.down();
    for (let step = 1; step <= 6; step++) await page.mouse.move(empty.x - 20 * step, empty.y - 10 * step);
    await expect.poll(() => cursorAt(page, { x: empty.x - 120, y: empty.y - 60 }), POLL).toBe('grabbing');
    await page.mouse.up();
    await page.keyboard.up(' ');
    const panned = await sceneViewport(page);
    expect(panned.x - view.x).toBeCloseTo(-120, 0);
    expect(panned.y - view.y).toBeCloseTo(-60, 0);
    expect(panned.scale).toBe(view.scale);
    await page.keyboard.press('0');
    await expect.poll(async () => (await sceneViewport(page)).x, POLL).toBeCloseTo(view.x, 5);
    await page.mouse.move(empty.x, empty.y);
    await expect.poll(() => cursorAt(page, empty), POLL).toBe('default');

    // The palette's rows keep their badges and buttons apart ('On another floor' once ran under the status).
    await page.getByRole('list', { name: 'Available devices' }).getByText('CAMERA · on another floor').first().waitFor();
    const palette = page.getByRole('list', { name: 'Available devices' }).getByRole('listitem');
    const collisions = await palette.evaluateAll((rows) =>
      rows.flatMap((row) => {
        const boxes = [...row.querySelectorAll('.rt-Badge, button')].map((el) => ({ text: el.textContent ?? el.getAttribute('aria-label'), box: el.getBoundingClientRect() }));
        return boxes.flatMap((a, i) =>
          boxes
            .slice(i + 1)
            .filter((b) => a.box.left < b.box.right && b.box.left < a.box.right && a.box.top < b.box.bottom && b.box.top < a.box.bottom)
            .map((b) => `${a.text} / ${b.text}`),
        );
      }),
    );
    expect(collisions).toEqual([]);

    // A marquee on the empty plan around the three left markers selects exactly them.
    await dragMouse(page, toScreen(view, 8, 48), toScreen(view, 32, 88));
    for (const device of [a, b, c]) await expect.poll(() => pressed(device), POLL).toBe('true');
    expect(await pressed(far)).toBe('false');
    await shot(page, 'marquee');

    // Shift-click adds a marker to the selection and takes it out again.
    await page.keyboard.down('Shift');
    await page.mouse.click(at(far).x, at(far).y);
    await expect.poll(() => pressed(far), POLL).toBe('true');
    await page.mouse.click(at(far).x, at(far).y);
    await expect.poll(() => pressed(far), POLL).toBe('false');
    await page.keyboard.up('Shift');
    for (const device of [a, b, c]) expect(await pressed(device)).toBe('true');

    // Dragging one of them drags all three: one batch, the same delta for each.
    const moved = [a, b, c].map((d) => waitForApi(page, 'PATCH', new RegExp(`/v1/floors/${floorId}/devices/${d.device_id}/position$`)));
    const target = toScreen(view, 15 + 20, 55 - 10);
    await page.mouse.move(at(a).x, at(a).y);
    await page.mouse.down();
    await page.mouse.move(at(a).x + 10, at(a).y + 5);
    await expect.poll(() => cursorAt(page, { x: at(a).x + 10, y: at(a).y + 5 }), POLL).toBe('grabbing');
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(at(a).x + ((target.x - at(a).x) * step) / 12, at(a).y + ((target.y - at(a).y) * step) / 12);
    }
    await page.mouse.up();
    await Promise.all(moved);
    const afterDrag = await positionsOf(page, server, floorId);
    const deltas = [a, b, c].map((d) => {
      const [x, y] = start[d.device_id] ?? [0, 0];
      const saved = afterDrag.get(d.device_id);
      return { dx: (saved?.x_percent ?? NaN) - x, dy: (saved?.y_percent ?? NaN) - y };
    });
    for (const delta of deltas) {
      expect(delta.dx).toBeCloseTo(deltas[0]?.dx ?? NaN, 2);
      expect(delta.dy).toBeCloseTo(deltas[0]?.dy ?? NaN, 2);
    }
    expect(Math.abs((deltas[0]?.dx ?? 0) - 20)).toBeLessThan(0.5);
    expect(Math.abs((deltas[0]?.dy ?? 0) + 10)).toBeLessThan(0.5);
    expect(afterDrag.get(far.device_id)).toMatchObject({ x_percent: 55, y_percent: 30 });
    for (const device of [a, b, c]) {
      const saved = afterDrag.get(device.device_id);
      await expectDrawnAt(page, device.device_id, saved?.x_percent ?? NaN, saved?.y_percent ?? NaN);
    }
    await shot(page, 'group-dragged');

    // One camera's field of view, set with its handles on the plan.
    const camera = afterDrag.get(a.device_id);
    if (!camera) throw new Error('camera a is gone');
    view = await sceneViewport(page);
    const cameraAt = toScreen(view, camera.x_percent, camera.y_percent);
    await page.mouse.click(cameraAt.x, cameraAt.y);
    await expect.poll(() => pressed(a), POLL).toBe('true');
    expect(await pressed(b)).toBe('false');
    const inspector = page.getByRole('region', { name: `Field of view of ${a.device_name}` });
    const fovRoute = new RegExp(`/v1/floors/${floorId}/devices/${a.device_id}/fov$`);
    const added = waitForApi(page, 'PATCH', fovRoute);
    await inspector.getByRole('button', { name: 'Add field of view' }).click();
    const firstFov = sentBody(await added) as WirePosition['fov'];
    if (!firstFov) throw new Error('no field of view was sent');
    expect((await positionOf(page, server, floorId, a.device_id)).fov).toEqual(firstFov);
    const plan = { width: view.planWidth, height: view.planHeight };
    const origin = percentToPlan(planPercent(camera.x_percent, camera.y_percent), plan);
    const handles = fovHandles(origin, firstFov, plan);

    // The rotation handle, dragged due east of the camera: heading 90°.
    const rotated = waitForApi(page, 'PATCH', fovRoute);
    const east = (px: number) => planPointToScreen(view, { x: origin.x + px, y: origin.y } as typeof origin);
    await dragMouse(page, planPointToScreen(view, handles.rotation), east(300));
    await rotated;
    const afterRotation = (await positionOf(page, server, floorId, a.device_id)).fov;
    expect(afterRotation?.heading_deg).toBeCloseTo(90, 0);
    expect(afterRotation?.angle_deg).toBe(firstFov.angle_deg);

    // The range handle, now due east at the cone's reach, dragged out to 25 % of the plan's width.
    const reach = fovHandles(origin, afterRotation ?? firstFov, plan).range;
    const ranged = waitForApi(page, 'PATCH', fovRoute);
    await dragMouse(page, planPointToScreen(view, reach), east(0.25 * plan.width));
    await ranged;
    const afterRange = (await positionOf(page, server, floorId, a.device_id)).fov;
    expect(Math.abs((afterRange?.range_percent ?? 0) - 25)).toBeLessThan(0.3);
    expect(afterRange?.heading_deg).toBeCloseTo(90, 0);
    await shot(page, 'field-of-view');

    // View mode: nothing drags, and the floor name has no pencil.
    await page.getByRole('radio', { name: 'View' }).click();
    await page.waitForURL(/\?mode=view$/);
    await page.getByText('Viewing', { exact: true }).waitFor();
    const viewStart = nonGets.length;
    view = await sceneViewport(page);
    const farAt = toScreen(view, 55, 30);
    await page.mouse.move(farAt.x, farAt.y);
    await expect.poll(() => cursorAt(page, farAt), POLL).toBe('pointer');
    await dragMouse(page, farAt, toScreen(view, 70, 40));
    const rangeHandle = planPointToScreen(view, fovHandles(origin, afterRange ?? firstFov, plan).range);
    await dragMouse(page, rangeHandle, toScreen(view, 60, 80));
    const cameraNow = toScreen(view, camera.x_percent, camera.y_percent);
    await dragMouse(page, cameraNow, toScreen(view, 50, 90));
    expect(await page.getByTitle('Edit floor name').count()).toBe(0);
    await shot(page, 'view-mode');

    // Back to edit mode (every request the view-mode gestures made has gone out by now) and rename.
    await page.getByRole('radio', { name: 'Edit' }).click();
    await page.waitForURL(/\?mode=edit$/);
    const pencil = page.getByTitle('Edit floor name');
    await pencil.click();
    const field = page.getByRole('textbox', { name: 'Floor name' });
    await expect.poll(() => field.evaluate((el: HTMLInputElement) => document.activeElement === el && (el.selectionEnd ?? 0) - (el.selectionStart ?? 0) === el.value.length), POLL).toBe(true);
    const renamed = waitForApi(page, 'PATCH', new RegExp(`/v1/floors/${floorId}$`));
    await page.keyboard.type('  Renamed floor  ');
    await page.keyboard.press('Enter');
    expect(sentBody(await renamed)).toEqual({ name: 'Renamed floor' });
    expect(nonGets.slice(viewStart)).toEqual([`PATCH /v1/floors/${floorId}`]);
    await expect.poll(() => pencil.count(), POLL).toBe(1);
    const breadcrumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    await breadcrumbs.getByText('Renamed floor', { exact: true }).waitFor();
    expect((await floorName(page, server, floorId))).toBe('Renamed floor');
    // The drag attempts in view mode left every device where it was.
    const afterView = await positionsOf(page, server, floorId);
    for (const [id, before] of afterDrag) {
      expect(afterView.get(id)).toMatchObject({ x_percent: before.x_percent, y_percent: before.y_percent, fov: id === a.device_id ? afterRange : null });
    }

    // Blank: still editing, red; nothing is sent.
    const callsBefore = nonGets.length;
    await pencil.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await expect.poll(() => field.getAttribute('aria-invalid'), POLL).toBe('true');
    const border = await page.locator('.fw-floor-name-field').evaluate((el) => getComputedStyle(el).boxShadow);
    // The red error border (--red-8): a colour with far more red than green or blue.
    const [red = 0, green = 255, blue = 255] = (/rgb\((\d+), (\d+), (\d+)\)/.exec(border) ?? []).slice(1).map(Number);
    expect(red - Math.max(green, blue)).toBeGreaterThan(60);
    await expect.poll(() => field.evaluate((el) => document.activeElement === el), POLL).toBe(true);
    await shot(page, 'rename-blank');

    // Escape cancels: the name is unchanged and nothing is sent.
    await page.keyboard.type('Not kept');
    await page.keyboard.press('Escape');
    await expect.poll(() => field.count(), POLL).toBe(0);
    await breadcrumbs.getByText('Renamed floor', { exact: true }).waitFor();
    expect(nonGets.slice(callsBefore)).toEqual([]);
    expect((await floorName(page, server, floorId))).toBe('Renamed floor');

    // Blur saves too: type a name and click away.
    await pencil.click();
    const blurred = waitForApi(page, 'PATCH', new RegExp(`/v1/floors/${floorId}$`));
    await page.keyboard.type('Level one');
    await page.getByRole('heading', { level: 1 }).click();
    expect(sentBody(await blurred)).toEqual({ name: 'Level one' });
    await breadcrumbs.getByText('Level one', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Level one' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
