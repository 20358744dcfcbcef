/**
 * The browser's plan-file calls (src/api/floors.ts) against the real server: `fetch` is
 * routed to `app.inject`, multipart bodies included, so the plan manager's requests are
 * answered by the real routes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindApiSession, problemMessage } from '../../src/api/client';
import {
  addFloorPlanFile,
  currentPlanFiles,
  deleteFloorPlanFile,
  fetchFloorPlanImage,
  fetchFloorPlans,
  floorQueryOptions,
  setCurrentFloorPlan,
} from '../../src/api/floors';
import { QueryClient } from '@tanstack/react-query';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createBuilding, createFloor, readPlan } from './helpers/fixtures';

/** `fetch` for the browser's relative `/v1` calls, answered by `app.inject` (any body a Request can carry). */
function injectingFetch(t: TestApp) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (typeof input !== 'string' || !input.startsWith('/')) throw new Error(`unexpected fetch of ${String(input)}`);
    const request = new Request(new URL(input, 'http://localhost'), init);
    const url = new URL(request.url);
    const body = init?.body === undefined || init.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers.entries()),
      payload: body,
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(key, String(value));
    return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, { status: response.statusCode, headers });
  };
}

describe.each(databaseKinds)('plan-file calls of the browser against the real server (%s)', (kind) => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Plan contract');
    vi.stubGlobal('fetch', injectingFetch(t));
    bindApiSession({ accessToken: () => account.accessToken, refreshAccessToken: () => Promise.reject(new Error('no refresh')) });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t?.close();
  });

  it('uploads, lists, switches, loads the display version, and deletes as the plan manager does', async () => {
    const building = await createBuilding(t.app, account.headers, { name: 'Contract' });
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'L1' });
    const large = await readPlan('centralesupelec_breguet_L1.png');
    const small = await readPlan('ilc20_site1_F2.png');

    const first = await addFloorPlanFile(floor.id, new File([new Uint8Array(large)], 'L1.png', { type: 'image/png' }), 'L1.png');
    expect(first).toMatchObject({ width: 9355, height: 6623, display_width: 4096, display_height: 2900, original_url: first.url });
    const second = await addFloorPlanFile(floor.id, new File([new Uint8Array(small)], 'F2.png', { type: 'image/png' }));
    expect(await fetchFloorPlans(floor.id)).toEqual([first, second]);

    const queries = new QueryClient();
    const loadFloor = () => queries.fetchQuery({ ...floorQueryOptions(floor.id), staleTime: 0 });
    expect((await loadFloor()).floor_plan_filename).toBe(second.file_name);

    expect(await setCurrentFloorPlan(floor.id, first.file_name)).toEqual(first);
    const files = currentPlanFiles(await loadFloor());
    expect(files).toEqual({ originalUrl: first.url, displayUrl: first.display_url, width: 9355, height: 6623 });
    const shown = await fetchFloorPlanImage(files?.displayUrl ?? '');
    expect(shown.type).toBe('image/png');
    expect(shown.size).toBeLessThan(large.length);
    expect((await fetchFloorPlanImage(first.original_url)).size).toBe(large.length);

    await deleteFloorPlanFile(floor.id, second.file_name);
    expect(await fetchFloorPlans(floor.id)).toEqual([first]);
    const missing = await deleteFloorPlanFile(floor.id, second.file_name).catch((error: unknown) => error);
    expect(problemMessage(missing, 'Failed to delete floor plan')).toBe('Floor plan file not found');
  }, 30_000);
});
