import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ref } from 'react';
import FloorScreen from '../../../src/screens/FloorScreen';
import { DEVICE_DRAG_TYPE } from '../../../src/screens/floor/AvailableDevicesList';
import type { FloorSceneHandle, FloorSceneProps } from '../../../src/scene/FloorScene';
import { toaster } from '../../../src/lib/toaster';
import { planPercent, stagePoint } from '../../../src/scene/geometry';
import { fakeApi, json, noContent, renderAt } from './harness';

type SceneProps = FloorSceneProps & { ref?: Ref<FloorSceneHandle> };

const scene = vi.hoisted(() => ({ props: [] as unknown[], moveDrag: (_dx: number, _dy: number) => {} }));

// Konva cannot draw in jsdom: a double lists the markers with their positions and the
// selection, and turns a click on a marker into a drag to 75 % / 25 % through the
// editor's pointer callbacks.
vi.mock('../../../src/scene/FloorScene', async () => {
  const { useImperativeHandle } = await import('react');
  const { planPercent, stagePoint } = await import('../../../src/scene/geometry');
  const { dragMarkerTo75x25, sceneHandle } = await import('./sceneDouble');
  return {
    FloorScene(props: SceneProps) {
      scene.props.push(props);
      useImperativeHandle(props.ref, () => sceneHandle({ xPercent: 50, yPercent: 50 }, { moveDrag: (dx, dy) => scene.moveDrag(dx, dy) }));
      const selected = new Set(props.interaction?.selection ?? []);
      const drag = (id: string, x: number, y: number) => dragMarkerTo75x25(props.interaction, id, x, y);
      return (
        <div data-testid="floor-scene">
          <button
            type="button"
            onClick={() => {
              props.interaction?.onPlanDown(planPercent(10, 20), stagePoint(5, 5), false, 'primary');
              props.interaction?.onPointerUp();
            }}
          >
            empty plan at 10,20
          </button>
          {props.devices.map((d) => (
            <button key={d.id} type="button" onClick={() => drag(d.id, d.xPercent, d.yPercent)}>
              {`marker ${d.name} at ${d.xPercent},${d.yPercent}${selected.has(d.id) ? ' selected' : ''}`}
            </button>
          ))}
        </div>
      );
    },
  };
});

const floor = {
  id: 'f1',
  building_id: 'b1',
  name: 'Lobby',
  level: 0,
  floor_plan_url: '/v1/floors/f1/floor-plans/plan.png',
  floor_plan_filename: 'plan.png',
  device_count: 2,
};
const lobbyCam = { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', x_percent: 20, y_percent: 30 };
const dockCam = { device_id: 'cam-2', device_name: 'Dock cam', device_type: 'CAMERA', x_percent: 60, y_percent: 70 };
const devices = [
  { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', status: 'online', floor_id: 'f1' },
  { device_id: 'cam-2', device_name: 'Dock cam', device_type: 'CAMERA', status: 'online', floor_id: 'f1' },
  { device_id: 'cam-3', device_name: 'Gate cam', device_type: 'CAMERA', status: 'online', floor_id: null },
  { device_id: 'cam-4', device_name: 'Roof cam', device_type: 'CAMERA', status: 'online', floor_id: 'f9' },
];

function floorApi() {
  const api = fakeApi()
    .on('GET', '/v1/floors/f1', { floor })
    .on('GET', '/v1/floors/f1/devices', { device_positions: [lobbyCam, dockCam] })
    .on('GET', '/v1/devices', { devices })
    .on('GET', '/v1/floors/f1/floor-plans/plan.png', () => new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } }));
  for (const cam of [lobbyCam, dockCam]) {
    api.on('PATCH', `/v1/floors/f1/devices/${cam.device_id}/position`, (call) => json({ ...cam, ...(call.body as object), floor_id: 'f1' }));
  }
  return api;
}

const renderFloor = (search = '') => renderAt(<FloorScreen />, { path: `/floors/f1${search}`, pattern: '/floors/:floorId' });
const lastSceneProps = () => scene.props.at(-1) as SceneProps;
const bodies = (api: ReturnType<typeof floorApi>, id: string) => api.callsTo('PATCH', `/v1/floors/f1/devices/${id}/position`).map((c) => c.body);

// The first test of the file mounts the whole screen cold: on a loaded machine that alone can pass 5 s.
describe('FloorScreen editor wiring', { timeout: 20_000 }, () => {
  beforeEach(() => {
    scene.props = [];
    scene.moveDrag = vi.fn();
    vi.spyOn(toaster, 'error');
    vi.spyOn(toaster, 'success');
    URL.createObjectURL = vi.fn(() => 'blob:plan-1');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not lay out, so it has no scrollIntoView (the list scrolls to a `?device=`).
    Element.prototype.scrollIntoView ??= () => {};
  });

  it('selects in the list, nudges with the arrows, undoes and redoes from the keyboard alone', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    renderFloor();
    // The file's first mount is cold (lazy modules, Radix): give it longer than findBy's 1 s.
    const select = await screen.findByRole('button', { name: 'Select Lobby cam' }, { timeout: 10_000 });
    await user.click(select);
    expect(select).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'marker Lobby cam at 20,30 selected' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('button', { name: 'marker Lobby cam at 20.5,30 selected' })).toBeInTheDocument();
    await waitFor(() => expect(bodies(api, 'cam-1')).toEqual([{ x_percent: 20.5, y_percent: 30 }]));

    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(await screen.findByRole('button', { name: 'marker Lobby cam at 20.5,35 selected' })).toBeInTheDocument();

    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByRole('button', { name: 'marker Lobby cam at 20.5,30 selected' })).toBeInTheDocument();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(await screen.findByRole('button', { name: 'marker Lobby cam at 20.5,35 selected' })).toBeInTheDocument();
    await waitFor(() => expect(bodies(api, 'cam-1').at(-1)).toEqual({ x_percent: 20.5, y_percent: 35 }));
    expect(bodies(api, 'cam-1')).toHaveLength(4);
    expect(toaster.error).not.toHaveBeenCalled();
  });

  it('selects all with Ctrl+A, moves both in one batch, and Escape clears the selection', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    renderFloor();
    await screen.findByRole('button', { name: /marker Dock cam/ });
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.getByRole('button', { name: 'Select Lobby cam' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Select Dock cam' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => {
      expect(bodies(api, 'cam-1')).toEqual([{ x_percent: 19.5, y_percent: 30 }]);
      expect(bodies(api, 'cam-2')).toEqual([{ x_percent: 59.5, y_percent: 70 }]);
    });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Select Lobby cam' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls a failed batch back as a whole with the position fallback', async () => {
    const user = userEvent.setup();
    const api = floorApi().on('PATCH', '/v1/floors/f1/devices/cam-2/position', () => new Response('', { status: 500 }));
    renderFloor();
    await screen.findByRole('button', { name: /marker Dock cam/ });
    await user.keyboard('{Control>}a{/Control}{ArrowUp}');
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('Failed to update device positions'));
    expect(await screen.findByRole('button', { name: 'marker Lobby cam at 20,30 selected' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'marker Dock cam at 60,70 selected' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/v1/floors/f1/devices/cam-1/position')).toHaveLength(1);
  });

  it('never takes a shortcut while typing in a field', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    renderFloor();
    await user.click(await screen.findByRole('button', { name: 'Select Lobby cam' }));
    // Any text field on the page, such as the sidebar's search.
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'A text field');
    document.body.append(field);
    onTestFinished(() => field.remove());
    await user.click(field);
    await user.keyboard('{ArrowRight}{Delete}e');
    expect(screen.getByRole('button', { name: 'marker Lobby cam at 20,30 selected' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/v1/floors/f1/devices/cam-1/position')).toHaveLength(0);
    expect(lastSceneProps().editable).toBe(true);
  });

  it('removes the selection with Delete and puts it back with undo', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    api.on('DELETE', '/v1/floors/f1/devices/cam-1', () => noContent());
    api.on('POST', '/v1/floors/f1/devices', () => json({ ...lobbyCam, floor_id: 'f1' }, 201));
    renderFloor();
    await user.click(await screen.findByRole('button', { name: 'Select Lobby cam' }));
    await user.keyboard('{Delete}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /marker Lobby cam/ })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/floors/f1/devices/cam-1')).toHaveLength(1));
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByRole('button', { name: /marker Lobby cam at 20,30/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/v1/floors/f1/devices')[0]?.body).toMatchObject({ device_id: 'cam-1', x_percent: 20, y_percent: 30 }));
  });

  it('switches the mode in the URL with the Edit/View control and the E key; view mode moves nothing', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    const { location } = renderFloor();
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    await user.click(screen.getByRole('radio', { name: 'View' }));
    await waitFor(() => expect(lastSceneProps().editable).toBe(false));
    expect(location.history.at(-1)).toBe('/floors/f1?mode=view');

    await user.click(screen.getByRole('button', { name: /marker Lobby cam/ }));
    await user.keyboard('{ArrowRight}{Delete}');
    expect(screen.getByRole('button', { name: /marker Lobby cam at 20,30/ })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.keyboard('e');
    await waitFor(() => expect(lastSceneProps().editable).toBe(true));
    expect(location.history.at(-1)).toBe('/floors/f1?mode=edit');
  });

  it('drops ?device= when the mode changes, with the switch and with E', async () => {
    const user = userEvent.setup();
    floorApi();
    const { location } = renderFloor('?device=cam-2');
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    await user.click(screen.getByRole('radio', { name: 'View' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/floors/f1?mode=view'));
    await user.keyboard('e');
    await waitFor(() => expect(location.history.at(-1)).toBe('/floors/f1?mode=edit'));
    expect(location.history.filter((entry) => entry.includes('device='))).toEqual([]);
  });

  it('moves a drag on the scene\'s drag layer without rendering anything, and the drop commits the clamped move', async () => {
    const api = floorApi();
    renderFloor();
    await screen.findByRole('button', { name: 'marker Lobby cam at 20,30' });
    const interaction = () => lastSceneProps().interaction;
    act(() => interaction()?.onMarkerDown('cam-1', planPercent(20, 30), stagePoint(10, 10), false, 'primary'));
    act(() => interaction()?.onPointerMove(planPercent(25, 31), stagePoint(40, 20), 'marker'));
    expect(interaction()?.dragging).toEqual(['cam-1']);
    expect(scene.moveDrag).toHaveBeenLastCalledWith(5, 1);

    // Per move: the offset goes to the scene's drag layer, clamped to the plan's edge, and
    // React renders nothing (the scene keeps the marker where it rests until the drop).
    const rendered = scene.props.length;
    act(() => interaction()?.onPointerMove(planPercent(40, 35), stagePoint(90, 60), 'marker'));
    expect(scene.moveDrag).toHaveBeenLastCalledWith(20, 5);
    act(() => interaction()?.onPointerMove(planPercent(130, 35), stagePoint(190, 60), 'marker'));
    expect(scene.moveDrag).toHaveBeenLastCalledWith(80, 5);
    expect(scene.props.length).toBe(rendered);
    expect(screen.getByRole('button', { name: 'marker Lobby cam at 20,30 selected' })).toBeInTheDocument();

    act(() => interaction()?.onPointerUp());
    expect(await screen.findByRole('button', { name: 'marker Lobby cam at 100,35 selected' })).toBeInTheDocument();
    expect(interaction()?.dragging).toBeUndefined();
    await waitFor(() => expect(bodies(api, 'cam-1')).toEqual([{ x_percent: 100, y_percent: 35 }]));
    expect(bodies(api, 'cam-2')).toEqual([]);
  });

  it('reads each placed device\'s position in the list, following a nudge', async () => {
    const user = userEvent.setup();
    floorApi();
    renderFloor();
    const list = await screen.findByRole('list', { name: 'Devices on this floor' });
    expect(within(list).getByText('CAMERA · 20 %, 30 %')).toBeInTheDocument();
    expect(within(list).getByText('CAMERA · 60 %, 70 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select Lobby cam' }));
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowUp}');
    expect(await within(list).findByText('CAMERA · 25 %, 29.5 %')).toBeInTheDocument();
  });

  it('shows what a press will do with the cursor: move a marker in edit mode, click it in view mode, grab with Space', async () => {
    const user = userEvent.setup();
    floorApi();
    renderFloor();
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    const box = screen.getByTestId('floor-scene').closest('.fw-floor-canvas');
    const cursor = () => box?.getAttribute('data-cursor');
    const interaction = () => lastSceneProps().interaction;
    const hover = (over: 'marker' | 'handle' | 'plan') => act(() => interaction()?.onPointerMove(planPercent(20, 30), stagePoint(10, 10), over));
    expect(cursor()).toBe('default');
    hover('marker');
    expect(cursor()).toBe('move');
    hover('handle');
    expect(cursor()).toBe('grab');
    hover('plan');
    expect(cursor()).toBe('default');

    // Pressing a marker grabs it; the drag keeps grabbing until the release.
    act(() => interaction()?.onMarkerDown('cam-1', planPercent(20, 30), stagePoint(10, 10), false, 'primary'));
    expect(cursor()).toBe('grabbing');
    expect(interaction()?.dragging).toBeUndefined();
    act(() => interaction()?.onPointerMove(planPercent(40, 50), stagePoint(60, 60), 'marker'));
    expect(cursor()).toBe('grabbing');
    // The scene is told which markers ride on its drag layer, one array for the whole drag.
    const dragged = interaction()?.dragging;
    expect(dragged).toEqual(['cam-1']);
    act(() => interaction()?.onPointerMove(planPercent(45, 55), stagePoint(70, 70), 'marker'));
    expect(interaction()?.dragging).toBe(dragged);
    act(() => interaction()?.onPointerUp());
    expect(cursor()).toBe('move');
    expect(interaction()?.dragging).toBeUndefined();

    // A press on the empty plan draws a marquee.
    act(() => interaction()?.onPlanDown(planPercent(80, 80), stagePoint(200, 200), false, 'primary'));
    expect(cursor()).toBe('crosshair');
    act(() => interaction()?.onPointerUp());
    expect(cursor()).toBe('default');

    // Space held: a press pans, wherever it lands.
    await user.keyboard('[Space>]');
    expect(cursor()).toBe('grab');
    await user.keyboard('[/Space]');
    expect(cursor()).toBe('default');

    await user.click(screen.getByRole('radio', { name: 'View' }));
    await waitFor(() => expect(lastSceneProps().editable).toBe(false));
    hover('marker');
    expect(cursor()).toBe('pointer');
  });

  it('edits the selected camera\'s field of view in the inspector, one undoable command per change', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    const fovPath = '/v1/floors/f1/devices/cam-1/fov';
    api.on('PATCH', fovPath, (call) => json({ ...lobbyCam, fov: call.body, floor_id: 'f1' }));
    renderFloor();
    await user.click(await screen.findByRole('button', { name: 'Select Lobby cam' }));
    const inspector = screen.getByRole('region', { name: 'Field of view of Lobby cam' });
    await user.click(within(inspector).getByRole('button', { name: 'Add field of view' }));
    await waitFor(() => expect(api.callsTo('PATCH', fovPath)[0]?.body).toEqual({ heading_deg: 0, angle_deg: 90, range_percent: 15 }));
    await waitFor(() => expect(lastSceneProps().devices.find((d) => d.id === 'cam-1')?.fov).toEqual({ heading_deg: 0, angle_deg: 90, range_percent: 15 }));

    const range = within(inspector).getByRole('spinbutton', { name: 'Range (% of plan width)' });
    await user.clear(range);
    await user.type(range, '30{Enter}');
    await waitFor(() => expect(api.callsTo('PATCH', fovPath).at(-1)?.body).toEqual({ heading_deg: 0, angle_deg: 90, range_percent: 30 }));

    await user.click(screen.getByRole('button', { name: 'Select Lobby cam' }));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(api.callsTo('PATCH', fovPath).at(-1)?.body).toEqual({ heading_deg: 0, angle_deg: 90, range_percent: 15 }));
    expect(api.callsTo('PATCH', fovPath)).toHaveLength(3);
  });

  it('places a palette device where it is dropped on the plan', async () => {
    const api = floorApi();
    api.on('POST', '/v1/floors/f1/devices', (call) => json({ ...(call.body as object), floor_id: 'f1' }, 201));
    renderFloor();
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    // A drag starts in the palette, so the drop comes once the palette has its devices.
    await screen.findByRole('button', { name: 'Place Gate cam with a click on the plan' });
    const canvas = screen.getByTestId('floor-scene').parentElement;
    if (!canvas) throw new Error('no canvas box');
    const dataTransfer = { types: [DEVICE_DRAG_TYPE], getData: (type: string) => (type === DEVICE_DRAG_TYPE ? 'cam-3' : ''), dropEffect: 'none' };
    fireEvent.dragOver(canvas, { dataTransfer });
    fireEvent.drop(canvas, { dataTransfer, clientX: 100, clientY: 100 });
    expect(await screen.findByRole('button', { name: 'marker Gate cam at 33,44 selected' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/v1/floors/f1/devices')[0]?.body).toMatchObject({ device_id: 'cam-3', x_percent: 33, y_percent: 44 }));
  });

  it('picks a palette device and places it with a click on the plan', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    api.on('POST', '/v1/floors/f1/devices', (call) => json({ ...(call.body as object), floor_id: 'f1' }, 201));
    renderFloor();
    const pick = await screen.findByRole('button', { name: 'Place Gate cam with a click on the plan' });
    await user.click(pick);
    expect(pick).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'empty plan at 10,20' }));
    expect(await screen.findByRole('button', { name: 'marker Gate cam at 10,20 selected' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/v1/floors/f1/devices')).toHaveLength(1));
  });

  it('asks before moving a device placed on another floor', async () => {
    const user = userEvent.setup();
    const api = floorApi();
    api.on('POST', '/v1/floors/f1/devices', (call) => json({ ...(call.body as object), floor_id: 'f1' }, 201));
    renderFloor();
    // The palette says so on the device's own line, before anyone asks.
    const palette = await screen.findByRole('list', { name: 'Available devices' });
    expect(within(palette).getAllByText('CAMERA · on another floor')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Add Roof cam' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Move Roof cam to this floor?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/v1/floors/f1/devices')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add Roof cam' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/floors/f1/devices')[0]?.body).toMatchObject({ device_id: 'cam-4', x_percent: 50, y_percent: 50 }));
  });

  it('opens the shortcut overlay with ?, listing every shortcut', async () => {
    const user = userEvent.setup();
    floorApi();
    renderFloor();
    await screen.findByRole('button', { name: /marker Lobby cam/ });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of ['Undo', 'Redo', 'Select all devices', 'Zoom to the selection', 'Show keyboard shortcuts']) {
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened from the placed list, it gives the focus back there, so the keyboard work goes on.
    const select = screen.getByRole('button', { name: 'Select Lobby cam' });
    select.focus();
    await user.keyboard('{Enter}?');
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(select).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
