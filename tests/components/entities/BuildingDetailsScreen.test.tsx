import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BuildingDetailsScreen from '../../../src/screens/BuildingDetailsScreen';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, json, noContent, renderAt } from './harness';

const hq = {
  id: 'b1',
  name: 'Headquarters',
  address: '1 Market St',
  latitude: 37.79,
  longitude: -122.39,
  map_image_url: null,
  floor_count: 1,
  created_at: '',
  updated_at: '',
};

function floor(id: string, name: string, level: number, filename: string | null = null) {
  return {
    id,
    building_id: 'b1',
    name,
    level,
    floor_plan_url: filename ? `/v1/floors/${id}/floor-plans/${filename}` : null,
    floor_plan_filename: filename,
    floor_plan_width: null,
    floor_plan_height: null,
    device_count: 0,
    created_at: '',
    updated_at: '',
  };
}

function renderDetails() {
  return renderAt(<BuildingDetailsScreen />, { path: '/buildings/b1', pattern: '/buildings/:buildingId' });
}

describe('BuildingDetailsScreen', () => {
  beforeEach(() => {
    vi.spyOn(toaster, 'error');
    vi.spyOn(toaster, 'success');
  });

  it('shows the building and its floors (wrapped in floors) sorted by level, linking each floor', async () => {
    fakeApi()
      .on('GET', '/v1/buildings/b1', hq)
      .on('GET', '/v1/buildings/b1/floors', { floors: [floor('f2', 'Second', 2), floor('f1', 'Lobby', 0, 'lobby.png')] });
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Headquarters' })).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: /^(Lobby|Second)$/ });
    expect(links.map((l) => l.textContent)).toEqual(['Lobby', 'Second']);
    expect(links[0]).toHaveAttribute('href', '/floors/f1');
    expect(screen.getByRole('link', { name: 'View Second' })).toHaveAttribute('href', '/floors/f2?mode=view');
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByText('Missing')).toBeInTheDocument();
  });

  it('creates a floor with its floor plan as multipart after checking level and file type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = fakeApi().on('GET', '/v1/buildings/b1', hq).on('GET', '/v1/buildings/b1/floors', []);
    api.on('POST', '/v1/floors', () => {
      api.on('GET', '/v1/buildings/b1/floors', [floor('f9', 'Lobby', 0, 'plan.png')]);
      return json(floor('f9', 'Lobby', 0, 'plan.png'), 201);
    });
    renderDetails();
    expect(await screen.findByText('No floors yet')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: /new floor/i }).at(-1)!);
    const dialog = await screen.findByRole('dialog');
    const level = within(dialog).getByLabelText(/^level/i);
    expect(level).toHaveValue('0');
    await user.clear(level);
    await user.type(level, '1.5');
    await user.upload(within(dialog).getByLabelText(/^floor plan/i), new File(['GIF89a'], 'plan.gif', { type: 'image/gif' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create floor' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Level must be a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Floor plan must be a PNG, JPEG, WebP or SVG image')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/floors')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^name/i), 'Lobby');
    await user.clear(level);
    await user.type(level, '0');
    const plan = new File(['\x89PNG'], 'plan.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(/^floor plan/i), plan);
    await user.click(within(dialog).getByRole('button', { name: 'Create floor' }));

    expect(await screen.findByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/floors/f9');
    const [post] = api.callsTo('POST', '/v1/floors');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect(form.get('name')).toBe('Lobby');
    expect(form.get('level')).toBe('0');
    expect(form.get('building_id')).toBe('b1');
    expect((form.get('floor_plan') as File).name).toBe('plan.png');
    expect(toaster.success).toHaveBeenCalledWith('Floor created', 'Lobby');
  });

  it('toasts the fallback when creating a floor fails', async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/v1/buildings/b1', hq)
      .on('GET', '/v1/buildings/b1/floors', [])
      .on('POST', '/v1/floors', () => new Response('', { status: 502 }));
    renderDetails();
    await user.click((await screen.findAllByRole('button', { name: /new floor/i })).at(-1)!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^name/i), 'Lobby');
    await user.click(within(dialog).getByRole('button', { name: 'Create floor' }));
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('Failed to create floor'));
  });

  it('deletes the building after confirmation and returns to the list', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/v1/buildings/b1', hq)
      .on('GET', '/v1/buildings/b1/floors', [floor('f1', 'Lobby', 0)])
      .on('DELETE', '/v1/buildings/b1', noContent);
    const { location, slot } = renderDetails();
    await screen.findByRole('heading', { name: 'Headquarters' });
    await user.click(within(slot).getByRole('button', { name: /delete/i }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Its 1 floor and their floor plans are deleted too');
    await user.click(within(confirm).getByRole('button', { name: 'Delete building' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/buildings'));
    expect(api.callsTo('DELETE', '/v1/buildings/b1')).toHaveLength(1);
  });
});
