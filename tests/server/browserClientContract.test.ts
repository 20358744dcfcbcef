/**
 * The browser's API modules (src/api/events.ts, alerts.ts, vortex.ts, snapshots.ts)
 * against the real server and the VORTEX simulator: `fetch` is routed to `app.inject`, so
 * the same requests the events and settings screens make are answered by the real routes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulatedFleet } from '../../server/vortex-sim/devices';
import { startVortexSimulator, type RunningVortexSimulator } from '../../server/vortex-sim/httpServer';
import { bindApiSession, problemMessage } from '../../src/api/client';
import { fetchEvents } from '../../src/api/events';
import { fetchAlerts, resolveAlert } from '../../src/api/alerts';
import { fetchSnapshot } from '../../src/api/snapshots';
import { fetchVortexCredentials, saveVortexCredentials, syncVortexDevices, testVortexConnection } from '../../src/api/vortex';
import { NO_FILTERS, toEventListQuery } from '../../src/screens/events/eventFilters';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { postWebhook, vortexSample } from './helpers/vortex';

const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const fleet = simulatedFleet();
const camera = fleet.find((d) => d.deviceId === '0002D1A4C7F1');
const nonCamera = fleet.find((d) => d.type !== 'CAMERA' && d.type !== 'NVR_CAMERA');
/** The instant of with-thumbnail.json (its utcTime), Unix seconds. */
const THUMBNAIL_AT = 1763719205;

/**
 * `fetch` answered by `app.inject` for the browser's relative `/v1` calls, as the server
 * would answer them; absolute URLs (the server's own calls to the simulator) go out as usual.
 */
function injectingFetch(t: TestApp, realFetch: typeof fetch) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (typeof input !== 'string' || !input.startsWith('/')) return realFetch(input, init);
    const url = new URL(input, 'http://localhost');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await t.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) if (value !== undefined) responseHeaders.set(key, String(value));
    return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, { status: response.statusCode, headers: responseHeaders });
  };
}

describe.each(databaseKinds)('browser API modules against the real server (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let sim: RunningVortexSimulator;

  beforeAll(async () => {
    if (!camera || !nonCamera) throw new Error('the simulated fleet lacks a camera or another type');
    sim = await startVortexSimulator({ devices: fleet, now: () => NOW_MS });
    t = await build(kind);
    account = await createAccount(t.app, 'Contract');
    vi.stubGlobal('fetch', injectingFetch(t, globalThis.fetch));
    bindApiSession({ accessToken: () => account.accessToken, refreshAccessToken: () => Promise.reject(new Error('no refresh')) });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await sim?.stop();
    await t?.close();
  });

  it('sets up VORTEX as the settings screen does: none saved, save, test, sync, rotate', async () => {
    expect(await fetchVortexCredentials()).toBeNull();
    const saved = await saveVortexCredentials({ base_url: sim.url, api_key: sim.apiKey });
    expect(saved).toMatchObject({ base_url: sim.url, api_key_last4: sim.apiKey.slice(-4), last_sync_at: null });
    expect(saved.webhook_url).toMatch(/^https?:\/\/.+\/v1\/vortex\/webhooks\/[0-9a-f-]{36}$/);
    expect(await fetchVortexCredentials()).toEqual(saved);

    expect(await testVortexConnection()).toMatchObject({ ok: true });
    const sync = await syncVortexDevices();
    expect(sync).toMatchObject({ total: fleet.length, created: fleet.length, updated: 0 });
    expect(sync.last_sync_at).not.toBeNull();

    const rotated = await saveVortexCredentials({ base_url: sim.url, rotate_webhook_secret: true });
    expect(rotated.webhook_secret).not.toBe(saved.webhook_secret);
    expect(rotated.api_key_last4).toBe(saved.api_key_last4);
    expect(rotated.webhook_url).toBe(saved.webhook_url);
  });

  it('shows the server’s detail for a bad base URL', async () => {
    const error = await saveVortexCredentials({ base_url: 'ftp://vortex.example.com' }).catch((e: unknown) => e);
    expect(problemMessage(error, 'Failed to save VORTEX credentials')).toMatch(/base_url must/);
  });

  it('lists, filters and resolves events, and fetches an event’s snapshot', async () => {
    const credentials = await fetchVortexCredentials();
    const connection = { id: credentials?.webhook_url.split('/').pop() ?? '', secret: credentials?.webhook_secret ?? '' };
    const post = async (sample: string, eventId: string) => {
      const response = await postWebhook(t.app, connection, { ...vortexSample(sample), eventId, deviceId: camera?.deviceId });
      expect(response.statusCode, response.body).toBe(202);
    };
    await post('video-motion.json', 'evt-contract-1');
    await post('intrusion.json', 'evt-contract-2');
    await post('with-thumbnail.json', 'evt-contract-3');

    const all = await fetchEvents(toEventListQuery(NO_FILTERS, Date.now()), null);
    expect(all.events.map((e) => e.event_type)).toEqual(['Intrusion', 'Intrusion', 'Video motion']);
    expect(all.next_cursor).toBeNull();

    const intrusions = await fetchEvents(toEventListQuery({ ...NO_FILTERS, eventType: 'Intrusion' }, Date.now()), null);
    expect(intrusions.events).toHaveLength(2);
    const intrusion = intrusions.events.find((e) => !e.has_snapshot);
    expect(intrusion).toMatchObject({ mapped_device_id: camera?.deviceId, has_snapshot: false, alert: { resolved: false } });

    const byDevice = await fetchEvents(toEventListQuery({ ...NO_FILTERS, deviceId: 'NO-SUCH-DEVICE' }, Date.now()), null);
    expect(byDevice.events).toHaveLength(0);
    // The samples are from November 2025: a custom range around them finds them, "last hour" does not.
    const custom = { ...NO_FILTERS, range: 'custom' as const, from: '2025-11-21T00:00:00Z', to: '2025-11-22T00:00:00Z' };
    expect((await fetchEvents(toEventListQuery(custom, Date.now()), null)).events).toHaveLength(3);
    expect((await fetchEvents(toEventListQuery({ ...NO_FILTERS, range: '1h' }, Date.now()), null)).events).toHaveLength(0);

    const alertId = intrusion?.alert?.id ?? '';
    expect((await fetchAlerts({ resolved: false })).alerts.map((a) => a.id)).toContain(alertId);
    expect(await resolveAlert(alertId)).toMatchObject({ id: alertId, resolved: true });
    const after = await fetchEvents({ event_type: 'Intrusion' }, null);
    expect(after.events.find((e) => e.id === intrusion?.id)?.alert).toEqual({ id: alertId, resolved: true });

    const withThumbnail = all.events.find((e) => e.has_snapshot);
    expect(withThumbnail && Math.floor(withThumbnail.local_time)).toBe(THUMBNAIL_AT);
    const image = await fetchSnapshot(camera?.deviceId ?? '', withThumbnail?.local_time);
    expect(image.type).toBe('image/jpeg');
    expect(image.size).toBeGreaterThan(0);

    const refused = await fetchSnapshot(nonCamera?.deviceId ?? '').catch((e: unknown) => e);
    expect(problemMessage(refused, 'Failed to get snapshot')).toContain('Snapshots are for cameras only');
  });
});
