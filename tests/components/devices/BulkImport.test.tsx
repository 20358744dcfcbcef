import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DevicesScreen from '../../../src/screens/DevicesScreen';
import { toaster } from '../../../src/lib/toaster';
import { fakeApi, json, problem, renderAt } from '../entities/harness';

const buildings = [
  { id: 'b1', name: 'Headquarters', floor_count: 2 },
  { id: 'b2', name: 'Warehouse', floor_count: 1 },
];
const floors: Record<string, unknown[]> = {
  b1: [
    { id: 'f1', building_id: 'b1', name: 'Ground', level: 0, device_count: 0 },
    { id: 'f2', building_id: 'b1', name: 'Upstairs', level: 1, device_count: 0 },
  ],
  b2: [{ id: 'f3', building_id: 'b2', name: 'Dock', level: 0, device_count: 0 }],
};

function api() {
  const fake = fakeApi().on('GET', '/v1/devices', []).on('GET', '/v1/buildings', buildings);
  for (const [id, list] of Object.entries(floors)) fake.on('GET', `/v1/buildings/${id}/floors`, list);
  return fake;
}

const csv = (...lines: string[]) => new File([lines.join('\n')], 'devices.csv', { type: 'text/csv' });

/** Opens the import dialog, picks `floor` and uploads `file`. */
async function importFile(user: ReturnType<typeof userEvent.setup>, file: File, floor = 'Ground (level 0)') {
  renderAt(<DevicesScreen />, { path: '/devices', pattern: '/devices' });
  await screen.findByText('No devices yet');
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import devices from CSV' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Floor' }));
  await user.click(await screen.findByRole('option', { name: floor }));
  await user.upload(within(dialog).getByLabelText(/^CSV file/, { selector: 'input' }), file);
  return dialog;
}

/** The preview's data rows as [line, check text]. */
const previewRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Import preview' })).getAllByRole('row').slice(1).map((row) => {
    const cells = within(row).getAllByRole('cell');
    return [within(row).getByRole('rowheader').textContent, cells.at(-1)?.textContent];
  });

beforeEach(() => {
  vi.spyOn(toaster, 'error');
});

describe('bulk import from a CSV file', { timeout: 30_000 }, () => {
  it('previews the rows, sends them onto the chosen floor and reports the counts', async () => {
    const user = userEvent.setup();
    const fake = api().on('POST', '/v1/devices/bulk-import', (call) => {
      const body = call.body as { devices: unknown[] };
      return json({ created: 2, updated: 1, devices: body.devices });
    });
    const dialog = await importFile(
      user,
      csv('Device ID,Device Name,Type,MAC,x_percent,y_percent', 'cam-1,Lobby,CAMERA,00:11:22:33:44:55,10,20', 'cam-2,Dock,NVR_CAMERA,,,', '"cam-3","Gate, north",CAMERA,,,'),
    );
    expect(await within(dialog).findByText('3 rows ready to import.')).toBeInTheDocument();
    expect(previewRows(dialog)).toEqual([
      ['2', 'OK'],
      ['3', 'OK'],
      ['4', 'OK'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Import 3 devices' }));
    expect(await within(dialog).findByText(/Imported 3 devices onto Ground: 2 new, 1 updated\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the floor' })).toHaveAttribute('href', '/floors/f1?mode=view');
    expect(fake.callsTo('POST', '/v1/devices/bulk-import')[0]?.body).toEqual({
      floor_id: 'f1',
      devices: [
        { device_id: 'cam-1', device_name: 'Lobby', device_type: 'CAMERA', mac: '00:11:22:33:44:55', x_percent: 10, y_percent: 20 },
        { device_id: 'cam-2', device_name: 'Dock', device_type: 'NVR_CAMERA' },
        { device_id: 'cam-3', device_name: 'Gate, north', device_type: 'CAMERA' },
      ],
    });
    // The device list is invalidated: asked again after the import.
    await waitFor(() => expect(fake.callsTo('GET', '/v1/devices').length).toBeGreaterThan(1));
  });

  it('refuses a file missing a required column before calling the server', async () => {
    const user = userEvent.setup();
    const fake = api();
    const dialog = await importFile(user, csv('device_id,device_name', 'cam-1,Lobby'));
    expect(await within(dialog).findByText('Missing column: device_type')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(fake.callsTo('POST', '/v1/devices/bulk-import')).toHaveLength(0);
  });

  it('marks duplicate ids, bad positions, blank fields and unknown or other floors on their rows', async () => {
    const user = userEvent.setup();
    const dialog = await importFile(
      user,
      csv(
        'device_id,device_name,device_type,x_percent,y_percent,floor',
        'cam-1,Lobby,CAMERA,10,20,Ground',
        'cam-1,Again,CAMERA,,,',
        'cam-2,,CAMERA,150,5,',
        'cam-3,Gate,CAMERA,5,,f1',
        'cam-4,Roof,CAMERA,,,Attic',
        'cam-5,Yard,CAMERA,,,Dock',
      ),
    );
    expect(await within(dialog).findByText('6 rows, 5 rows with errors: fix the file and choose it again.')).toBeInTheDocument();
    expect(previewRows(dialog)).toEqual([
      ['3', 'device_id "cam-1" is also on line 2'],
      ['4', 'device_name is empty; x_percent must be a number from 0 to 100, not "150"'],
      ['5', 'Give both x_percent and y_percent, or neither'],
      ['6', 'Unknown floor "Attic"'],
      ['7', 'Row is for floor "Dock", not "Ground"'],
      ['2', 'OK'],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('refuses more rows than one import takes (the server limit, 1000)', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 1001 }, (_, i) => `cam-${i},Camera ${i},CAMERA`);
    const dialog = await importFile(user, csv('device_id,device_name,device_type', ...rows));
    expect(await within(dialog).findByText('The file has 1001 device rows; one import takes at most 1000. Split it into several files.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(within(dialog).getByText('Showing 200 of 1001 rows, those with errors first.')).toBeInTheDocument();
  });

  it('shows the server problem and puts its per-row errors on the row', async () => {
    const user = userEvent.setup();
    api().on('POST', '/v1/devices/bulk-import', () =>
      json(
        { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'devices.1.mac must NOT have more than 32 characters', errors: [{ field: 'devices.1.mac', message: 'must NOT have more than 32 characters' }] },
        400,
      ),
    );
    const dialog = await importFile(user, csv('device_id,device_name,device_type', 'cam-1,Lobby,CAMERA', 'cam-2,Dock,CAMERA'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 devices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('devices.1.mac must NOT have more than 32 characters');
    expect(previewRows(dialog)).toEqual([
      ['3', 'mac must NOT have more than 32 characters'],
      ['2', 'OK'],
    ]);
  });

  it('shows a plan limit (409) or an unknown floor (404) from the problem, else "Failed to import devices"', async () => {
    const user = userEvent.setup();
    const fake = api().on('POST', '/v1/devices/bulk-import', () => problem(409, { title: 'Conflict', detail: 'Your Free plan allows 10 devices; you have 9. Upgrade in Settings.' }));
    const dialog = await importFile(user, csv('device_id,device_name,device_type', 'cam-1,Lobby,CAMERA', 'cam-2,Dock,CAMERA'), 'Dock (level 0)');
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 devices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your Free plan allows 10 devices; you have 9. Upgrade in Settings.');
    expect(fake.callsTo('POST', '/v1/devices/bulk-import')[0]?.body).toMatchObject({ floor_id: 'f3' });
    fake.on('POST', '/v1/devices/bulk-import', () => problem(404, { title: 'Not Found', detail: 'Floor not found' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 devices' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Floor not found'));
    fake.on('POST', '/v1/devices/bulk-import', () => new Response('', { status: 502 }));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 devices' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to import devices'));
  });
});
