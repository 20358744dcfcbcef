import { describe, expect, it } from 'vitest';
import { validateBuildingForm } from '../../src/screens/buildings/buildingFormValues';
import { validateFloorForm } from '../../src/screens/floors/floorFormValues';
import { isEditMode } from '../../src/screens/floor/floorMode';

const building = { name: 'HQ', address: '', latitude: '', longitude: '', mapImage: null };

describe('validateBuildingForm', () => {
  it('requires a name and keeps latitude within ±90 and longitude within ±180 degrees', () => {
    expect(validateBuildingForm({ ...building, name: '  ' })).toEqual({ ok: false, errors: { name: 'Name is required' } });
    expect(validateBuildingForm({ ...building, latitude: '90.0001', longitude: '-180.5' })).toEqual({
      ok: false,
      errors: { latitude: 'Latitude must be between -90 and 90', longitude: 'Longitude must be between -180 and 180' },
    });
    expect(validateBuildingForm({ ...building, latitude: 'north' })).toMatchObject({ ok: false });
  });
  it('accepts the limits themselves, sends blanks as null and trims', () => {
    expect(validateBuildingForm({ ...building, name: ' HQ ', latitude: '-90', longitude: '180' })).toEqual({
      ok: true,
      input: { name: 'HQ', address: null, latitude: -90, longitude: 180, map_image: null },
    });
  });
  it('accepts only PNG, JPEG, WebP or SVG map images', () => {
    const gif = new File(['x'], 'map.gif', { type: 'image/gif' });
    const webp = new File(['x'], 'map.webp', { type: 'image/webp' });
    expect(validateBuildingForm({ ...building, mapImage: gif })).toMatchObject({ ok: false, errors: { mapImage: expect.any(String) } });
    expect(validateBuildingForm({ ...building, mapImage: webp })).toMatchObject({ ok: true });
  });
});

describe('validateFloorForm', () => {
  it('requires name and an integer level', () => {
    expect(validateFloorForm({ name: '', level: '', floorPlan: null }, 'b1')).toEqual({
      ok: false,
      errors: { name: 'Name is required', level: 'Level is required' },
    });
    for (const level of ['1.5', '2e1', 'one']) {
      expect(validateFloorForm({ name: 'L', level, floorPlan: null }, 'b1')).toEqual({
        ok: false,
        errors: { level: 'Level must be a whole number' },
      });
    }
  });
  it('builds the request for the building, negative levels included', () => {
    expect(validateFloorForm({ name: ' Basement ', level: '-2', floorPlan: null }, 'b1')).toEqual({
      ok: true,
      input: { name: 'Basement', level: -2, building_id: 'b1', floor_plan: null },
    });
  });
});

describe('isEditMode (SPEC 2: mode edit or absent means edit)', () => {
  it('reads the query string', () => {
    expect(isEditMode('')).toBe(true);
    expect(isEditMode('?mode=edit')).toBe(true);
    expect(isEditMode('mode=view')).toBe(false);
    expect(isEditMode('?mode=present')).toBe(false);
  });
});
