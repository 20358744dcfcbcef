import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  NO_FILTERS,
  activeEventParam,
  customRangeError,
  eventFiltersSearch,
  fromLocalInputValue,
  hasFilters,
  parseEventFilters,
  toEventListQuery,
  toLocalInputValue,
} from '../../src/screens/events/eventFilters';
import { eventDeviceHref, snapshotSourceOf } from '../../src/screens/events/snapshotSource';
import { withAlertResolved } from '../../src/atoms/events.atoms';
import { toEventPage, toEventRecord } from '../../src/api/events';

describe('event filters in the URL', () => {
  it('offers the spec five event types', () => {
    expect(EVENT_TYPES).toEqual(['Audio', 'Video motion', 'Intrusion', 'Line crossing', 'Tampering']);
  });

  it('reads and writes every filter, in a fixed order', () => {
    const search = 'device=cam-1&type=Line+crossing&range=custom&from=2025-11-21T09%3A00%3A00.000Z&to=2025-11-21T10%3A00%3A00.000Z';
    const filters = parseEventFilters(`?${search}`);
    expect(filters).toEqual({
      deviceId: 'cam-1',
      eventType: 'Line crossing',
      range: 'custom',
      from: '2025-11-21T09:00:00.000Z',
      to: '2025-11-21T10:00:00.000Z',
    });
    expect(eventFiltersSearch(filters)).toBe(search);
    expect(eventFiltersSearch(filters, 'e1')).toBe(`${search}&event=e1`);
  });

  it('reads unknown or empty values as no filter', () => {
    expect(parseEventFilters('range=fortnight&device=&from=2025-01-01T00:00:00Z')).toEqual(NO_FILTERS);
    expect(parseEventFilters('range=custom&from=yesterday')).toMatchObject({ range: 'custom', from: null });
    expect(eventFiltersSearch(NO_FILTERS)).toBe('');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, range: '7d' })).toBe(true);
  });

  it('reads the highlighted event id', () => {
    expect(activeEventParam('?event=abc')).toBe('abc');
    expect(activeEventParam('type=Audio')).toBeNull();
  });

  it('makes preset ranges end now and custom ranges absolute', () => {
    const now = Date.parse('2025-11-21T12:00:00.000Z');
    expect(toEventListQuery({ ...NO_FILTERS, range: '1h' }, now)).toEqual({ from: '2025-11-21T11:00:00.000Z' });
    expect(toEventListQuery({ ...NO_FILTERS, range: '24h' }, now)).toEqual({ from: '2025-11-20T12:00:00.000Z' });
    expect(toEventListQuery({ ...NO_FILTERS, range: '7d', deviceId: 'cam-1', eventType: 'Audio' }, now)).toEqual({
      device_id: 'cam-1',
      event_type: 'Audio',
      from: '2025-11-14T12:00:00.000Z',
    });
    expect(toEventListQuery({ ...NO_FILTERS, range: 'custom', from: '2025-11-21T09:00:00+01:00', to: null }, now)).toEqual({
      from: '2025-11-21T08:00:00.000Z',
    });
    expect(toEventListQuery(NO_FILTERS, now)).toEqual({});
  });

  it('refuses a custom range that does not start before it ends', () => {
    const custom = { ...NO_FILTERS, range: 'custom' as const };
    expect(customRangeError({ ...custom, from: '2025-11-21T10:00:00Z', to: '2025-11-21T10:00:00Z' })).toBe('"From" must be before "To"');
    expect(customRangeError({ ...custom, from: '2025-11-21T09:00:00Z', to: '2025-11-21T10:00:00Z' })).toBeNull();
    expect(customRangeError({ ...custom, from: '2025-11-21T09:00:00Z', to: null })).toBeNull();
  });

  it('converts between ISO instants and datetime-local values in local time', () => {
    const iso = fromLocalInputValue('2025-11-21T09:30');
    expect(iso).toBe(new Date(2025, 10, 21, 9, 30).toISOString());
    expect(toLocalInputValue(iso)).toBe('2025-11-21T09:30');
    expect(fromLocalInputValue('')).toBeNull();
    expect(toLocalInputValue(null)).toBe('');
  });
});

describe('event snapshots and device links', () => {
  const devices = new Map([
    ['cam-1', { device_type: 'CAMERA' }],
    ['nvr-1', { device_type: 'NVR_CAMERA' }],
    ['door-1', { device_type: 'ACCESS_CONTROL' }],
  ]);

  it('asks the matched device when it is a CAMERA or NVR_CAMERA, never another type or an unknown device', () => {
    expect(snapshotSourceOf({ mapped_device_id: 'cam-1' }, devices)).toEqual({ deviceId: 'cam-1', deviceType: 'CAMERA' });
    expect(snapshotSourceOf({ mapped_device_id: 'nvr-1' }, devices)).toEqual({ deviceId: 'nvr-1', deviceType: 'NVR_CAMERA' });
    expect(snapshotSourceOf({ mapped_device_id: 'door-1' }, devices)).toBeNull();
    expect(snapshotSourceOf({ mapped_device_id: 'not-listed' }, devices)).toBeNull();
    expect(snapshotSourceOf({ mapped_device_id: null }, devices)).toBeNull();
  });

  it('links the matched device, else the id VORTEX sent', () => {
    expect(eventDeviceHref({ mapped_device_id: 'cam 1', device_id: 'x' })).toBe('/devices/cam%201');
    expect(eventDeviceHref({ mapped_device_id: null, device_id: '0002D1A4C7F1' })).toBe('/devices/0002D1A4C7F1');
  });
});

describe('event records', () => {
  const wire = { id: 'e1', device_id: 'd', event_type: 'Audio', local_time: 1, received_at: 'r' };

  it('reads absent optional fields as null or false and drops records that are not events', () => {
    expect(toEventRecord(wire)).toEqual({
      ...wire,
      device_name: null,
      mapped_device_id: null,
      device_mac: null,
      event_name: null,
      has_snapshot: false,
      alert: null,
    });
    expect(toEventRecord({ ...wire, local_time: '2025-01-01' })).toBeNull();
    expect(toEventPage({ events: [wire, { id: 2 }], next_cursor: 'c' })).toMatchObject({ events: [{ id: 'e1' }], next_cursor: 'c' });
    expect(toEventPage(null)).toEqual({ events: [], next_cursor: null });
  });

  it('marks one alert resolved across pages and leaves lists without it untouched', () => {
    const event = (id: string, alert: { id: string; resolved: boolean } | null) => ({ ...toEventRecord({ ...wire, id })!, alert });
    const data = {
      pageParams: [null, 'c1'],
      pages: [
        { events: [event('e1', { id: 'a1', resolved: false })], next_cursor: 'c1' },
        { events: [event('e2', { id: 'a2', resolved: false })], next_cursor: null },
      ],
    };
    const next = withAlertResolved(data, 'a2', true);
    expect(next?.pages[1]?.events[0]?.alert).toEqual({ id: 'a2', resolved: true });
    expect(next?.pages[0]?.events[0]).toBe(data.pages[0]!.events[0]);
    expect(data.pages[1]!.events[0]!.alert?.resolved).toBe(false);
    expect(withAlertResolved(data, 'other', true)).toBe(data);
    expect(withAlertResolved(undefined, 'a1', true)).toBeUndefined();
  });
});
