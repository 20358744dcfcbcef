import { describe, expect, it } from 'vitest';
import { alongHeading, fovHandles, fovRadius, wedgeRotation } from '../../src/scene/fovGeometry';
import { planPoint } from '../../src/scene/geometry';

const plan = { width: 2000, height: 1000 };

describe('field-of-view geometry (DESIGN.md: heading clockwise from up, range in % of width)', () => {
  it('takes the radius from the plan width, not its height', () => {
    expect(fovRadius({ heading_deg: 0, angle_deg: 90, range_percent: 10 }, plan)).toBe(200);
  });

  it('turns a heading into Konva wedge rotation (which starts east and sweeps clockwise)', () => {
    // Pointing up, 90° wide: from -135° (up-left) to -45° (up-right).
    expect(wedgeRotation({ heading_deg: 0, angle_deg: 90, range_percent: 10 })).toBe(-135);
    // Pointing east, 60° wide: from -30° to 30°.
    expect(wedgeRotation({ heading_deg: 90, angle_deg: 60, range_percent: 10 })).toBe(-30);
  });

  it('walks clockwise from up', () => {
    const origin = planPoint(100, 100);
    const up = alongHeading(origin, 0, 50);
    const east = alongHeading(origin, 90, 50);
    const south = alongHeading(origin, 180, 50);
    expect([up.x, up.y]).toEqual([100, 50]);
    expect(east.x).toBeCloseTo(150);
    expect(east.y).toBeCloseTo(100);
    expect(south.x).toBeCloseTo(100);
    expect(south.y).toBeCloseTo(150);
  });

  it('puts the rotation handle half way and the range handle at the reach', () => {
    const handles = fovHandles(planPoint(0, 500), { heading_deg: 90, angle_deg: 40, range_percent: 10 }, plan);
    expect(handles.rotation.x).toBeCloseTo(100);
    expect(handles.range.x).toBeCloseTo(200);
    expect(handles.range.y).toBeCloseTo(500);
  });
});
