import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from '../entities/harness';
import { BuildingsOnMapList } from '../../../src/screens/map/BuildingsOnMapList';
import type { Building, Device } from '../../../src/api/types';
import { building, device } from './mapFixtures';

describe('BuildingsOnMapList', () => {
  it('is a table named "Buildings on the map" (a caption: Table.Root would put aria-label on its wrapping div)', () => {
    const hq = building('b-1', 'HQ', 52.5, 13.4) as Building;
    const depot = building('b-2', 'Depot', null, null) as Building;
    const placed = new Map<string, readonly Device[]>([['b-1', [device('d-1', 'f-1', 'online'), device('d-2', 'f-1', 'error')] as Device[]]]);
    renderAt(<BuildingsOnMapList buildings={[hq, depot]} devices={placed} />, { path: '/map', pattern: '/map' });
    const table = screen.getByRole('table', { name: 'Buildings on the map' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'HQ' })).toHaveAttribute('href', '/buildings/b-1');
    expect(rows[1]).toHaveTextContent('1 online');
    expect(rows[1]).toHaveTextContent('1 error');
    expect(within(rows[2]!).getByRole('link', { name: 'Set location' })).toBeInTheDocument();
  });
});
