import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import BuildingMapScreen from '../../../src/screens/BuildingMapScreen';
import { fakeApi, renderAt } from '../entities/harness';
import { building, floor } from './mapFixtures';

const renderMap = (id: string) => renderAt(<BuildingMapScreen />, { path: `/buildings/${id}/map`, pattern: '/buildings/:buildingId/map' });

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:map-image'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('BuildingMapScreen', () => {
  it('shows the map image (fetched with the token) beside the floors, each opening its plan', async () => {
    const api = fakeApi()
      .on('GET', '/v1/client-config', { map_tile_url: null, map_tile_attribution: '' })
      .on('GET', '/v1/buildings/b1', building('b1', 'Headquarters', 25.033, 121.5654, true))
      .on('GET', '/v1/buildings/b1/floors', { floors: [floor('f2', 'b1', 'Second', 2, 1), floor('f1', 'b1', 'Lobby', 0, 3)] })
      .on('GET', '/v1/buildings/b1/map-image', () => new Response(new Blob(['PNG']), { headers: { 'content-type': 'image/png' } }));
    renderMap('b1');
    expect(await screen.findByRole('heading', { name: 'Headquarters: map' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Headquarters Street 1 · 25.0330°, 121.5654°')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Map of Headquarters' })).toHaveAttribute('src', 'blob:map-image');
    expect(api.callsTo('GET', '/v1/buildings/b1/map-image')[0]?.authorization).toBe('Bearer test-token');
    const floors = await screen.findByRole('list', { name: 'Floors of Headquarters' });
    const links = within(floors).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Lobby', '/floors/f1?mode=view'],
      ['Second', '/floors/f2?mode=view'],
    ]);
    expect(within(floors).getByText('3 devices')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Map of Headquarters' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/has no latitude and longitude/)).not.toBeInTheDocument();
  });

  it('says when the building has no location or map image, with links to set them', async () => {
    fakeApi()
      .on('GET', '/v1/client-config', { map_tile_url: null, map_tile_attribution: '' })
      .on('GET', '/v1/buildings/b3', building('b3', 'Annex', null, 4.5))
      .on('GET', '/v1/buildings/b3/floors', []);
    renderMap('b3');
    expect(await screen.findByText(/Annex has no latitude and longitude, so it is not on the map/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set its location' })).toHaveAttribute('href', '/buildings/b3');
    expect(screen.getByText(/No map image yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload one' })).toHaveAttribute('href', '/buildings/b3');
    expect(await screen.findByText('No floors yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of Annex' })).not.toBeInTheDocument();
  });

  it('shows why the building could not be loaded', async () => {
    fakeApi().on('GET', '/v1/buildings/b9/floors', []);
    renderMap('b9');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('No fake for GET /v1/buildings/b9');
  });
});
