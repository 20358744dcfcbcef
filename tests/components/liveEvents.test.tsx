// The realtime path in the real App: the bridge opens the stream (a FakeEventSource plays
// the server), the top bar's toggle and dot, the Live Events panel, alert toasts and their
// 'Show on floor' action, token refresh and sign-out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderApp, testSession } from './appHarness';
import { FakeEventSource } from './fakeEventSource';
import { fakeApi } from './entities/harness';
import { toastActor } from '../../src/lib/toaster';
import type { RealtimeEvent } from '../../src/lib/realtimeEvents';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const motion = (n: number, overrides: Partial<RealtimeEvent> = {}): RealtimeEvent => ({
  id: `evt-${n}`,
  device_id: 'cam-1',
  device_name: 'Lobby camera',
  mapped_device_id: 'cam-1',
  device_mac: null,
  event_type: 'Video motion',
  event_name: `Motion ${n}`,
  local_time: nowSeconds(),
  ...overrides,
});

/** Waits for the bridge's stream (it connects 500 ms after auth initialisation). */
async function openedStream(count = 1): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(count), { timeout: 3000 });
  return FakeEventSource.latest();
}

const server = (action: () => void) => act(action);

beforeEach(() => {
  FakeEventSource.opened = [];
  fakeApi()
    .on('GET', '/v1/notifications', { notifications: [], next_cursor: null })
    .on('GET', '/v1/devices/cam-1', { device_id: 'cam-1', device_name: 'Lobby camera', floor_id: 'f1', status: 'online' })
    .on('GET', '/v1/devices/cam-9', { device_id: 'cam-9', device_name: 'Spare', floor_id: null, status: 'online' });
});
afterEach(() => {
  for (const toast of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: toast.id });
  vi.unstubAllGlobals();
});

describe('the realtime bridge', () => {
  it('opens the stream with the access token once signed in, and closes it on sign-out', async () => {
    const { actor } = renderApp('/dashboard', { signedIn: true });
    const stream = await openedStream();
    expect(stream.url).toBe('/v1/events/stream?token=access-1');
    server(() => {
      stream.dispatch('connected');
      stream.send(motion(1));
    });
    act(() => actor.send({ type: 'auth.signOut' }));
    await waitFor(() => expect(stream.closed).toBe(true));
    expect(FakeEventSource.open()).toEqual([]);
  });

  it('does not connect while signed out', async () => {
    renderApp('/login');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('after a token refresh reopens with the new token and the last event id', async () => {
    const refreshTokens = vi.fn(async () => ({
      access_token: 'access-2',
      refresh_token: 'refresh-2',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }));
    // Expires within the 60 s margin: the dropped stream must refresh before reconnecting.
    const session = { ...testSession, expires_at: new Date(Date.now() + 30_000).toISOString() };
    renderApp('/dashboard', { signedIn: true, session, refreshTokens });
    const first = await openedStream();
    server(() => {
      first.dispatch('connected');
      first.send(motion(7));
      first.dispatch('error');
    });
    expect(first.closed).toBe(true);
    await waitFor(() => expect(refreshTokens).toHaveBeenCalledExactlyOnceWith('refresh-1'));
    const second = await openedStream(2);
    expect(second.url).toBe('/v1/events/stream?token=access-2&last_event_id=evt-7');
  });

  it('shows why the stream is down in the panel', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    const stream = await openedStream();
    await user.click(screen.getByRole('button', { name: 'Live Events' }));
    const panel = await screen.findByRole('complementary', { name: 'Live events' });
    // The panel is open before the error: the machine reconnects 1 s after it, and a slow
    // click on a busy machine must not land after the reconnect has cleared the message.
    server(() => stream.dispatch('error'));
    expect(within(panel).getByRole('status')).toHaveTextContent('Connection to real-time events lost');
    expect(within(panel).getByText('Connect to see live events')).toBeInTheDocument();
  });
});

describe('top bar and Live Events panel (SPEC.md section 2)', () => {
  it('shows the empty texts, the pulsing dot while closed, and the events newest first', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    const toggle = screen.getByRole('button', { name: 'Live Events' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('complementary', { name: 'Live events' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = () => screen.getByRole('complementary', { name: 'Live events' });
    expect(within(panel()).getByText('Connect to see live events')).toBeInTheDocument();
    const stream = await openedStream();
    server(() => stream.dispatch('connected'));
    expect(within(panel()).getByText('Waiting for live events...')).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Close live events' }));
    expect(screen.queryByTestId('live-events-dot')).not.toBeInTheDocument();
    server(() => {
      stream.send(motion(1));
      stream.send(motion(2, { event_type: 'Audio', event_name: 'Glass break', device_name: 'Dock camera', device_id: 'cam-2' }));
    });
    expect(screen.getByTestId('live-events-dot')).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByTestId('live-events-dot')).not.toBeInTheDocument();
    const rows = within(panel()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Glass break'),
      expect.stringContaining('Motion 1'),
    ]);
    expect(within(rows[0]!).getByText('Just now')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Audio')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Dock camera' })).toHaveAttribute('href', '/devices/cam-2');
  });

  it('shows the latest 10 events, and a replayed id only once', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    const stream = await openedStream();
    server(() => {
      stream.dispatch('connected');
      for (let n = 1; n <= 12; n += 1) stream.send(motion(n));
      stream.send(motion(12));
    });
    await user.click(screen.getByRole('button', { name: 'Live Events' }));
    const names = within(screen.getByRole('complementary', { name: 'Live events' }))
      .getAllByRole('listitem')
      .map((row) => within(row).getByText(/^Motion \d+$/).textContent);
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Motion ${12 - i}`));
  });

  it('clicking an event marks it active and goes to /events', async () => {
    const user = userEvent.setup();
    const { memory } = renderApp('/dashboard', { signedIn: true });
    const stream = await openedStream();
    server(() => {
      stream.dispatch('connected');
      stream.send(motion(1));
      stream.send(motion(2));
    });
    await user.click(screen.getByRole('button', { name: 'Live Events' }));
    const rowButton = (name: string) =>
      within(screen.getByRole('complementary', { name: 'Live events' })).getByRole('button', { name: new RegExp(name) });
    await user.click(rowButton('Motion 1'));
    await waitFor(() => expect(currentLocation(memory)).toBe('/events'));
    expect(rowButton('Motion 1')).toHaveAttribute('data-active', 'true');
    expect(rowButton('Motion 2')).toHaveAttribute('data-active', 'false');
  });
});

describe('alert toasts', () => {
  it('toasts each new Intrusion, Line crossing and Tampering once, and nothing for other types', async () => {
    renderApp('/dashboard', { signedIn: true });
    const stream = await openedStream();
    server(() => {
      stream.dispatch('connected');
      stream.send(motion(1));
      stream.send(motion(2, { event_type: 'Intrusion', event_name: 'Intrusion detected' }));
      stream.send(motion(2, { event_type: 'Intrusion', event_name: 'Intrusion detected' }));
      stream.send(motion(3, { event_type: 'Tampering', device_name: 'Dock camera' }));
    });
    const toasts = await screen.findAllByRole('button', { name: 'Show on floor' });
    expect(toasts).toHaveLength(2);
    const stack = screen.getByRole('region', { name: 'Notifications' });
    const intrusion = within(stack).getByText('Intrusion').closest('[data-toast-type]');
    expect(intrusion).toHaveAttribute('data-toast-type', 'error');
    expect(intrusion).toHaveTextContent('Lobby camera · Just now');
    expect(within(stack).getByText('Tampering').closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'warning');
  });

  it("'Show on floor' opens the device's floor with ?device=, and the device page when it is on none", async () => {
    const user = userEvent.setup();
    const { memory } = renderApp('/dashboard', { signedIn: true });
    const stream = await openedStream();
    server(() => stream.send(motion(1, { event_type: 'Line crossing' })));
    await user.click(await screen.findByRole('button', { name: 'Show on floor' }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/floors/f1?device=cam-1'));
    expect(screen.queryByRole('button', { name: 'Show on floor' })).not.toBeInTheDocument();

    server(() => stream.send(motion(2, { event_type: 'Intrusion', device_id: 'vortex-9', mapped_device_id: 'cam-9' })));
    await user.click(await screen.findByRole('button', { name: 'Show on floor' }));
    await waitFor(() => expect(currentLocation(memory)).toBe('/devices/cam-9'));
  });

  it('skips an alert the server already reports resolved, and marks alerts and notifications stale on a new one', async () => {
    const { queryClient } = renderApp('/dashboard', { signedIn: true });
    queryClient.setQueryData(['alerts', 'list'], []);
    queryClient.setQueryData(['notifications', 'probe'], []);
    const stale = (key: string[]) => queryClient.getQueryState(key)?.isInvalidated;
    const stream = await openedStream();
    server(() => stream.send(motion(1, { event_type: 'Intrusion', alert: { id: 'a-1', resolved: true } })));
    expect(screen.queryByRole('button', { name: 'Show on floor' })).not.toBeInTheDocument();
    expect(stale(['alerts', 'list'])).toBe(false);
    server(() => stream.send(motion(2, { event_type: 'Intrusion', alert: { id: 'a-2', resolved: false } })));
    expect(await screen.findByRole('button', { name: 'Show on floor' })).toBeInTheDocument();
    expect(stale(['alerts', 'list'])).toBe(true);
    expect(stale(['notifications', 'probe'])).toBe(true);
  });

  it('marks the stored event lists stale on every new live event, so an open events screen shows it', async () => {
    const { queryClient } = renderApp('/dashboard', { signedIn: true });
    queryClient.setQueryData(['events', 'list', {}], { pages: [], pageParams: [] });
    const stale = () => queryClient.getQueryState(['events', 'list', {}])?.isInvalidated;
    const stream = await openedStream();
    expect(stale()).toBe(false);
    server(() => stream.send(motion(1)));
    expect(stale()).toBe(true);
  });
});
