// The floor screen's palette of available devices renders at most AVAILABLE_ROWS_MAX rows
// (issue 5 "Weight of the pages": before a floor's placements load, all 5 000 organization
// devices count as available); the search reaches the others.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import { AVAILABLE_ROWS_MAX, AvailableDevicesList } from '../../../src/screens/floor/AvailableDevicesList';
import type { Device } from '../../../src/api/types';

const devices: Device[] = Array.from({ length: 5000 }, (_, i) => ({
  device_id: `cam-${i}`,
  device_name: `Camera ${i}`,
  device_type: 'CAMERA',
  status: 'online',
  mac: null,
  floor_id: null,
  last_seen_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}));

describe('AvailableDevicesList', () => {
  it('renders at most its row limit, says how many more there are, and the search finds any device', () => {
    render(
      <Theme>
        <AvailableDevicesList devices={devices} canAdd onAdd={vi.fn()} />
      </Theme>,
    );
    const list = screen.getByRole('list', { name: 'Available devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(AVAILABLE_ROWS_MAX);
    expect(screen.getByText(`${devices.length - AVAILABLE_ROWS_MAX} more not shown: search to find them.`)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search devices' }), { target: { value: 'Camera 4999' } });
    const found = within(screen.getByRole('list', { name: 'Available devices' })).getAllByRole('listitem');
    expect(found).toHaveLength(1);
    expect(within(found[0] as HTMLElement).getByText('Camera 4999')).toBeTruthy();
    expect(screen.queryByText(/more not shown/)).toBeNull();
  });

  it('says it is loading, not that every device is placed, while the floor is not known yet', () => {
    render(
      <Theme>
        <AvailableDevicesList devices={[]} loading canAdd onAdd={vi.fn()} />
      </Theme>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading devices…');
    expect(screen.queryByText('Every device is already on this floor.')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Available devices' })).toBeNull();
  });
});
