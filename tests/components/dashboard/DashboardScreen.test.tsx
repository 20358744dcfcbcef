import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DashboardScreen from '../../../src/screens/DashboardScreen';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, problem, renderAt } from '../entities/harness';

const SERIES = ['Audio', 'Video motion', 'Intrusion', 'Line crossing', 'Tampering', 'Other'];
const zero = () => Object.fromEntries(SERIES.map((s) => [s, 0]));

/** A chart answer of `count` buckets of `stepMs`, ending now; `hits` puts counts into buckets by index. */
function chart(range: '24h' | '7d', hits: Record<number, Record<string, number>> = {}) {
  const count = range === '24h' ? 24 : 7;
  const stepMs = range === '24h' ? 3_600_000 : 86_400_000;
  const first = Math.floor(Date.now() / stepMs) * stepMs - (count - 1) * stepMs;
  const buckets = Array.from({ length: count }, (_, i) => {
    const counts = { ...zero(), ...hits[i] };
    return { start: new Date(first + i * stepMs).toISOString(), counts, total: Object.values(counts).reduce((a, n) => a + n, 0) };
  });
  const totals = zero();
  for (const b of buckets) for (const s of SERIES) totals[s] = (totals[s] ?? 0) + (b.counts[s] ?? 0);
  return { range, bucket: range === '24h' ? 'hour' : 'day', from: buckets[0]!.start, to: new Date(first + count * stepMs).toISOString(), series: SERIES, buckets, totals };
}

const metrics = { total: 7, online: 4, offline: 2, error: 1, onlinePercentage: 57, offlinePercentage: 29, unresolvedAlerts: 3 };
const building = (id: string, name: string) => ({ id, name, address: `${name} street 1`, floor_count: 2 });
const floor = (id: string, buildingId: string, name: string, level: number, devices: number) => ({ id, building_id: buildingId, name, level, device_count: devices });

function api() {
  return fakeApi()
    .on('GET', '/v1/analytics/device-metrics', metrics)
    .on('GET', '/v1/analytics/chart-data', (call) => new Response(JSON.stringify(call.query?.get('range') === '7d' ? chart('7d', { 6: { Audio: 2 } }) : chart('24h', { 23: { 'Video motion': 5, Intrusion: 2 }, 20: { Tampering: 1 } })), { headers: { 'content-type': 'application/json' } }))
    .on('GET', '/v1/buildings', { buildings: [building('b1', 'Headquarters'), building('b2', 'Warehouse')] })
    .on('GET', '/v1/buildings/b1/floors', [floor('f2', 'b1', 'First floor', 1, 3), floor('f1', 'b1', 'Ground floor', 0, 4)])
    .on('GET', '/v1/buildings/b2/floors', { floors: [] });
}

const renderDashboard = () => renderAt(<DashboardScreen />, { path: '/dashboard', pattern: '/dashboard' });

beforeEach(() => {
  vi.spyOn(toaster, 'error');
});

describe('DashboardScreen', { timeout: 20_000 }, () => {
  it('shows the device metrics with rounded percentages and the unresolved alerts linking to /events', async () => {
    api();
    renderDashboard();
    await waitFor(() => expect(screen.getByTestId('Total devices-count')).toHaveTextContent('7'));
    expect(screen.getByTestId('Online-count')).toHaveTextContent('4');
    expect(screen.getByTestId('Offline-count')).toHaveTextContent('2');
    expect(screen.getByTestId('Error-count')).toHaveTextContent('1');
    const online = screen.getByLabelText('Online');
    expect(within(online).getByText('57% of devices')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Offline')).getByText('29% of devices')).toBeInTheDocument();
    // The error share is computed by the same rule: 1 of 7 is 14 %.
    expect(within(screen.getByLabelText('Error')).getByText('14% of devices')).toBeInTheDocument();
    expect(within(online).getByRole('link')).toHaveAttribute('href', '/devices?status=online');
    const alerts = screen.getByLabelText('Unresolved alerts');
    expect(within(alerts).getByTestId('Unresolved alerts-count')).toHaveTextContent('3');
    expect(within(alerts).getByRole('link', { name: 'Review in Events' })).toHaveAttribute('href', '/events');
  });

  it('shows 0 % when there are no devices', async () => {
    api().on('GET', '/v1/analytics/device-metrics', { total: 0, online: 0, offline: 0, error: 0, onlinePercentage: 0, offlinePercentage: 0, unresolvedAlerts: 0 });
    renderDashboard();
    await waitFor(() => expect(screen.getByTestId('Total devices-count')).toHaveTextContent('0'));
    expect(screen.getAllByText('0% of devices')).toHaveLength(3);
    expect(screen.getByText('All alerts resolved')).toBeInTheDocument();
  });

  it('charts events by type for the last 24 hours, then the last 7 days from the toggle', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderDashboard();
    const legend = await screen.findByLabelText('Events by type');
    expect(within(legend).getByTestId('legend-Video motion')).toHaveTextContent('Video motion5');
    expect(within(legend).getByTestId('legend-Intrusion')).toHaveTextContent('Intrusion2');
    expect(within(legend).getByTestId('legend-Tampering')).toHaveTextContent('Tampering1');
    // jsdom draws no canvas, so the chart's numbers come as a table (loaded then), newest hour first.
    const table = await screen.findByRole('table', { name: 'Events over time' });
    const newest = within(table).getAllByRole('row')[1]!;
    expect(within(newest).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0', '5', '2', '0', '0', '0']);
    expect(within(table).getAllByRole('row')).toHaveLength(25);
    expect(fake.callsTo('GET', '/v1/analytics/chart-data').map((c) => c.query?.get('range'))).toEqual(['24h']);

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(within(screen.getByLabelText('Events by type')).getByTestId('legend-Audio')).toHaveTextContent('Audio2'));
    expect(screen.getByText('Per day (UTC), by event type')).toBeInTheDocument();
    expect(fake.callsTo('GET', '/v1/analytics/chart-data').map((c) => c.query?.get('range'))).toEqual(['24h', '7d']);
  });

  it('says when the range holds no events', async () => {
    api().on('GET', '/v1/analytics/chart-data', chart('24h'));
    renderDashboard();
    expect(await screen.findByText('No events in the last 24 hours')).toBeInTheDocument();
  });

  it('lists each building with its floors, lowest level first, and their device counts', async () => {
    api();
    renderDashboard();
    const hq = await screen.findByRole('list', { name: 'Floors of Headquarters' });
    const items = within(hq).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['L0Ground floor4 devices', 'L1First floor3 devices']);
    expect(within(items[0]!).getByRole('link', { name: 'Ground floor' })).toHaveAttribute('href', '/floors/f1?mode=view');
    expect(screen.getByText('2 floors · 7 devices')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Warehouse' })).toHaveAttribute('href', '/buildings/b2');
    expect(screen.getByText('0 floors · 0 devices')).toBeInTheDocument();
    expect(screen.getByText('No floors yet')).toBeInTheDocument();
  });

  it('invites to add a building when there is none', async () => {
    api().on('GET', '/v1/buildings', []);
    renderDashboard();
    expect(await screen.findByRole('link', { name: /add a building/i })).toHaveAttribute('href', '/buildings');
  });

  it('shows a metrics failure inline and as a toast, from the problem detail', async () => {
    api().on('GET', '/v1/analytics/device-metrics', () => problem(503, { title: 'Service Unavailable', detail: 'Database is starting' }));
    renderDashboard();
    expect(await screen.findByText('Database is starting')).toBeInTheDocument();
    expect(toaster.error).toHaveBeenCalledWith('Database is starting');
    expect(screen.getByTestId('Total devices-count')).toHaveTextContent('—');
  });
});
