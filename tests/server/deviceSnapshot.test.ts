import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../server/realtime/eventBus';
import { simulatedFleet, statusAt } from '../../server/vortex-sim/devices';
import { startVortexSimulator, type RunningVortexSimulator } from '../../server/vortex-sim/httpServer';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';
import { expectProblem } from './helpers/problems';
import { postWebhook, vortexSample } from './helpers/vortex';

/** The simulator's clock, fixed so the statuses (and so which cameras give images) are known. */
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const fleet = simulatedFleet();
const camera = fleet.find((d) => d.deviceId === '0002D1A4C7F1')!;
const nonCamera = fleet.find((d) => d.type === 'IO_MODULE')!;
/** The instant of with-thumbnail.json (its utcTime). */
const THUMBNAIL_AT = 1763719205;
const thumbnailBytes = () => Buffer.from(String(vortexSample('with-thumbnail.json').thumbnail).replace(/^data:image\/jpeg;base64,/, ''), 'base64');

describe.each(databaseKinds)('GET /v1/devices/{id}/snapshot and the event view’s has_snapshot and alert (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  let sim: RunningVortexSimulator;
  let connection: { id: string; secret: string };
  const published: BusMessage[] = [];

  beforeAll(async () => {
    sim = await startVortexSimulator({ devices: fleet, now: () => NOW_MS });
    t = await build(kind);
    account = await createAccount(t.app, 'Snap');
    other = await createAccount(t.app, 'SnapOther');
    const saved = await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: sim.url, api_key: sim.apiKey } });
    const body = saved.json<{ webhook_url: string; webhook_secret: string }>();
    connection = { id: body.webhook_url.split('/').pop() ?? '', secret: body.webhook_secret };
    expect((await t.app.inject({ method: 'POST', url: '/v1/vortex/sync', headers: account.headers })).statusCode).toBe(200);
    t.app.eventBus.subscribe((message) => published.push(message));
    expect(statusAt(camera, NOW_MS)).not.toBe('offline');
  });
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  const snapshot = (deviceId: string, query = '', who: Account = account) =>
    t.app.inject({ method: 'GET', url: `/v1/devices/${encodeURIComponent(deviceId)}/snapshot${query}`, headers: who.headers });

  const expectImageHeaders = (response: Awaited<ReturnType<typeof snapshot>>) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  };

  it('serves the live image from VORTEX for a camera', async () => {
    const response = await snapshot(camera.deviceId);
    expectImageHeaders(response);
    expect(response.headers['content-disposition']).toBe(`inline; filename="${camera.deviceId}.jpg"`);
  });

  it('serves VORTEX’s recorded image for a time without a stored thumbnail', async () => {
    const at = NOW_S - 60;
    const response = await snapshot(camera.deviceId, `?timestamp=${at}`);
    expectImageHeaders(response);
    expect(response.rawPayload.equals(thumbnailBytes())).toBe(false);
  });

  it('serves the thumbnail VORTEX sent with an event at that second, and the event says has_snapshot', async () => {
    const posted = await postWebhook(t.app, connection, { ...vortexSample('with-thumbnail.json'), eventId: 'evt-snap-1' });
    expect(posted.statusCode, posted.body).toBe(202);
    const id = posted.json<{ id: string }>().id;
    // Past the simulator's 30-day recordings: only the stored thumbnail can answer.
    const response = await snapshot(camera.deviceId, `?timestamp=${THUMBNAIL_AT}`);
    expectImageHeaders(response);
    expect(response.rawPayload.equals(thumbnailBytes())).toBe(true);
    expect(response.headers['content-disposition']).toBe(`inline; filename="${camera.deviceId}-${THUMBNAIL_AT}.jpg"`);

    const event = (await t.app.inject({ method: 'GET', url: `/v1/events/${id}`, headers: account.headers })).json<{ has_snapshot: boolean; alert: { id: string; resolved: boolean } | null; local_time: number }>();
    expect(event.has_snapshot).toBe(true);
    expect(Math.floor(event.local_time)).toBe(THUMBNAIL_AT);
    expect(event.alert).toEqual({ id: expect.any(String), resolved: false });
    expect(published.find((m) => m.event.id === id)?.event).toMatchObject({ has_snapshot: true, alert: event.alert });
  });

  it('answers 404 from VORTEX’s side when it has no image then, with a useful detail', async () => {
    expectProblem(await snapshot(camera.deviceId, `?timestamp=${THUMBNAIL_AT + 5}`), 404, 'VORTEX has no image of FD9387 Main Entrance at 2025-11-21T10:00:10.000Z');
  });

  it('carries the alert on events and shows it resolved once resolved', async () => {
    const posted = await postWebhook(t.app, connection, { ...vortexSample('intrusion.json'), eventId: 'evt-snap-2', deviceId: camera.deviceId });
    const id = posted.json<{ id: string }>().id;
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/events', headers: account.headers })).json<{ events: { id: string; has_snapshot: boolean; alert: { id: string; resolved: boolean } | null }[] }>();
    const event = listed.events.find((e) => e.id === id);
    expect(event).toMatchObject({ has_snapshot: false, alert: { id: expect.any(String), resolved: false } });
    const alertId = event?.alert?.id ?? '';
    const resolved = await t.app.inject({ method: 'PATCH', url: `/v1/alerts/${alertId}`, headers: account.headers, payload: { resolved: true } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ id: alertId, event: { id, alert: { id: alertId, resolved: true } } });
    const again = (await t.app.inject({ method: 'GET', url: `/v1/events/${id}`, headers: account.headers })).json();
    expect(again).toMatchObject({ alert: { id: alertId, resolved: true } });

    const motion = await postWebhook(t.app, connection, { ...vortexSample('video-motion.json'), eventId: 'evt-snap-3', deviceId: camera.deviceId });
    const motionEvent = (await t.app.inject({ method: 'GET', url: `/v1/events/${motion.json<{ id: string }>().id}`, headers: account.headers })).json();
    expect(motionEvent).toMatchObject({ has_snapshot: false, alert: null });
  });

  describe('bad input', () => {
    it('answers 422 for a device that is not a camera', async () => {
      expectProblem(await snapshot(nonCamera.deviceId), 422, 'Snapshots are for cameras only (CAMERA, NVR_CAMERA)');
      expectProblem(await snapshot(nonCamera.deviceId, `?timestamp=${NOW_S}`), 422, 'IO_MODULE');
    });

    it('answers 404 for an unknown device and another organization’s camera', async () => {
      expectProblem(await snapshot('NO-SUCH-CAMERA'), 404, 'Device not found');
      expectProblem(await snapshot(camera.deviceId, '', other), 404, 'Device not found');
    });

    it.each(['?timestamp=abc', '?timestamp=-1', '?timestamp=1.5', '?timestamp=99999999999999', '?when=1'])('answers 400 for %s', async (query) => {
      expectProblem(await snapshot(camera.deviceId, query), 400);
    });

    it('answers 422 when the organization has no VORTEX credentials', async () => {
      const building = await createBuilding(t.app, other.headers);
      const floor = await createFloor(t.app, other.headers, building.id);
      await placeDevice(t.app, other.headers, floor.id, 'OTHER-CAMERA');
      expectProblem(await snapshot('OTHER-CAMERA', '', other), 422, 'save its base URL and API key first');
    });

    it('answers 502 when VORTEX cannot be reached or refuses the key', async () => {
      await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: sim.url, api_key: 'wrong-key' } });
      expectProblem(await snapshot(camera.deviceId), 502, 'refused the API key');
      // A stored thumbnail needs no VORTEX.
      expect((await snapshot(camera.deviceId, `?timestamp=${THUMBNAIL_AT}`)).statusCode).toBe(200);
      const gone = await startVortexSimulator();
      await gone.stop();
      await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: gone.url, api_key: sim.apiKey } });
      expectProblem(await snapshot(camera.deviceId), 502, 'could not be reached');
      await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: sim.url, api_key: sim.apiKey } });
    });
  });
});
