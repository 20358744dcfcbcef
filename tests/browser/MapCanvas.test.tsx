/**
 * The maps' Leaflet canvas in Chromium (jsdom has no layout or SVG geometry): the offline
 * Natural Earth outlines, one marker per located building coloured by its devices, the
 * tile layer when configured, and a click on a marker opening the building.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { QueryClient } from '@tanstack/react-query';
import { Theme } from '@radix-ui/themes';
import '@radix-ui/themes/styles.css';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import MapCanvas from '../../src/screens/map/MapCanvas';
import { bindApiSession } from '../../src/api/client';
import type { Building, Device } from '../../src/api/types';

const building = (id: string, name: string, latitude: number | null, longitude: number | null): Building => ({
  id, name, address: null, latitude, longitude, map_image_url: null, floor_count: 1, created_at: '', updated_at: '',
});
const device = (id: string, status: Device['status']): Device => ({
  device_id: id, device_name: id, device_type: 'CAMERA', status, mac: null, floor_id: 'f', last_seen_at: null, created_at: '', updated_at: '',
});

let root: Root | undefined;
let host: HTMLDivElement | undefined;

afterEach(() => {
  root?.unmount();
  host?.remove();
  vi.unstubAllGlobals();
});

function mount(config: { map_tile_url: string | null; map_tile_attribution: string }) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } })));
  bindApiSession({ accessToken: () => 'token', refreshAccessToken: () => Promise.reject(new Error('none')) });
  const store = createStore();
  store.set(queryClientAtom, new QueryClient());
  const memory = memoryLocation({ path: '/map', record: true });
  host = document.createElement('div');
  host.style.cssText = 'width:800px';
  document.body.append(host);
  root = createRoot(host);
  const buildings = [building('b1', 'Taipei', 25.03, 121.56), building('b2', 'London', 51.5, -0.12), building('b3', 'Nowhere', null, null)];
  const devices = new Map([
    ['b1', [device('d1', 'online'), device('d2', 'error')]],
    ['b2', [device('d3', 'online')]],
  ]);
  root.render(
    <JotaiProvider store={store}>
      <Theme>
        <Router hook={memory.hook}>
          <MapCanvas view={{ bounds: [[25.03, -0.12], [51.5, 121.56]] }} label="Map of all buildings" buildings={buildings} devices={devices} />
        </Router>
      </Theme>
    </JotaiProvider>,
  );
  return memory;
}

async function until<T>(find: () => T | null | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('MapCanvas', () => {
  it('draws the country outlines offline and a coloured marker per located building that opens it', async () => {
    const memory = mount({ map_tile_url: null, map_tile_attribution: '' });
    const map = await until(() => host!.querySelector<HTMLElement>('.fw-map'));
    expect(map.getBoundingClientRect().height).toBeGreaterThan(300);
    const countries = await until(() => {
      const paths = host!.querySelectorAll('path.fw-map-country');
      return paths.length > 100 ? paths : null;
    });
    expect(countries.length).toBeGreaterThan(150);
    expect(host!.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
    const markers = host!.querySelectorAll<SVGPathElement>('path.fw-map-marker');
    expect(markers).toHaveLength(2);
    const red = host!.querySelector<SVGPathElement>('path.fw-map-marker-error')!;
    const fill = (path: Element) => getComputedStyle(path).fill;
    expect(fill(red)).toMatch(/^(rgb|color)\(/);
    expect(fill(red)).not.toBe(fill(host!.querySelector('path.fw-map-marker-online')!));
    expect(fill(red)).not.toBe('rgb(0, 0, 0)');
    const box = red.getBoundingClientRect();
    const mapBox = map.getBoundingClientRect();
    // Taipei is east of London: its marker is right of the other one, both inside the map.
    expect(box.left).toBeGreaterThan(host!.querySelector('path.fw-map-marker-online')!.getBoundingClientRect().left);
    expect(box.right).toBeLessThanOrEqual(mapBox.right);
    red.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 }));
    await until(() => memory.history.at(-1) === '/buildings/b1');
  });

  it('adds the configured tile server under the outlines', async () => {
    mount({ map_tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', map_tile_attribution: '© Test tiles' });
    const tile = await until(() => host!.querySelector<HTMLImageElement>('img.leaflet-tile'));
    expect(tile.src).toMatch(/^http:\/\/127\.0\.0\.1:9\/\d+\/\d+\/\d+\.png$/);
    expect(host!.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Test tiles');
    expect(host!.querySelector('.fw-map-tiled')).not.toBeNull();
  });
});
