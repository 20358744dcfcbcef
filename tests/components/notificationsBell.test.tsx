// The top bar's notifications bell in the real App, against a fake /v1/notifications.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './appHarness';
import { FakeEventSource } from './fakeEventSource';
import { fakeApi, json, problem } from './entities/harness';
import type { RecordedCall } from './entities/harness';
import { unreadBadgeText } from '../../src/layout/NotificationsBell';
import { toastActor } from '../../src/lib/toaster';

interface Row {
  id: string;
  alert_id: string | null;
  title: string;
  body: string | null;
  read: boolean;
  read_at: string | null;
  created_at: string;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let rows: Row[] = [];
const row = (n: number, read: boolean, createdAt: string): Row => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  alert_id: null,
  title: `Intrusion at camera ${n}`,
  body: `Camera ${n} saw someone`,
  read,
  read_at: read ? createdAt : null,
  created_at: createdAt,
});

/** A fake server that keeps the rows and answers the list, the unread filter and both reads. */
function notificationsServer() {
  const api = fakeApi();
  const list = (url: URL) => {
    const unreadOnly = url.searchParams.get('read') === 'false';
    const picked = rows.filter((r) => !unreadOnly || !r.read);
    return json({ notifications: picked, next_cursor: null });
  };
  // fakeApi matches on the path alone; the list's answer depends on its query string, so
  // GET /v1/notifications is answered here first (and recorded with its query).
  const fetchMock = globalThis.fetch as unknown as Mock<typeof fetch>;
  const inner = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if ((init?.method ?? 'GET') === 'GET' && url.pathname === '/v1/notifications') {
      const call: RecordedCall = { method: 'GET', path: `${url.pathname}${url.search}`, body: undefined, authorization: null };
      api.calls.push(call);
      return list(url);
    }
    return inner ? inner(input, init) : problem(500);
  });
  api.on('PATCH', '/v1/notifications/mark-all-read', () => {
    const updated = rows.filter((r) => !r.read).length;
    rows = rows.map((r) => ({ ...r, read: true }));
    return json({ updated });
  });
  for (const r of rows) {
    api.on('PATCH', `/v1/notifications/${r.id}`, () => {
      rows = rows.map((x) => (x.id === r.id ? { ...x, read: true } : x));
      return json(rows.find((x) => x.id === r.id));
    });
  }
  return api;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const popover = () => screen.getByRole('dialog');

beforeEach(() => {
  FakeEventSource.opened = [];
  rows = [row(3, false, minutesAgo(0.2)), row(2, false, minutesAgo(5)), row(1, true, minutesAgo(180))];
});
afterEach(() => {
  for (const toast of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: toast.id });
  vi.unstubAllGlobals();
});

describe('notifications bell (SPEC.md sections 4 and 7)', () => {
  it('shows the unread count and lists notifications newest first with their times', async () => {
    const api = notificationsServer();
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(api.calls.some((c) => c.path === '/v1/notifications?read=false&limit=99')).toBe(true);

    await user.click(bell());
    const items = await within(popover()).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Intrusion at camera/).textContent)).toEqual([
      'Intrusion at camera 3',
      'Intrusion at camera 2',
      'Intrusion at camera 1',
    ]);
    expect(within(items[0]!).getByText('Just now')).toBeInTheDocument();
    expect(within(items[1]!).getByText('5m ago')).toBeInTheDocument();
    expect(within(items[2]!).getByText('3h ago')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Camera 2 saw someone')).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
  });

  it('marks one read with PATCH {read: true} and lowers the count', async () => {
    const api = notificationsServer();
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    await user.click(bell());
    await user.click(await within(popover()).findByRole('button', { name: 'Mark "Intrusion at camera 2" read' }));
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('1'));
    expect(api.callsTo('PATCH', `/v1/notifications/${row(2, false, '').id}`).map((c) => c.body)).toEqual([{ read: true }]);
    expect(within(popover()).queryByRole('button', { name: 'Mark "Intrusion at camera 2" read' })).not.toBeInTheDocument();
  });

  it('marks all read and hides the badge; the button is off with nothing unread', async () => {
    const api = notificationsServer();
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    await user.click(bell());
    await user.click(within(popover()).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-unread')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/v1/notifications/mark-all-read')).toHaveLength(1);
    expect(within(popover()).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(within(popover()).queryByRole('button', { name: /^Mark "/ })).not.toBeInTheDocument();
  });

  it('shows the failure inline when marking read fails', async () => {
    const api = notificationsServer();
    api.on('PATCH', '/v1/notifications/mark-all-read', () => problem(500, { title: 'Internal Server Error', detail: 'database unavailable' }));
    const user = userEvent.setup();
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    await user.click(bell());
    await user.click(within(popover()).getByRole('button', { name: 'Mark all read' }));
    expect(await within(popover()).findByRole('alert')).toHaveTextContent('database unavailable');
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2');
  });

  it('refreshes the count when an alert arrives on the stream', async () => {
    notificationsServer();
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2'));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1), { timeout: 3000 });
    rows = [row(4, false, minutesAgo(0)), ...rows];
    act(() =>
      FakeEventSource.latest().send({
        id: 'evt-1',
        device_id: 'cam-1',
        device_name: 'Lobby camera',
        mapped_device_id: 'cam-1',
        device_mac: null,
        event_type: 'Intrusion',
        event_name: 'Intrusion',
        local_time: Math.floor(Date.now() / 1000),
      } as { id: string }),
    );
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('3'));
  });
});

describe('unreadBadgeText', () => {
  it('shows the count, capped at 99+', () => {
    expect(unreadBadgeText(1, false)).toBe('1');
    expect(unreadBadgeText(99, false)).toBe('99');
    expect(unreadBadgeText(99, true)).toBe('99+');
    expect(unreadBadgeText(120, false)).toBe('99+');
  });
});
