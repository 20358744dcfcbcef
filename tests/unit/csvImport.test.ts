import { describe, expect, it } from 'vitest';
import { checkImport, importReady, normaliseHeader, serverRowErrors, toBulkImportRequest } from '../../src/screens/devices/csvImport';
import { parseCsv, previewOf } from '../../src/screens/devices/csvParse';

const ground = { id: 'f1', name: 'Ground' };
const floors = [ground, { id: 'f2', name: 'Upstairs' }];
const HEAD = ['device_id', 'device_name', 'device_type'];
const row = (id: string, extra: Record<string, string> = {}) => ({ device_id: id, device_name: `Camera ${id}`, device_type: 'CAMERA', ...extra });

describe('normaliseHeader', () => {
  it.each([
    ['Device ID', 'device_id'],
    [' device-name ', 'device_name'],
    ['Type', 'device_type'],
    ['MAC Address', 'mac'],
    ['Floor Name', 'floor'],
    ['x', 'x_percent'],
    ['colour', 'colour'],
  ])('%s reads as %s', (header, column) => expect(normaliseHeader(header)).toBe(column));
});

describe('checkImport', () => {
  it('accepts good rows, with or without a position', () => {
    const preview = checkImport([row('a', { x_percent: '0', y_percent: '100' }), row('b')], [...HEAD, 'x_percent', 'y_percent'], ground, floors);
    expect(importReady(preview)).toBe(true);
    expect(preview.rows.map((r) => [r.line, r.x_percent, r.y_percent])).toEqual([
      [2, 0, 100],
      [3, null, null],
    ]);
  });

  it('names every missing required column once, for the whole file', () => {
    const preview = checkImport([{ device_id: 'a' }], ['device_id'], ground, floors);
    expect(preview.fileErrors).toEqual(['Missing columns: device_name, device_type']);
    expect(preview.rows[0]?.errors).toEqual([]);
    expect(importReady(preview)).toBe(false);
  });

  it('refuses an empty file and more than 1000 rows', () => {
    expect(checkImport([], HEAD, ground, floors).fileErrors).toEqual(['The file has no device rows']);
    const many = Array.from({ length: 1001 }, (_, i) => row(`c${i}`));
    expect(checkImport(many, HEAD, ground, floors).fileErrors).toEqual(['The file has 1001 device rows; one import takes at most 1000. Split it into several files.']);
    expect(checkImport(many.slice(0, 1000), HEAD, ground, floors).fileErrors).toEqual([]);
  });

  it('marks a repeated id on the later rows, naming the first line', () => {
    const preview = checkImport([row('a'), row('b'), row('a'), row('a')], HEAD, ground, floors);
    expect(preview.rows.map((r) => r.errors)).toEqual([[], [], ['device_id "a" is also on line 2'], ['device_id "a" is also on line 2']]);
  });

  it('checks ids, names, types, MACs and positions by the server rules', () => {
    const preview = checkImport(
      [
        { device_id: 'has space', device_name: '', device_type: '' },
        row('b', { mac: 'x'.repeat(33), x_percent: '-1', y_percent: 'abc' }),
        row('c', { x_percent: '50' }),
        { device_id: 'd', device_name: 'n'.repeat(201), device_type: 't'.repeat(65) },
      ],
      [...HEAD, 'mac', 'x_percent', 'y_percent'],
      ground,
      floors,
    );
    expect(preview.rows.map((r) => r.errors)).toEqual([
      ['device_id must be 1 to 128 printable characters without spaces', 'device_name is empty', 'device_type is empty'],
      ['mac is longer than 32 characters', 'x_percent must be a number from 0 to 100, not "-1"', 'y_percent must be a number from 0 to 100, not "abc"'],
      ['Give both x_percent and y_percent, or neither'],
      ['device_name is longer than 200 characters', 'device_type is longer than 64 characters'],
    ]);
  });

  it('accepts a floor column naming the chosen floor by id or name, and tells an unknown floor from another one', () => {
    const preview = checkImport([row('a', { floor: 'f1' }), row('b', { floor: 'ground' }), row('c', { floor: '' }), row('d', { floor: 'Upstairs' }), row('e', { floor: 'Roof' })], [...HEAD, 'floor'], ground, floors);
    expect(preview.rows.map((r) => r.errors)).toEqual([[], [], [], ['Row is for floor "Upstairs", not "Ground"'], ['Unknown floor "Roof"']]);
    expect(checkImport([row('e', { floor: 'Roof' })], [...HEAD, 'floor'], null, floors).rows[0]?.errors).toEqual([]);
  });
});

describe('parseCsv and previewOf', () => {
  it('reads quoted fields and header aliases, skips blank lines, and puts papaparse errors on their rows', async () => {
    const parsed = await parseCsv('ID,Name,Type\n"cam-1","Gate, north",CAMERA\n\ncam-2,Dock\n');
    const preview = previewOf(parsed, ground, floors);
    expect(preview.rows.map((r) => [r.device_id, r.device_name])).toEqual([
      ['cam-1', 'Gate, north'],
      ['cam-2', 'Dock'],
    ]);
    expect(preview.rows[1]?.errors[0]).toMatch(/Too few fields/);
    expect(preview.rows[1]?.errors).toContain('device_type is empty');
  });
});

describe('toBulkImportRequest', () => {
  it('sends MAC and position only when given', () => {
    const { rows } = checkImport([row('a', { mac: 'AA', x_percent: '1', y_percent: '2' }), row('b')], [...HEAD, 'mac', 'x_percent', 'y_percent'], ground, floors);
    expect(toBulkImportRequest('f1', rows)).toEqual({
      floor_id: 'f1',
      devices: [
        { device_id: 'a', device_name: 'Camera a', device_type: 'CAMERA', mac: 'AA', x_percent: 1, y_percent: 2 },
        { device_id: 'b', device_name: 'Camera b', device_type: 'CAMERA' },
      ],
    });
  });
});

describe('serverRowErrors', () => {
  it('maps devices.{index}.{column} errors to their rows and ignores other fields', () => {
    const errors = serverRowErrors({
      errors: [
        { field: 'devices.3.mac', message: 'must NOT have more than 32 characters' },
        { field: 'devices.2.device_id', message: 'devices[2].device_id "A" appears more than once' },
        { field: 'floor_id', message: 'must match format "uuid"' },
      ],
    });
    expect([...errors.entries()]).toEqual([
      [3, ['mac must NOT have more than 32 characters']],
      [2, ['devices[2].device_id "A" appears more than once']],
    ]);
    expect(serverRowErrors(null).size).toBe(0);
    expect(serverRowErrors({ errors: 'nope' }).size).toBe(0);
  });
});
