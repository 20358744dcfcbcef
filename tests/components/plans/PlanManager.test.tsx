import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { floorKeys, floorPlanKeys } from '../../../src/api/floors';
import type { FloorPlanFile } from '../../../src/api/types';
import { PlanManager } from '../../../src/screens/floor/plans/PlanManager';
import { PLAN_TYPE_ERROR } from '../../../src/screens/floor/plans/PlanFileField';
import { fakeApi, json, noContent, problem, renderAt } from '../entities/harness';

// pdf.js needs a real canvas and worker (tested in tests/browser/pdfPlan.test.ts): here a
// double stands in for the lazily imported module, with a 3-page A4-landscape PDF.
const pdf = vi.hoisted(() => ({ renderPng: vi.fn(), destroy: vi.fn(), opened: 0 }));
vi.mock('../../../src/screens/floor/plans/pdfPages', () => ({
  openPdf: async () => {
    pdf.opened += 1;
    return {
      pageCount: 3,
      pageSize: async () => ({ width: 841.89, height: 595.28 }),
      renderPng: pdf.renderPng,
      destroy: pdf.destroy,
    };
  },
}));

const planFile = (name: string, overrides: Partial<FloorPlanFile> = {}): FloorPlanFile => {
  const url = `/v1/floors/f1/floor-plans/${name}`;
  return {
    file_name: name,
    filename: name,
    url,
    width: 800,
    height: 588,
    content_type: 'image/png',
    size: 200_000,
    uploaded_at: '2026-01-01T00:00:00.000Z',
    display_url: url,
    display_width: 800,
    display_height: 588,
    original_url: url,
    ...overrides,
  };
};

const SMALL = planFile('plan-aaaaaaaaaa.png');
const LARGE = planFile('plan-bbbbbbbbbb.png', {
  width: 9355,
  height: 6623,
  size: 1_468_006,
  display_url: '/v1/floors/f1/floor-plans/plan-bbbbbbbbbb.display.png',
  display_width: 4096,
  display_height: 2900,
});
const floor = { id: 'f1', building_id: 'b1', floor_plan_filename: LARGE.file_name };

function setup(files: FloorPlanFile[] = [SMALL, LARGE]) {
  const api = fakeApi();
  api.on('GET', '/v1/floors/f1/floor-plans', { floor_plans: files });
  return api;
}

function renderManager(editable = true) {
  const result = renderAt(<PlanManager floor={floor} editable={editable} />, { path: '/floors/f1', pattern: '/floors/:floorId' });
  // The floor screen's own query, to see that a change marks it stale.
  result.client.setQueryData(floorKeys.detail('f1'), { id: 'f1' });
  return result;
}

const row = (name: string) => screen.getByRole('listitem', { name });
const png = (name = 'new-plan.png') => new File(['png bytes'], name, { type: 'image/png' });

afterEach(() => {
  pdf.renderPng.mockReset();
  pdf.destroy.mockReset();
  pdf.opened = 0;
});

describe('PlanManager', () => {
  it("lists the floor's plan files with names, sizes and the current one, with thumbnails of the display versions", async () => {
    const api = setup();
    renderManager();
    const list = await screen.findByRole('list', { name: 'Floor plan files' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([SMALL.file_name, LARGE.file_name]);
    expect(within(row(LARGE.file_name)).getByText('9355 × 6623 px · 1.4 MB')).toBeInTheDocument();
    expect(within(row(SMALL.file_name)).getByText('800 × 588 px · 195 KB')).toBeInTheDocument();
    expect(within(row(LARGE.file_name)).getByText('Current')).toBeInTheDocument();
    expect(within(row(SMALL.file_name)).queryByText('Current')).not.toBeInTheDocument();
    // The current plan cannot be switched to or deleted; the other one can.
    expect(within(row(LARGE.file_name)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row(SMALL.file_name)).getByRole('button', { name: `Delete ${SMALL.file_name}` })).toBeEnabled();
    // Thumbnails load the display version, never the 9355 px original.
    await waitFor(() => expect(api.callsTo('GET', LARGE.display_url)).toHaveLength(1));
    expect(api.callsTo('GET', LARGE.url)).toHaveLength(0);
    expect(api.callsTo('GET', LARGE.display_url)[0]?.authorization).toBe('Bearer test-token');
  });

  it('uploads a new plan through POST floor-plans, then refetches the list and marks the floor stale', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.on('POST', '/v1/floors/f1/floor-plans', () => json(planFile('plan-cccccccccc.png'), 201));
    const { client } = renderManager();
    await screen.findByRole('list', { name: 'Floor plan files' });
    await user.upload(screen.getByLabelText('Floor plan'), png());
    await user.click(screen.getByRole('button', { name: /upload new plan/i }));

    await waitFor(() => expect(api.callsTo('GET', '/v1/floors/f1/floor-plans')).toHaveLength(2));
    const sent = api.callsTo('POST', '/v1/floors/f1/floor-plans')[0]?.body as FormData;
    expect((sent.get('floor_plan') as File).name).toBe('new-plan.png');
    expect(api.callsTo('DELETE', '/v1/floors/f1/floor-plans')).toHaveLength(0);
    expect(client.getQueryState(floorKeys.detail('f1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(floorPlanKeys.ofFloor('f1'))?.isInvalidated).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the current plan: uploads the new file, then deletes the one it replaced', async () => {
    const user = userEvent.setup();
    const api = setup();
    const order: string[] = [];
    api.on('POST', '/v1/floors/f1/floor-plans', () => {
      order.push('upload');
      return json(planFile('plan-cccccccccc.png'), 201);
    });
    api.on('DELETE', '/v1/floors/f1/floor-plans', (call) => {
      order.push(`delete ${call.query?.get('filename')}`);
      return noContent();
    });
    renderManager();
    await screen.findByRole('list', { name: 'Floor plan files' });
    await user.upload(screen.getByLabelText('Floor plan'), png());
    await user.click(screen.getByRole('button', { name: /replace current plan/i }));
    await waitFor(() => expect(order).toEqual(['upload', `delete ${LARGE.file_name}`]));
  });

  it('makes another file current with PUT plan-image', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.on('PUT', '/v1/floors/f1/plan-image', () => json(SMALL));
    const { client } = renderManager();
    await user.click(await screen.findByRole('button', { name: `Make ${SMALL.file_name} current` }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/floors/f1/plan-image')).toHaveLength(1));
    expect(api.callsTo('PUT', '/v1/floors/f1/plan-image')[0]?.body).toEqual({ file_name: SMALL.file_name });
    await waitFor(() => expect(client.getQueryState(floorKeys.detail('f1'))?.isInvalidated).toBe(true));
  });

  it('deletes a file that is not current only after confirming', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.on('DELETE', '/v1/floors/f1/floor-plans', () => noContent());
    renderManager();
    await user.click(await screen.findByRole('button', { name: `Delete ${SMALL.file_name}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Delete ${SMALL.file_name}? This cannot be undone.`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/v1/floors/f1/floor-plans')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${SMALL.file_name}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/floors/f1/floor-plans')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/v1/floors/f1/floor-plans')[0]?.query?.get('filename')).toBe(SMALL.file_name);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  describe('shows failures inline', () => {
    it("the server's detail for a refused upload, else 'Failed to upload floor plan'", async () => {
      const user = userEvent.setup();
      const api = setup();
      api.on('POST', '/v1/floors/f1/floor-plans', () => problem(422, { title: 'Corrupt image', detail: 'floor_plan: The image is damaged or incomplete and cannot be read.' }));
      renderManager();
      await screen.findByRole('list', { name: 'Floor plan files' });
      await user.upload(screen.getByLabelText('Floor plan'), png());
      await user.click(screen.getByRole('button', { name: /upload new plan/i }));
      expect(await screen.findByRole('alert')).toHaveTextContent('floor_plan: The image is damaged or incomplete and cannot be read.');

      api.on('POST', '/v1/floors/f1/floor-plans', () => new Response('', { status: 500 }));
      await user.click(screen.getByRole('button', { name: /upload new plan/i }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload floor plan'));
    });

    it("'Failed to delete floor plan' when a delete fails, and 'Failed to update floor' when a switch fails", async () => {
      const user = userEvent.setup();
      const api = setup();
      api.on('DELETE', '/v1/floors/f1/floor-plans', () => new Response('', { status: 500 }));
      api.on('PUT', '/v1/floors/f1/plan-image', () => new Response('', { status: 500 }));
      renderManager();
      await user.click(await screen.findByRole('button', { name: `Delete ${SMALL.file_name}` }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete floor plan');

      await user.click(screen.getByRole('button', { name: `Make ${SMALL.file_name} current` }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update floor'));
    });

    it("'Failed to delete floor plan' when a replacement's upload worked but the old file stayed", async () => {
      const user = userEvent.setup();
      const api = setup();
      api.on('POST', '/v1/floors/f1/floor-plans', () => json(planFile('plan-cccccccccc.png'), 201));
      api.on('DELETE', '/v1/floors/f1/floor-plans', () => new Response('', { status: 503 }));
      renderManager();
      await screen.findByRole('list', { name: 'Floor plan files' });
      await user.upload(screen.getByLabelText('Floor plan'), png());
      await user.click(screen.getByRole('button', { name: /replace current plan/i }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete floor plan');
    });

    it('asks for a file, and refuses a type that is neither an image nor a PDF', async () => {
      const user = userEvent.setup({ applyAccept: false });
      const api = setup();
      renderManager();
      await screen.findByRole('list', { name: 'Floor plan files' });
      await user.click(screen.getByRole('button', { name: /upload new plan/i }));
      expect(screen.getByText('Choose a floor plan to upload')).toBeInTheDocument();
      await user.upload(screen.getByLabelText('Floor plan'), new File(['GIF89a'], 'plan.gif', { type: 'image/gif' }));
      expect(screen.getByText(PLAN_TYPE_ERROR)).toBeInTheDocument();
      expect(screen.getByLabelText('Floor plan')).toHaveAttribute('aria-invalid', 'true');
      await user.click(screen.getByRole('button', { name: /upload new plan/i }));
      expect(api.callsTo('POST', '/v1/floors/f1/floor-plans')).toHaveLength(0);
    });
  });

  it('in view mode lists the files but offers no upload, switch or delete', async () => {
    setup();
    renderManager(false);
    await screen.findByRole('list', { name: 'Floor plan files' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Floor plan')).not.toBeInTheDocument();
  });

  it('turns a chosen PDF page into a PNG at the chosen resolution and uploads it', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.on('POST', '/v1/floors/f1/floor-plans', () => json(planFile('plan-dddddddddd.png'), 201));
    pdf.renderPng.mockResolvedValue(new Blob(['rendered'], { type: 'image/png' }));
    renderManager();
    await screen.findByRole('list', { name: 'Floor plan files' });
    await user.upload(screen.getByLabelText('Floor plan'), new File(['%PDF-1.7'], 'Rennes N2.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('Rennes N2.pdf: 3 pages')).toBeInTheDocument();
    const resolution = screen.getByRole('radiogroup', { name: 'Resolution' });
    expect(within(resolution).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      '150 DPI: 1754 × 1240 px',
      '200 DPI: 2339 × 1654 px',
      '300 DPI: 3508 × 2480 px',
    ]);
    const page = screen.getByLabelText('Page');
    await user.clear(page);
    await user.type(page, '2');
    await user.click(within(resolution).getByRole('radio', { name: /300 DPI/ }));
    await user.click(screen.getByRole('button', { name: 'Use page 2' }));
    expect(pdf.renderPng).toHaveBeenCalledExactlyOnceWith(2, 300);
    expect(await screen.findByText('Rennes N2-page2.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /upload new plan/i }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/floors/f1/floor-plans')).toHaveLength(1));
    const sent = (api.callsTo('POST', '/v1/floors/f1/floor-plans')[0]?.body as FormData).get('floor_plan') as File;
    expect({ name: sent.name, type: sent.type }).toEqual({ name: 'Rennes N2-page2.png', type: 'image/png' });
    expect(pdf.opened).toBe(1);
  });
});
