import type { Page } from 'playwright-core';
import { apiAs } from '../../tests/e2e/helpers/session';
import { createFloorWithPlan } from '../../tests/e2e/helpers/scene';
import type { RunningServer } from '../../tests/e2e/helpers/server';

/** Rows per `POST /v1/devices/bulk-import` (the server's MAX_IMPORT_ROWS). */
const IMPORT_BATCH = 1000;

/**
 * Marker `index` of `count`, spread over the plan on a square grid with a small
 * deterministic jitter so markers do not line up in perfect rows: percent 2–98.
 */
export function markerSpot(index: number, count: number): { x_percent: number; y_percent: number } {
  const side = Math.ceil(Math.sqrt(count));
  const step = 96 / side;
  const jitter = (seed: number) => ((Math.sin(seed * 12.9898) * 43758.5453) % 1) * step * 0.3;
  const x = 2 + (index % side) * step + step / 2 + jitter(index);
  const y = 2 + Math.floor(index / side) * step + step / 2 + jitter(index + count);
  const clamp = (v: number) => Math.round(Math.min(98, Math.max(2, v)) * 100) / 100;
  return { x_percent: clamp(x), y_percent: clamp(y) };
}

/**
 * As the page's signed-in user: moves the organization to the enterprise plan (starter
 * allows 250 devices), creates a floor holding `planFile` in the first building and places
 * `count` cameras on it through the bulk import (1 000 rows a call). Returns the floor id.
 * @throws Error naming the call that failed.
 */
export async function createMarkedFloor(page: Page, server: RunningServer, planFile: string, count: number): Promise<string> {
  await apiAs(page, server, 'POST', '/organizations/subscription', { plan: 'enterprise' });
  const { buildings } = await apiAs<{ buildings: { id: string }[] }>(page, server, 'GET', '/buildings');
  const building = buildings[0];
  if (!building) throw new Error('the demo has no building');
  const floorId = await createFloorWithPlan(page, server, building.id, `Lighthouse: ${count} markers`, planFile);
  for (let start = 0; start < count; start += IMPORT_BATCH) {
    const devices = Array.from({ length: Math.min(IMPORT_BATCH, count - start) }, (_, i) => {
      const index = start + i;
      const id = `LH-${String(index).padStart(5, '0')}`;
      return { device_id: id, device_name: `Camera ${id}`, device_type: 'CAMERA', ...markerSpot(index, count) };
    });
    await apiAs(page, server, 'POST', '/devices/bulk-import', { floor_id: floorId, devices });
  }
  const placed = await apiAs<unknown>(page, server, 'GET', `/floors/${floorId}/devices`);
  const list = Array.isArray(placed) ? placed : ((placed as { device_positions?: unknown[]; devices?: unknown[] }).device_positions ?? (placed as { devices?: unknown[] }).devices ?? []);
  if (list.length !== count) throw new Error(`the floor holds ${list.length} markers, not ${count}`);
  return floorId;
}
