import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ref } from 'react';
import FloorScreen from '../../../src/screens/FloorScreen';
import type { FloorSceneHandle, FloorSceneProps } from '../../../src/scene/FloorScene';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, json, noContent, problem, renderAt } from './harness';

type SceneProps = FloorSceneProps & { ref?: Ref<FloorSceneHandle> };

const scene = vi.hoisted(() => ({ props: [] as unknown[], fitToView: () => {} }));

// Konva cannot draw in jsdom: the scene is replaced by a double that records its props,
// answers the handle's calls, and offers one button per marker that simulates dragging
// it to 75 % / 25 % through the editor's pointer callbacks (down, move, up).
vi.mock('../../../src/scene/FloorScene', async () => {
  const { useImperativeHandle } = await import('react');
  const { dragMarkerTo75x25, sceneHandle } = await import('./sceneDouble');
  return {
    FloorScene(props: SceneProps) {
      scene.props.push(props);
      useImperativeHandle(props.ref, () => sceneHandle({ xPercent: 12.5, yPercent: 40 }, { fitToView: () => scene.fitToView() }));
      const drag = (id: string, x: number, y: number) => dragMarkerTo75x25(props.interaction, id, x, y);
      return (
        <div data-testid="floor-scene">
          {props.devices.map((d) => (
            <button key={d.id} type="button" onClick={() => drag(d.id, d.xPercent, d.yPercent)}>
              {`marker ${d.name} ${d.status} at ${d.xPercent},${d.yPercent}`}
            </button>
          ))}
        </div>
      );
    },
  };
});

const lastSceneProps = () => scene.props.at(-1) as SceneProps;

const floorRecord = (filename: string | null) => ({
  id: 'f1',
  building_id: 'b1',
  name: 'Lobby',
  level: 0,
  floor_plan_url: filename ? `/v1/floors/f1/floor-plans/${filename}` : null,
  floor_plan_filename: filename,
  device_count: 1,
});

const lobbyCam = { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', x_percent: 20, y_percent: 30 };
const devices = [
  { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', status: 'online', floor_id: 'f1' },
  { device_id: 'cam-2', device_name: 'Dock cam', device_type: 'NVR_CAMERA', status: 'offline', floor_id: null },
];

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

function floorApi(filename: string | null = 'plan.png') {
  return fakeApi()
    .on('GET', '/v1/floors/f1', { floor: floorRecord(filename) })
    .on('GET', '/v1/floors/f1/devices', { device_positions: [lobbyCam] })
    .on('GET', '/v1/devices', { devices })
    .on('GET', '/v1/floors/f1/floor-plans/plan.png', () => new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } }));
}

const renderFloor = (search = '') =>
  renderAt(<FloorScreen />, { path: `/floors/f1${search}`, pattern: '/floors/:floorId' });

describe('FloorScreen', () => {
  beforeEach(() => {
    scene.props = [];
    vi.spyOn(toaster, 'error');
    vi.spyOn(toaster, 'success');
    URL.createObjectURL = vi.fn(() => 'blob:plan-1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the plan with the bearer header and hands the scene an object URL, revoked on unmount', async () => {
    const api = floorApi();
    const { unmount } = renderFloor();
    await waitFor(() => expect(lastSceneProps().imageUrl).toBe('blob:plan-1'));
    const [planCall] = api.callsTo('GET', '/v1/floors/f1/floor-plans/plan.png');
    expect(planCall?.authorization).toBe('Bearer test-token');
    expect(api.calls.some((c) => c.path.startsWith('/v1/v1'))).toBe(false);
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:plan-1');
  });

  it('is editable with no mode, draws placed devices with the default status, and lists the rest', async () => {
    floorApi();
    renderFloor();
    expect(await screen.findByRole('button', { name: 'marker Lobby cam online at 20,30' })).toBeInTheDocument();
    expect(lastSceneProps().editable).toBe(true);
    expect(lastSceneProps().interaction).toBeDefined();
    const available = await screen.findByRole('list', { name: 'Available devices' });
    expect(within(available).getByText('Dock cam')).toBeInTheDocument();
    expect(within(available).queryByText('Lobby cam')).not.toBeInTheDocument();
    const placed = screen.getByRole('list', { name: 'Devices on this floor' });
    expect(within(placed).getByRole('link', { name: 'Lobby cam' })).toHaveAttribute('href', '/devices/cam-1');
  });

  it('passes editable=false in view mode and offers no edits', async () => {
    floorApi();
    renderFloor('?mode=view');
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    await screen.findByText('Dock cam');
    expect(lastSceneProps().editable).toBe(false);
    expect(screen.queryByRole('button', { name: 'Add Dock cam' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Lobby cam from floor' })).not.toBeInTheDocument();
    expect(screen.getByText('Viewing')).toBeInTheDocument();
  });

  it('treats ?mode=edit as edit mode', async () => {
    floorApi();
    renderFloor('?mode=edit');
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    expect(lastSceneProps().editable).toBe(true);
  });

  it('adds a device at the centre of the view', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    api.on('POST', '/v1/floors/f1/devices', (call) => {
      const placed = { ...(call.body as object), floor_id: 'f1', status: 'offline' };
      api.on('GET', '/v1/floors/f1/devices', { device_positions: [lobbyCam, placed] });
      return json(placed, 201);
    });
    renderFloor();
    await user.click(await screen.findByRole('button', { name: 'Add Dock cam' }));
    expect(await screen.findByRole('button', { name: 'marker Dock cam offline at 12.5,40' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/floors/f1/devices')[0]?.body).toEqual({
      device_id: 'cam-2',
      device_name: 'Dock cam',
      device_type: 'NVR_CAMERA',
      x_percent: 12.5,
      y_percent: 40,
    });
  });

  it('saves a dragged device position, moving the marker before the server answers', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    const answer = deferred();
    api.on('PATCH', '/v1/floors/f1/devices/cam-1/position', () => answer.promise);
    renderFloor();
    await user.click(await screen.findByRole('button', { name: /marker Lobby cam/ }));
    expect(await screen.findByRole('button', { name: 'marker Lobby cam online at 75,25' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/v1/floors/f1/devices/cam-1/position')[0]?.body).toEqual({ x_percent: 75, y_percent: 25 });
    answer.resolve(json({ ...lobbyCam, x_percent: 75, y_percent: 25, floor_id: 'f1' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/v1/floors/f1/devices/cam-1/position')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'marker Lobby cam online at 75,25' })).toBeInTheDocument();
    expect(toaster.error).not.toHaveBeenCalled();
  });

  it('rolls a failed move back and toasts the position fallback', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    const answer = deferred();
    api.on('PATCH', '/v1/floors/f1/devices/cam-1/position', () => answer.promise);
    renderFloor();
    await user.click(await screen.findByRole('button', { name: /marker Lobby cam/ }));
    await screen.findByRole('button', { name: 'marker Lobby cam online at 75,25' });
    answer.resolve(new Response('', { status: 500 }));
    expect(await screen.findByRole('button', { name: 'marker Lobby cam online at 20,30' })).toBeInTheDocument();
    expect(toaster.error).toHaveBeenCalledWith('Failed to update device positions');
  });

  it('shows the problem detail rather than the fallback when a move is refused', async () => {
    const user = userEvent.setup();
    floorApi().on('PATCH', '/v1/floors/f1/devices/cam-1/position', () =>
      problem(400, { title: 'Bad Request', detail: 'x_percent must be within 0..100' }),
    );
    renderFloor();
    await user.click(await screen.findByRole('button', { name: /marker Lobby cam/ }));
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('x_percent must be within 0..100'));
    expect(screen.getByRole('button', { name: 'marker Lobby cam online at 20,30' })).toBeInTheDocument();
  });

  it('removes a device from the floor', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    api.on('DELETE', '/v1/floors/f1/devices/cam-1', () => {
      api.on('GET', '/v1/floors/f1/devices', { device_positions: [] });
      return noContent();
    });
    renderFloor();
    await user.click(await screen.findByRole('button', { name: 'Remove Lobby cam from floor' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /marker Lobby cam/ })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/v1/floors/f1/devices/cam-1')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Available devices' })).getByText('Lobby cam')).toBeInTheDocument();
  });

  it('offers an upload for a floor without a plan and shows the plan once uploaded', async () => {
    const user = userEvent.setup();
    const api = floorApi(null);
    api.on('POST', '/v1/floors/f1/plan-image', () => {
      api.on('GET', '/v1/floors/f1', { floor: floorRecord('plan.png') });
      return json({ filename: 'plan.png', url: '/v1/floors/f1/floor-plans/plan.png', width: 800, height: 600 }, 201);
    });
    renderFloor();
    expect(await screen.findByText('No floor plan yet')).toBeInTheDocument();
    expect(screen.queryByTestId('floor-scene')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText(/^floor plan/i), new File(['<svg/>'], 'plan.svg', { type: 'image/svg+xml' }));
    await user.click(screen.getByRole('button', { name: /upload floor plan/i }));
    await waitFor(() => expect(lastSceneProps()?.imageUrl).toBe('blob:plan-1'));
    const upload = api.callsTo('POST', '/v1/floors/f1/plan-image')[0]?.body as FormData;
    expect((upload.get('floor_plan') as File).name).toBe('plan.svg');
  });
});
