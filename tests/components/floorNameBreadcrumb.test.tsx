import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAtomValue } from 'jotai';
import { Breadcrumbs } from '../../src/layout/Breadcrumbs';
import { buildingFloorsFamily, floorFamily } from '../../src/atoms/floors.atoms';
import { logger } from '../../src/lib/logger';
import { fakeApi, json, problem, renderAt } from './entities/harness';

const hq = { id: 'b1', name: 'Headquarters', address: null, latitude: null, longitude: null, map_image_url: null, floor_count: 1, created_at: '', updated_at: '' };
const floorRecord = (name: string) => ({
  id: 'f1',
  building_id: 'b1',
  name,
  level: 2,
  floor_plan_url: null,
  floor_plan_filename: null,
  floor_plan_width: null,
  floor_plan_height: null,
  device_count: 0,
  created_at: '',
  updated_at: '',
});

/** What the floor screen's header and the building's floor list read from the cache. */
function CacheProbe() {
  const floor = useAtomValue(floorFamily('f1'));
  const list = useAtomValue(buildingFloorsFamily('b1'));
  return (
    <>
      <p data-testid="header">{floor.data?.name}</p>
      <p data-testid="list">{list.data?.map((f) => f.name).join(',')}</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

/** The fake API: PATCH answers `{ data }` with the new name and later reads see it. */
function floorApi() {
  let name = 'Lobby';
  const api = fakeApi()
    .on('GET', '/v1/floors/f1', () => json({ floor: floorRecord(name) }))
    .on('GET', '/v1/buildings/b1', hq)
    .on('GET', '/v1/buildings/b1/floors', () => json({ floors: [floorRecord(name)] }));
  api.on('PATCH', '/v1/floors/f1', (call) => {
    name = (call.body as { name: string }).name;
    return json({ data: floorRecord(name) });
  });
  return api;
}

const renderCrumbs = (search = '') =>
  renderAt(
    <>
      <Breadcrumbs />
      <CacheProbe />
    </>,
    { path: `/floors/f1${search}`, pattern: '/floors/:floorId' },
  );

const pencil = () => screen.findByRole('button', { name: 'Edit floor name' });
const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Floor name' });
const patches = (api: ReturnType<typeof fakeApi>) => api.callsTo('PATCH', '/v1/floors/f1');

/** The real setTimeout, taken before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Polls `assertion` on real time while the clock is fake: Testing Library's waitFor ends
 * on a (faked) setTimeout, and vi.waitFor advances fake time, which would spend the very
 * 100 ms under test. Like Testing Library's waits, it leaves React's act environment
 * meanwhile, so React renders on its own scheduler.
 */
async function waitUnderFakeTimers(assertion: () => void, timeoutMs = 2_000) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    for (let waited = 0; ; waited += 10) {
      try {
        assertion();
        return;
      } catch (error) {
        if (waited >= timeoutMs) throw error;
        await new Promise((resolve) => realSetTimeout(resolve, 10));
      }
    }
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

async function openEditor() {
  const user = userEvent.setup();
  await user.click(await pencil());
  await waitFor(() => expect(input()).toHaveFocus());
  return user;
}

beforeEach(() => {
  vi.spyOn(logger, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('floor name in the breadcrumb (SPEC.md sections 2, 4, 5, 8)', () => {
  it('offers the pencil titled "Edit floor name" with no mode and with ?mode=edit', async () => {
    floorApi();
    const { unmount } = renderCrumbs();
    expect(await pencil()).toHaveAttribute('title', 'Edit floor name');
    expect(screen.getByText('Lobby', { selector: 'nav span' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderCrumbs('?mode=edit');
    expect(await pencil()).toBeInTheDocument();
  });

  it('shows the name as plain text with no pencil in view mode', async () => {
    floorApi();
    renderCrumbs('?mode=view');
    expect(await screen.findByText('Lobby', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Headquarters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit floor name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('opens with the name selected; Enter saves the trimmed name and the cache everywhere shows it', async () => {
    const api = floorApi();
    renderCrumbs();
    await screen.findByText('Lobby', { selector: '[data-testid="list"]' });
    const user = await openEditor();
    expect(input()).toHaveValue('Lobby');
    expect([input().selectionStart, input().selectionEnd]).toEqual([0, 5]);
    await user.keyboard('  Atrium {Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    expect(patches(api).map((c) => c.body)).toEqual([{ name: 'Atrium' }]);
    expect(screen.getByText('Atrium', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(screen.getByTestId('header')).toHaveTextContent('Atrium');
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('Atrium'));
    expect(await pencil()).toBeInTheDocument();
  });

  it('saves on blur', async () => {
    const api = floorApi();
    renderCrumbs();
    const user = await openEditor();
    await user.keyboard('Atrium');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.getByTestId('header')).toHaveTextContent('Atrium'));
    expect(patches(api).map((c) => c.body)).toEqual([{ name: 'Atrium' }]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('cancels on Escape with no call and the old name', async () => {
    const api = floorApi();
    renderCrumbs();
    const user = await openEditor();
    await user.keyboard('Atrium{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Lobby', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(patches(api)).toEqual([]);
  });

  it('keeps editing with the red error state for a blank name, on Enter and on blur', async () => {
    const api = floorApi();
    renderCrumbs();
    const user = await openEditor();
    await user.keyboard('   {Enter}');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input().closest('.fw-floor-name-field')).toHaveAttribute('data-accent-color', 'red');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(patches(api)).toEqual([]);
    await user.type(input(), 'B');
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(patches(api)).toEqual([]);
  });

  it('makes no call for an unchanged name, even with spaces around it', async () => {
    const api = floorApi();
    renderCrumbs();
    const user = await openEditor();
    await user.keyboard(' Lobby {Enter}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(patches(api)).toEqual([]);
  });

  it('on a failed save keeps the error state with the fallback, logs it, and refocuses and selects after 100 ms', async () => {
    const api = floorApi();
    let answer: (response: Response) => void = () => {};
    api.on('PATCH', '/v1/floors/f1', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderCrumbs();
    const user = await openEditor();
    await user.keyboard('Atrium');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    answer(new Response('', { status: 500 }));
    await waitUnderFakeTimers(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update floor'));
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveValue('Atrium');
    expect(input()).not.toHaveFocus();
    expect(logger.error).toHaveBeenCalledWith('Failed to update floor', expect.any(Error));
    act(() => vi.advanceTimersByTime(99));
    expect(input()).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(input()).toHaveFocus();
    expect([input().selectionStart, input().selectionEnd]).toEqual([0, 6]);
    expect(screen.getByTestId('header')).toHaveTextContent('Lobby');
  });

  it("shows the problem's detail when the server refuses the name", async () => {
    const api = floorApi();
    api.on('PATCH', '/v1/floors/f1', () => problem(400, { title: 'Bad Request', detail: 'name must NOT have more than 200 characters' }));
    renderCrumbs();
    const user = await openEditor();
    await user.keyboard('Atrium{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('name must NOT have more than 200 characters');
    expect(input()).toHaveAccessibleDescription('name must NOT have more than 200 characters');
  });
});
