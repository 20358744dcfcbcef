import { describe, expect, it, vi } from 'vitest';

// The normalisers are pure; the client is replaced so no session or network is involved.
vi.mock('../../src/api/client', () => ({ apiFetch: vi.fn() }));

const { normaliseBuildingList } = await import('../../src/api/buildings');
const { normaliseFloorList, toFloor, floorImageUrl } = await import('../../src/api/floors');
const { normaliseDevicePositions } = await import('../../src/api/floorDevices');
const { normaliseDeviceList, devicesQueryOptions, deviceMetrics } = await import('../../src/api/devices');

describe('normaliseBuildingList (SPEC 7: list or object with buildings)', () => {
  const b = { id: 'b1', name: 'HQ' };
  it('accepts a bare list and a wrapped one', () => {
    expect(normaliseBuildingList([b]).map((x) => x.id)).toEqual(['b1']);
    expect(normaliseBuildingList({ buildings: [b] }).map((x) => x.id)).toEqual(['b1']);
  });
  it('fills missing fields and drops records without an id', () => {
    const [only, ...rest] = normaliseBuildingList([{ id: 'b2' }, { name: 'no id' }, null]);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ id: 'b2', name: 'Building b2', address: null, latitude: null, floor_count: 0 });
  });
  it('yields nothing for another shape', () => {
    expect(normaliseBuildingList({ items: [b] })).toEqual([]);
    expect(normaliseBuildingList('nope')).toEqual([]);
  });
});

describe('floors (SPEC 3: image_url derived from the floor plan file name)', () => {
  it('accepts a bare or wrapped list and sorts by level', () => {
    const raw = [
      { id: 'f2', level: 2 },
      { id: 'f0', level: -1 },
    ];
    expect(normaliseFloorList(raw).map((f) => f.id)).toEqual(['f0', 'f2']);
    expect(normaliseFloorList({ floors: raw }).map((f) => f.level)).toEqual([-1, 2]);
    expect(normaliseFloorList({ data: raw })).toEqual([]);
  });
  it('derives image_url from the file name, and unwraps { floor }', () => {
    const floor = toFloor({ floor: { id: 'f 1', floor_plan_filename: 'plan a.png', floor_plan_url: '/v1/other' } });
    expect(floor?.image_url).toBe('/v1/floors/f%201/floor-plans/plan%20a.png');
    expect(floorImageUrl({ id: 'f1', floor_plan_filename: null, floor_plan_url: '/v1/floors/f1/floor-plans/x.svg' })).toBe(
      '/v1/floors/f1/floor-plans/x.svg',
    );
    expect(toFloor({ id: 'f2' })?.image_url).toBeNull();
  });
});

describe('normaliseDevicePositions (SPEC 7: list, or object with device_positions or devices)', () => {
  const p = { device_id: 'cam-1', device_name: 'Lobby cam', device_type: 'CAMERA', x_percent: 12.5, y_percent: 80 };
  it('accepts all three shapes', () => {
    for (const raw of [[p], { device_positions: [p] }, { devices: [p] }]) {
      expect(normaliseDevicePositions(raw, 'f1').map((d) => d.device_id)).toEqual(['cam-1']);
    }
    expect(normaliseDevicePositions({ positions: [p] }, 'f1')).toEqual([]);
  });
  it('derives position_x, position_y, name and the default status online (SPEC 3)', () => {
    const [d] = normaliseDevicePositions([p], 'f1');
    expect(d).toMatchObject({ position_x: 12.5, position_y: 80, name: 'Lobby cam', status: 'online', floor_id: 'f1' });
    const [unnamed] = normaliseDevicePositions([{ device_id: 'cam-9', x_percent: 1, y_percent: 2, status: 'error' }], 'f1');
    expect(unnamed).toMatchObject({ name: 'cam-9', status: 'error', device_type: 'unknown' });
  });
  it('drops entries without an id or finite percentages', () => {
    expect(normaliseDevicePositions([{ ...p, x_percent: Number.NaN }, { ...p, device_id: undefined }], 'f1')).toEqual([]);
  });
});

describe('normaliseDeviceList (SPEC 5)', () => {
  const d = { device_id: 'cam-1', device_name: 'Lobby cam', status: 'offline' };
  it('accepts an array or an object holding devices', () => {
    expect(normaliseDeviceList([d])[0]).toMatchObject({ device_id: 'cam-1', status: 'offline', device_type: 'unknown' });
    expect(normaliseDeviceList({ devices: [d] })).toHaveLength(1);
  });
  it('treats anything else as empty with a warning logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(normaliseDeviceList({ results: [d] })).toEqual([]);
    expect(normaliseDeviceList(null)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
  it('is refetched every 5 min, not in the background (SPEC 9)', () => {
    const options = devicesQueryOptions();
    expect(options.queryKey).toEqual(['devices']);
    expect(options.refetchInterval).toBe(300_000);
    expect(options.refetchIntervalInBackground).toBe(false);
  });
});

describe('deviceMetrics (SPEC 3)', () => {
  it('counts by status with rounded percentages, 0 without devices', () => {
    expect(deviceMetrics([{ status: 'online' }, { status: 'online' }, { status: 'offline' }])).toEqual({
      total: 3,
      online: 2,
      offline: 1,
      error: 0,
      onlinePercentage: 67,
      offlinePercentage: 33,
    });
    expect(deviceMetrics([])).toMatchObject({ total: 0, onlinePercentage: 0, offlinePercentage: 0 });
  });
});
