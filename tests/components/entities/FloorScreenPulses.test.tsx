// The floor screen feeds the scene the live pulses of its placed devices and, with
// ?device= (an alert's 'Show on floor'), focuses that device and highlights it in the list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useStore } from 'jotai';
import FloorScreen from '../../../src/screens/FloorScreen';
import type { FloorSceneProps } from '../../../src/scene/FloorScene';
import { receiveRealtimeEventAtom } from '../../../src/atoms/realtime.atoms';
import type { RealtimeEvent } from '../../../src/lib/realtimeEvents';
import { fakeApi, renderAt } from './harness';

const scene = vi.hoisted(() => ({ props: [] as FloorSceneProps[] }));

// Konva cannot draw in jsdom: the scene is a double that records its props.
vi.mock('../../../src/scene/FloorScene', () => ({
  FloorScene(props: FloorSceneProps) {
    scene.props.push(props);
    return <div data-testid="floor-scene" />;
  },
}));

const lastProps = () => scene.props.at(-1);
let store: ReturnType<typeof useStore> | null = null;
function StoreProbe() {
  store = useStore();
  return null;
}

const event = (n: number, overrides: Partial<RealtimeEvent>): RealtimeEvent => ({
  id: `evt-${n}`,
  device_id: 'cam-1',
  device_name: 'Lobby cam',
  mapped_device_id: 'cam-1',
  device_mac: null,
  event_type: 'Intrusion',
  event_name: 'Intrusion',
  local_time: Math.floor(Date.now() / 1000),
  ...overrides,
});
const receive = (e: RealtimeEvent) => act(() => void store?.set(receiveRealtimeEventAtom, e, Date.now()));

function renderFloor(search = '') {
  fakeApi()
    .on('GET', '/v1/floors/f1', { id: 'f1', building_id: 'b1', name: 'Lobby', level: 0, floor_plan_url: '/v1/floors/f1/floor-plans/plan.png', floor_plan_filename: 'plan.png' })
    .on('GET', '/v1/floors/f1/devices', {
      device_positions: [
        { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', x_percent: 20, y_percent: 30 },
        { device_id: 'cam-2', device_name: 'Stair cam', device_type: 'CAMERA', x_percent: 60, y_percent: 70 },
      ],
    })
    .on('GET', '/v1/devices', { devices: [] })
    .on('GET', '/v1/floors/f1/floor-plans/plan.png', () => new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } }));
  return renderAt(
    <>
      <StoreProbe />
      <FloorScreen />
    </>,
    { path: `/floors/f1${search}`, pattern: '/floors/:floorId' },
  );
}

const scrollIntoView = vi.fn();

beforeEach(() => {
  scene.props = [];
  scrollIntoView.mockClear();
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
  URL.createObjectURL = vi.fn(() => 'blob:plan');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('FloorScreen live pulses and ?device=', () => {
  it('pulses placed devices in their event colour; a newer event replaces the pulse; other floors’ devices do not pulse', async () => {
    renderFloor();
    await waitFor(() => expect(lastProps()?.devices).toHaveLength(2));
    expect(lastProps()?.pulses).toEqual([]);

    receive(event(1, {}));
    receive(event(2, { device_id: 'vx-77', mapped_device_id: 'cam-2', event_type: 'Video motion' }));
    receive(event(3, { device_id: 'cam-elsewhere', mapped_device_id: null, event_type: 'Audio' }));
    expect(lastProps()?.pulses?.map((p) => `${p.deviceId}:${p.tone}:${p.eventId}`).sort()).toEqual([
      'cam-1:red:evt-1',
      'cam-2:blue:evt-2',
    ]);

    receive(event(4, { event_type: 'Tampering', local_time: Math.floor(Date.now() / 1000) + 1 }));
    expect(lastProps()?.pulses?.find((p) => p.deviceId === 'cam-1')).toMatchObject({ tone: 'orange', eventId: 'evt-4' });
  });

  it('focuses the ?device= device in the scene and highlights it in the list', async () => {
    renderFloor('?device=cam-2');
    const list = await screen.findByRole('list', { name: 'Devices on this floor' });
    expect(lastProps()?.focusDeviceId).toBe('cam-2');
    const stair = within(list).getByRole('link', { name: 'Stair cam' }).closest('li');
    expect(stair).toHaveAttribute('data-highlighted', 'true');
    expect(stair).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByRole('link', { name: 'Lobby cam' }).closest('li')).not.toHaveAttribute('data-highlighted');
    expect(scrollIntoView.mock.contexts).toEqual([stair]);
    expect(lastProps()?.editable).toBe(true);
  });

  it('focuses nothing without ?device=', async () => {
    renderFloor('?mode=view');
    await screen.findByRole('list', { name: 'Devices on this floor' });
    expect(lastProps()?.focusDeviceId).toBeNull();
    expect(document.querySelector('[data-highlighted]')).toBeNull();
  });
});
