import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import GlobalMapScreen from '../../../src/screens/GlobalMapScreen';
import { fakeApi, renderAt } from '../entities/harness';
import { building, device, floor } from './mapFixtures';

const hq = building('b1', 'Headquarters', 25.033, 121.5654);
const depot = building('b2', 'Depot', 51.5072, -0.1276);
const annex = building('b3', 'Annex', null, null);

function api(buildings = [hq, depot, annex]) {
  return fakeApi()
    .on('GET', '/v1/client-config', { map_tile_url: null, map_tile_attribution: '' })
    .on('GET', '/v1/buildings', { buildings })
    .on('GET', '/v1/buildings/b1/floors', [floor('f1', 'b1', 'Lobby', 0), floor('f2', 'b1', 'Second', 2)])
    .on('GET', '/v1/buildings/b2/floors', [floor('f3', 'b2', 'Ground', 0)])
    .on('GET', '/v1/buildings/b3/floors', [])
    .on('GET', '/v1/devices', {
      devices: [device('d1', 'f1', 'online'), device('d2', 'f2', 'online'), device('d3', 'f2', 'error'), device('d4', 'f3', 'offline'), device('d5', null, 'error')],
    });
}

const renderMap = () => renderAt(<GlobalMapScreen />, { path: '/map', pattern: '/map' });
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('GlobalMapScreen', () => {
  it('lists every building with its devices by status (placed ones only) and links to each', async () => {
    api();
    renderMap();
    const table = await screen.findByRole('table', { name: 'Buildings on the map' }, { timeout: 5000 });
    expect(within(table).getByRole('link', { name: 'Headquarters' })).toHaveAttribute('href', '/buildings/b1');
    await waitFor(() => expect(within(row('Headquarters')).getByText('2 online')).toBeInTheDocument(), { timeout: 5000 });
    expect(within(row('Headquarters')).getByText('1 error')).toBeInTheDocument();
    expect(within(row('Headquarters')).getByText('25.0330°, 121.5654°')).toBeInTheDocument();
    expect(within(row('Depot')).getByText('1 offline')).toBeInTheDocument();
    expect(within(row('Annex')).getByText('No devices placed')).toBeInTheDocument();
  });

  it('says which buildings have no location and links to set it', async () => {
    api();
    renderMap();
    expect(await screen.findByText(/1 building has no latitude and longitude and is not on the map/, {}, { timeout: 5000 })).toBeInTheDocument();
    const annexRow = row('Annex');
    expect(within(annexRow).getByText('No location')).toBeInTheDocument();
    expect(within(annexRow).getByRole('link', { name: 'Set location' })).toHaveAttribute('href', '/buildings/b3');
  });

  it('offers the buildings page when there are no buildings', async () => {
    api([]);
    renderMap();
    expect(await screen.findByText('No buildings yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to buildings' })).toHaveAttribute('href', '/buildings');
  });
});
