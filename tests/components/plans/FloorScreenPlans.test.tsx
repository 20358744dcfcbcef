import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useContext, type Ref } from 'react';
import FloorScreen from '../../../src/screens/FloorScreen';
import type { FloorSceneHandle, FloorSceneProps } from '../../../src/scene/FloorScene';
import { PlanVariantsContext, type PlanVariants } from '../../../src/scene/planVariants';
import { fakeApi, json, renderAt } from '../entities/harness';

type SceneProps = FloorSceneProps & { ref?: Ref<FloorSceneHandle> };
const scene = vi.hoisted(() => ({ renders: [] as { props: unknown; variants: unknown }[] }));

// Konva cannot draw in jsdom: a double records the props and the plan variants it is given.
vi.mock('../../../src/scene/FloorScene', () => ({
  FloorScene(props: SceneProps) {
    scene.renders.push({ props, variants: useContext(PlanVariantsContext) });
    return <div data-testid="floor-scene" />;
  },
}));

const last = () => scene.renders.at(-1) as { props: SceneProps; variants: PlanVariants | null };

const LARGE = 'plan-bbbbbbbbbb.png';
const SMALL = 'plan-aaaaaaaaaa.png';
const base = '/v1/floors/f1/floor-plans';
const floorWith = (fileName: string) => ({
  floor: {
    id: 'f1',
    building_id: 'b1',
    name: 'Breguet L1',
    level: 1,
    floor_plan_url: `${base}/${fileName}`,
    floor_plan_filename: fileName,
    ...(fileName === LARGE
      ? { floor_plan_width: 9355, floor_plan_height: 6623, floor_plan_display_url: `${base}/plan-bbbbbbbbbb.display.png`, floor_plan_display_width: 4096, floor_plan_display_height: 2900 }
      : { floor_plan_width: 800, floor_plan_height: 588, floor_plan_display_url: `${base}/${fileName}`, floor_plan_display_width: 800, floor_plan_display_height: 588 }),
    device_count: 1,
  },
});
const file = (name: string, width: number, height: number, display = name) => ({
  file_name: name,
  url: `${base}/${name}`,
  width,
  height,
  size: 1000,
  uploaded_at: '2026-01-01T00:00:00.000Z',
  display_url: `${base}/${display}`,
});
const image = () => new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } });

describe('FloorScreen with plan files', () => {
  let objectUrls = 0;
  beforeEach(() => {
    scene.renders = [];
    objectUrls = 0;
    URL.createObjectURL = vi.fn(() => `blob:plan-${++objectUrls}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the display version, lets the scene fetch the original, and keeps markers in percent across a switch', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/floors/f1', floorWith(LARGE))
      .on('GET', '/v1/floors/f1/devices', { device_positions: [{ device_id: 'cam-1', device_name: 'Cam', device_type: 'CAMERA', x_percent: 20, y_percent: 30 }] })
      .on('GET', '/v1/devices', { devices: [] })
      .on('GET', '/v1/floors/f1/floor-plans', { floor_plans: [file(SMALL, 800, 588), file(LARGE, 9355, 6623, 'plan-bbbbbbbbbb.display.png')] })
      .on('GET', `${base}/plan-bbbbbbbbbb.display.png`, image)
      .on('GET', `${base}/${LARGE}`, image)
      .on('GET', `${base}/${SMALL}`, image);
    renderAt(<FloorScreen />, { path: '/floors/f1', pattern: '/floors/:floorId' });

    await waitFor(() => expect(last().variants).not.toBeNull());
    const { props, variants } = last();
    expect(variants).toMatchObject({ forUrl: props.imageUrl, naturalWidth: 9355, naturalHeight: 6623 });
    // The scene got the display version; the 9355 px original is only fetched when the scene asks.
    expect(api.callsTo('GET', `${base}/${LARGE}`)).toHaveLength(0);
    await variants?.loadOriginal?.(new AbortController().signal);
    expect(api.callsTo('GET', `${base}/${LARGE}`)).toHaveLength(1);
    expect(api.callsTo('GET', `${base}/${LARGE}`)[0]?.authorization).toBe('Bearer test-token');

    // Switch to the small plan: the floor is refetched, the scene shows that plan, markers stay at their percent.
    api.on('PUT', '/v1/floors/f1/plan-image', () => {
      api.on('GET', '/v1/floors/f1', floorWith(SMALL));
      return json(file(SMALL, 800, 588));
    });
    await user.click(await screen.findByRole('button', { name: `Make ${SMALL} current` }));
    await waitFor(() => expect(last().variants).toMatchObject({ naturalWidth: 800, naturalHeight: 588, loadOriginal: null }));
    expect(last().props.devices).toEqual([expect.objectContaining({ id: 'cam-1', xPercent: 20, yPercent: 30 })]);
    expect(screen.getByRole('region', { name: 'Floor plans' })).toBeInTheDocument();
  });
});
