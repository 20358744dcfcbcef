import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DevicesScreen from '../../../src/screens/DevicesScreen';
import { toaster } from '../../../src/lib/toaster';
import { currentLocation } from '../appHarness';
import { fakeApi, json, problem, renderAt } from '../entities/harness';

const devices = [
  { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', status: 'online', mac: '00:11:22:33:44:55', floor_id: 'f1' },
  { device_id: 'cam-2', device_name: 'Dock cam', device_type: 'NVR_CAMERA', status: 'offline', mac: null, floor_id: null },
  { device_id: 'cam-3', device_name: 'Gate cam', status: 'error', floor_id: null },
];
const building = (id: string) => ({ id, name: `Building ${id}`, floor_count: 1 });
const floor = (id: string, buildingId: string, name: string) => ({ id, building_id: buildingId, name, level: 0 });

const renderDevices = (path = '/devices') => renderAt(<DevicesScreen />, { path, pattern: '/devices' });
const names = () => screen.queryAllByRole('rowheader').map((c) => c.textContent);

/** Picks `option` in the Radix select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  vi.spyOn(toaster, 'error');
});

describe('DevicesScreen', { timeout: 20_000 }, () => {
  it.each([
    ['an object holding devices', { devices }],
    ['a bare array', devices],
  ])('lists devices from %s with status badges, MAC and floor links that select the device', async (_shape, body) => {
    fakeApi()
      .on('GET', '/v1/devices', body)
      .on('GET', '/v1/buildings', { buildings: [building('b1')] })
      .on('GET', '/v1/buildings/b1/floors', [floor('f1', 'b1', 'Lobby')]);
    renderDevices();
    const row = (await screen.findByRole('link', { name: 'Lobby cam' })).closest('tr')!;
    expect(within(row).getByText('Online')).toHaveAttribute('data-status', 'online');
    expect(within(row).getByText('00:11:22:33:44:55')).toBeInTheDocument();
    expect(await within(row).findByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/floors/f1?mode=view&device=cam-1');
    const gate = screen.getByRole('link', { name: 'Gate cam' }).closest('tr')!;
    expect(within(gate).getByText('unknown')).toBeInTheDocument();
    expect(within(gate).getByText('Error')).toHaveAttribute('data-status', 'error');
    expect(screen.getByText('1 online')).toBeInTheDocument();
    expect(screen.getByText('3 devices')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dock cam' })).toHaveAttribute('href', '/devices/cam-2');
  });

  it('treats any other shape as empty and logs a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi().on('GET', '/v1/devices', { items: devices }).on('GET', '/v1/buildings', []);
    renderDevices();
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Unexpected device list response; treating it as empty', { items: devices });
  });

  it('asks for the list again every 5 minutes, not while the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    try {
      const fake = fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/buildings', []);
      renderDevices();
      await vi.waitFor(() => expect(fake.callsTo('GET', '/v1/devices')).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(300_000);
      expect(fake.callsTo('GET', '/v1/devices')).toHaveLength(2);
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      await vi.advanceTimersByTimeAsync(600_000);
      expect(fake.callsTo('GET', '/v1/devices')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('searches name, device id and MAC (with or without colons)', async () => {
    const user = userEvent.setup();
    fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/buildings', []);
    const { location } = renderDevices();
    await screen.findByRole('link', { name: 'Lobby cam' });
    const search = screen.getByRole('textbox', { name: 'Search devices' });
    await user.type(search, 'dock');
    expect(names()).toEqual(['Dock cam']);
    expect(currentLocation(location)).toBe('/devices?q=dock');
    await user.clear(search);
    await user.type(search, '001122334455');
    expect(names()).toEqual(['Lobby cam']);
    await user.clear(search);
    await user.type(search, 'CAM-3');
    expect(names()).toEqual(['Gate cam']);
    expect(screen.getByText('Showing 1 of 3 devices')).toBeInTheDocument();
  });

  it('filters by status and type, kept in the URL, and clears them', async () => {
    const user = userEvent.setup();
    fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/buildings', []);
    const { location } = renderDevices('/devices?status=offline');
    await screen.findByRole('link', { name: 'Dock cam' });
    expect(names()).toEqual(['Dock cam']);
    await choose(user, 'Status', 'All statuses');
    await choose(user, 'Type', 'CAMERA');
    expect(names()).toEqual(['Lobby cam']);
    expect(currentLocation(location)).toBe('/devices?type=CAMERA');
    await choose(user, 'Status', 'Error');
    expect(await screen.findByText('No devices match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(names()).toEqual(['Lobby cam', 'Dock cam', 'Gate cam']);
    expect(currentLocation(location)).toBe('/devices');
  });

  it('shows detail, then title, then message of a device list problem', async () => {
    fakeApi()
      .on('GET', '/v1/devices', () => problem(502, { message: 'VORTEX is unreachable' }))
      .on('GET', '/v1/buildings', []);
    renderDevices();
    expect(await screen.findByRole('alert')).toHaveTextContent('VORTEX is unreachable');
    // The toast comes from an effect, which a loaded machine may run after the alert is found.
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('VORTEX is unreachable'));
  });

  it('syncs from VORTEX, shows the counts and the skipped devices inline, and reloads the list', async () => {
    const user = userEvent.setup();
    let synced = false;
    const fake = fakeApi()
      .on('GET', '/v1/devices', () => json(synced ? [...devices, { device_id: 'cam-4', device_name: 'Roof cam', device_type: 'CAMERA', status: 'online' }] : devices))
      .on('GET', '/v1/buildings', [])
      .on('POST', '/v1/vortex/sync', () => {
        synced = true;
        return json({ created: 1, updated: 3, marked_offline: 0, total: 5, last_sync_at: new Date().toISOString(), skipped: 1, skipped_device_ids: ['cam-5'], limit_detail: 'Your Free plan allows 4 devices. Upgrade in Settings to add more.' });
      });
    renderDevices();
    await screen.findByRole('link', { name: 'Lobby cam' });
    await user.click(screen.getByRole('button', { name: 'Sync from VORTEX' }));
    expect(await screen.findByText(/Synced 5 devices: 1 new, 3 updated, 0 marked offline\./)).toHaveTextContent('Your Free plan allows 4 devices. Upgrade in Settings to add more.');
    expect(await screen.findByRole('link', { name: 'Roof cam' })).toBeInTheDocument();
    expect(fake.callsTo('POST', '/v1/vortex/sync')).toHaveLength(1);
  });

  it('shows a failed sync inline with the problem detail, else the spec fallback', async () => {
    const user = userEvent.setup();
    const fake = fakeApi()
      .on('GET', '/v1/devices', devices)
      .on('GET', '/v1/buildings', [])
      .on('POST', '/v1/vortex/sync', () => problem(422, { title: 'Unprocessable Content', detail: 'VORTEX is not set up: save its URL and API key in Settings' }));
    renderDevices();
    await screen.findByRole('link', { name: 'Lobby cam' });
    await user.click(screen.getByRole('button', { name: 'Sync from VORTEX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('VORTEX is not set up: save its URL and API key in Settings');
    fake.on('POST', '/v1/vortex/sync', () => new Response('oops', { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Sync from VORTEX' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to sync with Vortex'));
  });
});
