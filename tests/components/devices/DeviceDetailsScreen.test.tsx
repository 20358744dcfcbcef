import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DeviceDetailsScreen from '../../../src/screens/DeviceDetailsScreen';
import { SnapshotCacheContext } from '../../../src/lib/snapshotCache/context';
import { logger } from '../../../src/lib/logger';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, json, problem, renderAt } from '../entities/harness';
import { testSnapshotCache } from '../snapshotCacheDouble';

const NOW_S = Math.floor(Date.now() / 1000);
const lobby = { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', status: 'online', mac: '00:11:22:33:44:55', floor_id: 'f1', last_seen_at: null };
const dock = { device_id: 'cam-2', device_name: 'Dock cam', device_type: 'NVR_CAMERA', status: 'offline', mac: null, floor_id: null };
const door = { device_id: 'door-1', device_name: 'Side door', device_type: 'ACCESS_CONTROL', status: 'error', mac: null, floor_id: null };
const jpeg = (body: string) => new Response(new Blob([body], { type: 'image/jpeg' }), { headers: { 'content-type': 'image/jpeg' } });
const event = (id: string, type: string, ago: number) => ({
  id,
  device_id: 'cam-1',
  device_name: 'Lobby cam',
  mapped_device_id: 'cam-1',
  device_mac: null,
  event_type: type,
  event_name: `${type} at the lobby`,
  local_time: NOW_S - ago,
  received_at: new Date().toISOString(),
  has_snapshot: false,
  alert: null,
});

function api(device: Record<string, unknown> = lobby) {
  return fakeApi()
    .on('GET', `/v1/devices/${String(device.device_id)}`, device)
    .on('GET', '/v1/floors/f1', { floor: { id: 'f1', building_id: 'b1', name: 'Lobby floor', level: 0 } })
    .on('GET', '/v1/buildings/b1', { id: 'b1', name: 'Headquarters' })
    .on('GET', `/v1/devices/${String(device.device_id)}/snapshot`, () => jpeg('live'))
    .on('GET', '/v1/events', { events: [], next_cursor: null });
}

function renderDetails(id = 'cam-1') {
  return renderAt(
    <SnapshotCacheContext value={testSnapshotCache()}>
      <DeviceDetailsScreen />
    </SnapshotCacheContext>,
    { path: `/devices/${id}`, pattern: '/devices/:deviceId' },
  );
}

beforeEach(() => {
  vi.spyOn(toaster, 'error');
  Element.prototype.scrollIntoView ??= () => {};
});

describe('DeviceDetailsScreen', { timeout: 20_000 }, () => {
  it('shows status, type, MAC and its floor, linked to open the floor with the device selected', async () => {
    api();
    renderDetails();
    // The first render of a file also loads the screen's modules: give it time.
    expect(await screen.findByRole('heading', { name: 'Lobby cam' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Online')).toHaveAttribute('data-status', 'online');
    expect(screen.getByText('00:11:22:33:44:55')).toBeInTheDocument();
    expect(screen.getAllByText('CAMERA').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'Lobby floor' })).toHaveAttribute('href', '/floors/f1?mode=view&device=cam-1');
    expect(await screen.findByText('· Headquarters')).toBeInTheDocument();
  });

  it('says when the device is not placed', async () => {
    api(dock);
    renderDetails('cam-2');
    expect(await screen.findByText('Not placed')).toBeInTheDocument();
  });

  it('shows the latest snapshot and asks VORTEX again on Refresh', async () => {
    const user = userEvent.setup();
    let n = 0;
    const fake = api().on('GET', '/v1/devices/cam-1/snapshot', () => jpeg(`live-${++n}`));
    renderDetails();
    expect(await screen.findByRole('img', { name: 'Snapshot of Lobby cam' })).toHaveAttribute('src', 'blob:snap/1');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Snapshot of Lobby cam' })).toHaveAttribute('src', 'blob:snap/2'));
    const calls = fake.callsTo('GET', '/v1/devices/cam-1/snapshot');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.query?.get('timestamp')).toBeNull();
  });

  it('shows a snapshot failure from the problem, and no snapshot for other device types', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    api().on('GET', '/v1/devices/cam-1/snapshot', () => problem(502, { title: 'Bad Gateway', detail: 'VORTEX did not answer in time' }));
    const first = renderDetails();
    expect(await screen.findByText('VORTEX did not answer in time')).toBeInTheDocument();
    first.unmount();
    const fake = api(door);
    renderDetails('door-1');
    expect(await screen.findByText('No snapshots for ACCESS_CONTROL devices')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(fake.callsTo('GET', '/v1/devices/door-1/snapshot')).toHaveLength(0);
  });

  it('lists its recent events, asked with device_id', async () => {
    const fake = api().on('GET', '/v1/events', { events: [event('e1', 'Intrusion', 30), event('e2', 'Video motion', 600)], next_cursor: null });
    renderDetails();
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(await within(table).findByText('Intrusion at the lobby')).toBeInTheDocument();
    expect(within(table).getByText('Video motion at the lobby')).toBeInTheDocument();
    expect(fake.callsTo('GET', '/v1/events')[0]?.query?.get('device_id')).toBe('cam-1');
    expect(screen.getByRole('link', { name: 'Open in Events' })).toHaveAttribute('href', '/events?device=cam-1');
  });

  it('syncs the device from VORTEX, then shows it as re-fetched; a failure shows inline', async () => {
    const user = userEvent.setup();
    const fake = api().on('POST', '/v1/devices/cam-1/sync', () => json({ ...lobby, status: 'offline' }));
    renderDetails();
    await screen.findByRole('heading', { name: 'Lobby cam' });
    fake.on('GET', '/v1/devices/cam-1', { ...lobby, status: 'offline' });
    await user.click(screen.getByRole('button', { name: 'Sync from VORTEX' }));
    expect(await screen.findByText('Updated from VORTEX.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Offline')).toHaveAttribute('data-status', 'offline'));
    await waitFor(() => expect(fake.callsTo('GET', '/v1/devices/cam-1').length).toBeGreaterThan(1));
    fake.on('POST', '/v1/devices/cam-1/sync', () => problem(502, { title: 'Bad Gateway', detail: 'VORTEX refused the API key' }));
    await user.click(screen.getByRole('button', { name: 'Sync from VORTEX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('VORTEX refused the API key');
  });

  it("says when the device has no events, in the device's words", async () => {
    api();
    renderDetails();
    expect(await screen.findByText('No events from this device yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Its events appear here as VORTEX reports them.')).toBeInTheDocument();
    expect(screen.queryByText(/Connect VORTEX in Settings/)).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    fakeApi().on('GET', '/v1/devices/nope', () => problem(404, { title: 'Not Found', detail: 'Device not found' }));
    renderDetails('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
