import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BuildingsScreen from '../../../src/screens/BuildingsScreen';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, json, noContent, problem, renderAt } from './harness';

const hq = {
  id: 'b1',
  name: 'Headquarters',
  address: '1 Market St',
  latitude: 37.79,
  longitude: -122.39,
  map_image_url: null,
  floor_count: 2,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

function renderBuildings() {
  return renderAt(<BuildingsScreen />, { path: '/buildings', pattern: '/buildings' });
}

describe('BuildingsScreen', () => {
  beforeEach(() => {
    vi.spyOn(toaster, 'error');
    vi.spyOn(toaster, 'success');
  });

  it('lists buildings from a wrapped response with a link to each', async () => {
    fakeApi().on('GET', '/v1/buildings', { buildings: [hq] });
    renderBuildings();
    const link = await screen.findByRole('link', { name: 'Headquarters' });
    expect(link).toHaveAttribute('href', '/buildings/b1');
    expect(screen.getByText('1 Market St')).toBeInTheDocument();
    expect(screen.getByText('1 building')).toBeInTheDocument();
  });

  it('shows an empty state with a call to action', async () => {
    fakeApi().on('GET', '/v1/buildings', []);
    renderBuildings();
    expect(await screen.findByText('No buildings yet')).toBeInTheDocument();
    // Both the top-bar action and the empty state offer to create one.
    expect(screen.getAllByRole('button', { name: /new building/i })).toHaveLength(2);
  });

  it('requires a name and a latitude within ±90 before creating, then posts and refreshes the list', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on('GET', '/v1/buildings', { buildings: [] });
    api.on('POST', '/v1/buildings', () => {
      api.on('GET', '/v1/buildings', { buildings: [{ ...hq, id: 'b2', name: 'Warehouse', floor_count: 0 }] });
      return json({ ...hq, id: 'b2', name: 'Warehouse', floor_count: 0 }, 201);
    });
    const { slot } = renderBuildings();
    await screen.findByText('No buildings yet');

    await user.click(within(slot).getByRole('button', { name: /new building/i }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create building' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^name/i)).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText(/^name/i), 'Warehouse');
    await user.type(within(dialog).getByLabelText(/^latitude/i), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Create building' }));
    expect(within(dialog).getByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/buildings')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^latitude/i));
    await user.type(within(dialog).getByLabelText(/^latitude/i), '-33.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create building' }));

    expect(await screen.findByRole('link', { name: 'Warehouse' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = api.callsTo('POST', '/v1/buildings');
    expect(post?.body).toEqual({ name: 'Warehouse', address: null, latitude: -33.5, longitude: null });
    expect(post?.authorization).toBe('Bearer test-token');
  });

  it('keeps the dialog open and toasts the problem detail when creating fails', async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/v1/buildings', [])
      .on('POST', '/v1/buildings', () => problem(409, { title: 'Conflict', detail: 'A building with that name exists' }));
    renderBuildings();
    await screen.findByText('No buildings yet');
    await user.click(screen.getAllByRole('button', { name: /new building/i })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^name/i), 'Warehouse');
    await user.click(within(dialog).getByRole('button', { name: 'Create building' }));
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('A building with that name exists'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes a building only after confirmation', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on('GET', '/v1/buildings', { buildings: [hq] });
    api.on('DELETE', '/v1/buildings/b1', () => {
      api.on('GET', '/v1/buildings', { buildings: [] });
      return noContent();
    });
    renderBuildings();
    await user.click(await screen.findByRole('button', { name: 'Delete Headquarters' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Delete Headquarters?')).toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/v1/buildings/b1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Headquarters' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete building' }));
    expect(await screen.findByText('No buildings yet')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/v1/buildings/b1')).toHaveLength(1);
  });

  it('toasts the fallback when a delete fails without problem details', async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/v1/buildings', { buildings: [hq] })
      .on('DELETE', '/v1/buildings/b1', () => new Response('oops', { status: 500 }));
    renderBuildings();
    await user.click(await screen.findByRole('button', { name: 'Delete Headquarters' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete building' }));
    await waitFor(() => expect(toaster.error).toHaveBeenCalledWith('Failed to delete building'));
    // The confirmation stays open over the unchanged list.
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Headquarters', hidden: true })).toBeInTheDocument();
  });

  it('toasts and shows the load failure', async () => {
    fakeApi().on('GET', '/v1/buildings', () => problem(500, { title: 'Internal Server Error' }));
    renderBuildings();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(toaster.error).toHaveBeenCalledWith('Internal Server Error');
  });
});
