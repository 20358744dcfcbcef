import { describe, expect, it } from 'vitest';
import { deviceFiltersSearch, deviceTypesOf, filterDevices, hasDeviceFilters, parseDeviceFilters } from '../../src/screens/devices/deviceFilters';
import type { Device } from '../../src/api/types';

const device = (id: string, status: Device['status'], type: string, mac: string | null, name = id): Device => ({
  device_id: id,
  device_name: name,
  device_type: type,
  status,
  mac,
  floor_id: null,
  last_seen_at: null,
  created_at: '',
  updated_at: '',
});
const all = [device('cam-1', 'online', 'CAMERA', '00:02:D1:AA:BB:CC', 'Lobby'), device('nvr-1', 'offline', 'NVR_CAMERA', null, 'Dock'), device('cam-2', 'error', 'CAMERA', '00-02-d1-11-22-33', 'Gate')];
const ids = (list: Device[]) => list.map((d) => d.device_id);

describe('device filters', () => {
  it('read from and write to the URL query, ignoring unknown statuses and empty values', () => {
    expect(parseDeviceFilters('?status=offline&type=CAMERA&q=lob')).toEqual({ status: 'offline', type: 'CAMERA', q: 'lob' });
    expect(parseDeviceFilters('status=broken&type=')).toEqual({ status: null, type: null, q: '' });
    expect(deviceFiltersSearch({ status: 'error', type: 'NVR_CAMERA', q: 'a b' })).toBe('status=error&type=NVR_CAMERA&q=a+b');
    expect(deviceFiltersSearch({ status: null, type: null, q: '' })).toBe('');
    expect(hasDeviceFilters({ status: null, type: null, q: '  ' })).toBe(false);
  });

  it('match status, type and a search over name, id and MAC with any separators', () => {
    expect(ids(filterDevices(all, { status: 'online', type: null, q: '' }))).toEqual(['cam-1']);
    expect(ids(filterDevices(all, { status: null, type: 'CAMERA', q: '' }))).toEqual(['cam-1', 'cam-2']);
    expect(ids(filterDevices(all, { status: null, type: null, q: 'dock' }))).toEqual(['nvr-1']);
    expect(ids(filterDevices(all, { status: null, type: null, q: 'CAM-2' }))).toEqual(['cam-2']);
    expect(ids(filterDevices(all, { status: null, type: null, q: '00:02:d1:11' }))).toEqual(['cam-2']);
    expect(ids(filterDevices(all, { status: null, type: null, q: '0002D1AABB' }))).toEqual(['cam-1']);
    expect(ids(filterDevices(all, { status: 'offline', type: 'CAMERA', q: '' }))).toEqual([]);
    expect(deviceTypesOf(all)).toEqual(['CAMERA', 'NVR_CAMERA']);
  });
});
