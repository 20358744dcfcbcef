import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EventsScreen from '../../../src/screens/EventsScreen';
import { toaster } from '../../../src/lib/toaster';
import { logger } from '../../../src/lib/logger';
import { SnapshotCacheContext } from '../../../src/lib/snapshotCache/context';
import { currentLocation } from '../appHarness';
import { fakeApi, json, problem, renderAt } from '../entities/harness';
import { testSnapshotCache } from '../snapshotCacheDouble';

const NOW_S = Math.floor(Date.now() / 1000);

const devices = [
  { device_id: 'cam-1', device_name: 'Loading dock', device_type: 'CAMERA', status: 'online' },
  { device_id: 'nvr-1', device_name: 'Lobby NVR', device_type: 'NVR_CAMERA', status: 'online' },
  { device_id: 'door-1', device_name: 'Side door', device_type: 'ACCESS_CONTROL', status: 'online' },
];

type WireEvent = Record<string, unknown> & { id: string };
const event = (id: string, overrides: Partial<WireEvent> = {}): WireEvent => ({
  id,
  device_id: 'cam-1',
  device_name: 'Loading dock',
  mapped_device_id: 'cam-1',
  device_mac: '00:02:D1:A4:C7:F1',
  event_type: 'Video motion',
  event_name: `Event ${id}`,
  local_time: NOW_S - 10,
  received_at: new Date().toISOString(),
  has_snapshot: false,
  alert: null,
  ...overrides,
});

const page = (events: WireEvent[], next_cursor: string | null = null) => ({ events, next_cursor });

function renderEvents(path = '/events') {
  const cache = testSnapshotCache();
  return renderAt(
    <SnapshotCacheContext value={cache}>
      <EventsScreen />
    </SnapshotCacheContext>,
    { path, pattern: '/events' },
  );
}

/** Picks `option` in the Radix select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;

beforeEach(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView = vi.fn();
  vi.spyOn(toaster, 'error');
  // Camera rows ask for snapshots that most tests leave unanswered (a logged 404).
  vi.spyOn(logger, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('EventsScreen', () => {
  it('lists events newest first with icon colour, type, device link, time by the spec rule and alert state', async () => {
    fakeApi()
      .on('GET', '/v1/devices', devices)
      .on(
        'GET',
        '/v1/events',
        page([
          event('e1', { event_type: 'Intrusion', event_name: 'Dock intrusion', alert: { id: 'a1', resolved: false } }),
          event('e2', { event_type: 'Tampering', local_time: NOW_S - 5 * 60 - 5, alert: { id: 'a2', resolved: true } }),
          event('e3', { event_type: 'Loitering Detection', local_time: NOW_S - 3 * 3600, mapped_device_id: null, device_id: 'ghost-9', device_name: null }),
          event('e4', { event_type: 'Audio', local_time: 1_700_000_000, device_id: '0002D1AAAAAA', mapped_device_id: 'door-1', device_name: 'Side door' }),
        ]),
      );
    renderEvents();
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Dock intrusion', 'Event e2', 'Event e3', 'Event e4']);

    const first = rowOf('Dock intrusion');
    expect(within(first).getByText('Intrusion')).toHaveAttribute('data-accent-color', 'red');
    expect(within(first).getByText('Just now')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Loading dock' })).toHaveAttribute('href', '/devices/cam-1');
    expect(within(first).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();

    const second = rowOf('Event e2');
    expect(within(second).getByText('Tampering')).toHaveAttribute('data-accent-color', 'orange');
    expect(within(second).getByText('5m ago')).toBeInTheDocument();
    expect(within(second).getByText('Resolved')).toBeInTheDocument();

    const third = rowOf('Event e3');
    expect(within(third).getByText('Loitering Detection')).toHaveAttribute('data-accent-color', 'gray');
    expect(within(third).getByText('3h ago')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'ghost-9' })).toHaveAttribute('href', '/devices/ghost-9');
    expect(within(third).getByText('Not registered')).toBeInTheDocument();

    const fourth = rowOf('Event e4');
    expect(within(fourth).getByText(new Date(1_700_000_000_000).toLocaleString())).toBeInTheDocument();
    expect(within(fourth).getByRole('link', { name: 'Side door' })).toHaveAttribute('href', '/devices/door-1');
  });

  it('puts each filter in the request and in the URL, and the URL filters in the first request', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/events', page([event('e1')]));
    const { location } = renderEvents('/events?device=nvr-1&type=Tampering');
    await screen.findByText('Event e1');
    const params = () => Object.fromEntries(api.callsTo('GET', '/v1/events').at(-1)?.query ?? []);
    expect(params()).toEqual({ device_id: 'nvr-1', event_type: 'Tampering', limit: '50' });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Tampering');

    await choose(user, 'Type', 'Intrusion');
    await waitFor(() => expect(params()).toEqual({ device_id: 'nvr-1', event_type: 'Intrusion', limit: '50' }));
    expect(currentLocation(location)).toBe('/events?device=nvr-1&type=Intrusion');

    await choose(user, 'Device', 'All devices');
    await waitFor(() => expect(params()).toEqual({ event_type: 'Intrusion', limit: '50' }));

    const before = Date.now();
    await choose(user, 'Time', 'Last hour');
    await waitFor(() => expect(params().from).toBeDefined());
    const from = Date.parse(params().from!);
    expect(from).toBeGreaterThanOrEqual(before - 3_600_000 - 60_000);
    expect(from).toBeLessThanOrEqual(Date.now() - 3_600_000);
    expect(currentLocation(location)).toBe('/events?type=Intrusion&range=1h');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(params()).toEqual({ limit: '50' }));
    expect(currentLocation(location)).toBe('/events');
  });

  it('asks a custom range as ISO instants and refuses one that ends before it starts', async () => {
    const api = fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/events', page([]));
    renderEvents('/events?range=custom&from=2025-11-21T09:00:00.000Z&to=2025-11-21T10:00:00.000Z');
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', '/v1/events')[0]?.query ?? [])).toMatchObject({
      from: '2025-11-21T09:00:00.000Z',
      to: '2025-11-21T10:00:00.000Z',
    });
  });

  it('shows the validation message of a backwards custom range and asks nothing', async () => {
    const api = fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/events', page([]));
    renderEvents('/events?range=custom&from=2025-11-21T12:00:00.000Z&to=2025-11-21T10:00:00.000Z');
    expect(await screen.findByRole('alert')).toHaveTextContent('"From" must be before "To"');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('GET', '/v1/events')).toHaveLength(0);
  });

  it('loads the next page by cursor with Load more', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/devices', devices)
      .on('GET', '/v1/events', (call) =>
        json(call.query?.get('cursor') === 'c1' ? page([event('e3')]) : page([event('e1'), event('e2')], 'c1')),
      );
    renderEvents('/events?type=Audio');
    await screen.findByText('Event e2');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Event e3')).toBeInTheDocument();
    const second = api.callsTo('GET', '/v1/events')[1]!;
    expect(Object.fromEntries(second.query ?? [])).toEqual({ event_type: 'Audio', limit: '50', cursor: 'c1' });
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('resolves an alert optimistically', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    const api = fakeApi()
      .on('GET', '/v1/devices', devices)
      .on('GET', '/v1/events', page([event('e1', { event_type: 'Intrusion', alert: { id: 'a1', resolved: false } })]))
      .on('PATCH', '/v1/alerts/a1', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Resolved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/v1/alerts/a1')[0]!.body).toEqual({ resolved: true });
    answer(json({ id: 'a1', event_id: 'e1', resolved: true }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument());
    expect(toaster.error).not.toHaveBeenCalled();
  });

  it('puts the Resolve button back and toasts the problem when resolving fails', async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/v1/devices', devices)
      .on('GET', '/v1/events', page([event('e1', { event_type: 'Tampering', alert: { id: 'a9', resolved: false } })]))
      .on('PATCH', '/v1/alerts/a9', () => problem(503, { title: 'Service Unavailable', detail: 'The database is not reachable' }));
    renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('The database is not reachable'));
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(screen.queryByText('Resolved')).not.toBeInTheDocument();
  });

  it('shows event snapshots of cameras through the cache and opens them larger; other devices ask nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/devices', devices)
      .on(
        'GET',
        '/v1/events',
        page([
          event('e1', { event_name: 'Dock motion', has_snapshot: true, local_time: NOW_S - 30 }),
          event('e2', { event_name: 'Door audio', mapped_device_id: 'door-1', device_id: 'door-1', has_snapshot: true }),
          event('e3', { event_name: 'Ghost', mapped_device_id: null, device_id: 'ghost' }),
        ]),
      )
      .on('GET', '/v1/devices/cam-1/snapshot', () => new Response(new Blob(['jpeg'], { type: 'image/jpeg' }), { headers: { 'content-type': 'image/jpeg' } }));
    renderEvents();
    const open = await screen.findByRole('button', { name: 'Open snapshot of Dock motion, Loading dock' });
    const snapshotCalls = api.calls.filter((c) => c.path.endsWith('/snapshot'));
    expect(snapshotCalls).toHaveLength(1);
    expect(snapshotCalls[0]!.path).toBe('/v1/devices/cam-1/snapshot');
    expect(snapshotCalls[0]?.query?.get('timestamp')).toBe(String(NOW_S - 30));
    expect(within(rowOf('Door audio')).queryByRole('img')).not.toBeInTheDocument();
    expect(within(rowOf('Ghost')).queryByRole('button', { name: /Open snapshot/ })).not.toBeInTheDocument();

    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Snapshot of Dock motion, Loading dock' })).toHaveAttribute('src', 'blob:snap/1');
  });

  it('shows the snapshot failure on the thumbnail', async () => {
    fakeApi()
      .on('GET', '/v1/devices', devices)
      .on('GET', '/v1/events', page([event('e1', { event_name: 'Dock motion' })]))
      .on('GET', '/v1/devices/cam-1/snapshot', () => problem(502, { title: 'Bad Gateway' }));
    renderEvents();
    expect(await screen.findByRole('img', { name: 'Bad Gateway' })).toBeInTheDocument();
  });

  it('highlights the event chosen in the Live Events panel and scrolls it into view', async () => {
    fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/events', page([event('e1'), event('e2'), event('e3')]));
    renderEvents('/events?event=e2');
    await screen.findByText('Event e2');
    expect(rowOf('Event e2')).toHaveAttribute('data-active', 'true');
    expect(rowOf('Event e1')).toHaveAttribute('data-active', 'false');
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1));
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(rowOf('Event e2'));
  });

  it('says when there are no events at all', async () => {
    fakeApi().on('GET', '/v1/devices', devices).on('GET', '/v1/events', page([]));
    renderEvents();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows a failed load inline and as a toast, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi()
      .on('GET', '/v1/devices', devices)
      .on('GET', '/v1/events', () => (fail ? problem(500, { title: 'Internal Server Error' }) : json(page([event('e1')]))));
    renderEvents();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(toaster.error).toHaveBeenCalledWith('Internal Server Error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Event e1')).toBeInTheDocument();
  });
});
