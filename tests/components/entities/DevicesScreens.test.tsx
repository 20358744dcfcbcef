import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DevicesScreen from '../../../src/screens/DevicesScreen';
import DeviceDetailsScreen from '../../../src/screens/DeviceDetailsScreen';
import DashboardScreen from '../../../src/screens/DashboardScreen';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, problem, renderAt } from './harness';

const devices = [
  { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', status: 'online', mac: '00:11:22:33:44:55', floor_id: 'f1' },
  { device_id: 'cam-2', device_name: 'Dock cam', device_type: 'NVR_CAMERA', status: 'offline', mac: null, floor_id: null },
  { device_id: 'cam-3', device_name: 'Gate cam', status: 'error', floor_id: null },
];
const building = (id: string) => ({ id, name: `Building ${id}`, floor_count: 1 });
const floor = (id: string, buildingId: string, name: string) => ({ id, building_id: buildingId, name, level: 0 });

const renderDevices = () => renderAt(<DevicesScreen />, { path: '/devices', pattern: '/devices' });

describe('DevicesScreen', () => {
  beforeEach(() => {
    vi.spyOn(toaster, 'error');
  });

  it.each([
    ['an object holding devices', { devices }],
    ['a bare array', devices],
  ])('lists devices from %s with status badges, MAC and floor links', async (_shape, body) => {
    fakeApi()
      .on('GET', '/v1/devices', body)
      .on('GET', '/v1/buildings', { buildings: [building('b1')] })
      .on('GET', '/v1/buildings/b1/floors', [floor('f1', 'b1', 'Lobby')]);
    renderDevices();
    const row = (await screen.findByRole('link', { name: 'Lobby cam' })).closest('tr')!;
    expect(within(row).getByText('Online')).toHaveAttribute('data-status', 'online');
    expect(within(row).getByText('00:11:22:33:44:55')).toBeInTheDocument();
    expect(await within(row).findByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/floors/f1?mode=view');
    const gate = screen.getByRole('link', { name: 'Gate cam' }).closest('tr')!;
    expect(within(gate).getByText('unknown')).toBeInTheDocument();
    expect(within(gate).getByText('Error')).toHaveAttribute('data-status', 'error');
    expect(screen.getByText('1 online')).toBeInTheDocument();
    expect(screen.getByText('1 offline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dock cam' })).toHaveAttribute('href', '/devices/cam-2');
  });

  it('treats any other shape as empty and logs a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi().on('GET', '/v1/devices', { items: devices }).on('GET', '/v1/buildings', []);
    renderDevices();
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('filters by search text', async () => {
    const user = userEvent.setup();
    fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/buildings', []);
    renderDevices();
    await screen.findByRole('link', { name: 'Lobby cam' });
    await user.type(screen.getByRole('textbox', { name: 'Search devices' }), 'dock');
    expect(screen.getByRole('link', { name: 'Dock cam' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lobby cam' })).not.toBeInTheDocument();
  });

  it('shows detail, then title, then message of a device list problem', async () => {
    fakeApi()
      .on('GET', '/v1/devices', () => problem(502, { message: 'VORTEX is unreachable' }))
      .on('GET', '/v1/buildings', []);
    renderDevices();
    expect(await screen.findByRole('alert')).toHaveTextContent('VORTEX is unreachable');
    expect(toaster.error).toHaveBeenCalledWith('VORTEX is unreachable');
  });
});

describe('DeviceDetailsScreen', () => {
  it('shows name, id, type, status, MAC and a link to its floor', async () => {
    fakeApi()
      .on('GET', '/v1/devices/cam-1', devices[0]!)
      .on('GET', '/v1/floors/f1', { floor: floor('f1', 'b1', 'Lobby') });
    renderAt(<DeviceDetailsScreen />, { path: '/devices/cam-1', pattern: '/devices/:deviceId' });
    expect(await screen.findByRole('heading', { name: 'Lobby cam' })).toBeInTheDocument();
    expect(screen.getByText('cam-1')).toBeInTheDocument();
    expect(screen.getAllByText('CAMERA').length).toBeGreaterThan(0);
    expect(screen.getByText('Online')).toHaveAttribute('data-status', 'online');
    expect(screen.getByText('00:11:22:33:44:55')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/floors/f1?mode=view');
  });

  it('says when the device is not placed', async () => {
    fakeApi().on('GET', '/v1/devices/cam-2', devices[1]!);
    renderAt(<DeviceDetailsScreen />, { path: '/devices/cam-2', pattern: '/devices/:deviceId' });
    expect(await screen.findByText('Not placed')).toBeInTheDocument();
  });
});

describe('DashboardScreen', () => {
  it('counts buildings, the floors of every building and devices from real data', async () => {
    fakeApi()
      .on('GET', '/v1/buildings', { buildings: [building('b1'), building('b2')] })
      .on('GET', '/v1/buildings/b1/floors', [floor('f1', 'b1', 'Lobby'), floor('f2', 'b1', 'Roof')])
      .on('GET', '/v1/buildings/b2/floors', { floors: [floor('f3', 'b2', 'Dock')] })
      .on('GET', '/v1/devices', { devices });
    renderAt(<DashboardScreen />, { path: '/dashboard', pattern: '/dashboard' });
    await waitFor(() => expect(screen.getByTestId('Buildings-count')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByTestId('Floors-count')).toHaveTextContent('3'));
    await waitFor(() => expect(screen.getByTestId('Devices-count')).toHaveTextContent('3'));
    expect(screen.getByText('33% online')).toBeInTheDocument();
  });

  it('invites to add a building when there is none', async () => {
    fakeApi().on('GET', '/v1/buildings', []).on('GET', '/v1/devices', []);
    renderAt(<DashboardScreen />, { path: '/dashboard', pattern: '/dashboard' });
    expect(await screen.findByRole('link', { name: /add a building/i })).toHaveAttribute('href', '/buildings');
  });
});
