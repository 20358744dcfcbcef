import { describe, expect, it } from 'vitest';
import { unwrapRing } from '../../src/screens/map/worldOutlines';
import { boundsOf, buildingPosition, countsLabel, devicesByBuilding, markerTone } from '../../src/screens/map/buildingPlaces';

describe('map outlines', () => {
  it('moves the western points of a ring cut at the antimeridian east of 180°', () => {
    expect(unwrapRing([[179, 65], [-179, 66], [-178, 64], [179, 65]])).toEqual([[179, 65], [181, 66], [182, 64], [179, 65]]);
  });

  it('leaves other rings as they are', () => {
    const ring = [[4, 52], [5, 53], [4.5, 51], [4, 52]];
    expect(unwrapRing(ring)).toEqual(ring);
  });
});

describe('building places', () => {
  it('gives a position only for finite, in-range coordinates', () => {
    expect(buildingPosition({ latitude: 37.79, longitude: -122.39 })).toEqual([37.79, -122.39]);
    expect(buildingPosition({ latitude: null, longitude: 4 })).toBeNull();
    expect(buildingPosition({ latitude: 91, longitude: 4 })).toBeNull();
  });

  it('groups placed devices by the building of their floor, skipping unplaced ones', () => {
    const floors = [{ id: 'f1', building_id: 'b1' }, { id: 'f2', building_id: 'b2' }];
    const devices = [
      { floor_id: 'f1', status: 'online' as const },
      { floor_id: 'f1', status: 'error' as const },
      { floor_id: 'f2', status: 'offline' as const },
      { floor_id: null, status: 'error' as const },
      { floor_id: 'gone', status: 'error' as const },
    ];
    const grouped = devicesByBuilding(floors, devices);
    expect(grouped.get('b1')).toHaveLength(2);
    expect(grouped.get('b2')).toEqual([devices[2]]);
    expect([...grouped.keys()]).toEqual(['b1', 'b2']);
  });

  it('colours a marker by its worst status and labels the counts', () => {
    expect(markerTone({ total: 0, online: 0, offline: 0, error: 0 })).toBe('empty');
    expect(markerTone({ total: 3, online: 1, offline: 1, error: 1 })).toBe('error');
    expect(markerTone({ total: 2, online: 1, offline: 1, error: 0 })).toBe('offline');
    expect(markerTone({ total: 2, online: 2, offline: 0, error: 0 })).toBe('online');
    expect(countsLabel({ total: 3, online: 2, offline: 0, error: 1 })).toBe('2 online · 0 offline · 1 error');
    expect(countsLabel({ total: 0, online: 0, offline: 0, error: 0 })).toBe('No devices placed');
  });

  it('bounds the positions south-west to north-east', () => {
    expect(boundsOf([[37.8, -122.4], [52.4, 4.8]])).toEqual([[37.8, -122.4], [52.4, 4.8]]);
    expect(boundsOf([])).toBeNull();
  });
});
