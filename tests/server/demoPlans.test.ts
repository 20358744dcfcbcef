import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DemoPlanDrawing } from '../../server/demo/plans';
import { DEMO_FLOOR_PLANS, officeFirstFloor, officeGroundFloor, renderPlanPng, warehouseFloor } from '../../server/demo/plans';
import { inspectImage } from '../../server/images/inspectImage';

const PLANS: Array<[string, () => DemoPlanDrawing]> = [
  ['officeGroundFloor', officeGroundFloor],
  ['officeFirstFloor', officeFirstFloor],
  ['warehouseFloor', warehouseFloor],
];

describe.each(PLANS)('demo plan %s', (_name, draw) => {
  it('renders to a PNG of its stated size, on white, with black walls', async () => {
    const plan = draw();
    expect([plan.width, plan.height]).toEqual([2400, 1600]);
    const png = await renderPlanPng(plan.svg);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({ format: 'png', width: 2400, height: 1600, hasAlpha: false });

    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    let black = 0;
    for (const value of data) {
      if (value === 255) white++;
      else if (value < 40) black++;
    }
    const pixels = info.width * info.height;
    // A drawn plan: a white margin, walls and text in black, light fills in between.
    expect(white / pixels).toBeGreaterThan(0.1);
    expect(black / pixels).toBeGreaterThan(0.01);
    expect(black / pixels).toBeLessThan(0.15);
  });

  it('suggests camera spots within 0..100 percent, named uniquely, each on the drawn plan', async () => {
    const plan = draw();
    expect(plan.cameraSpots.length).toBeGreaterThanOrEqual(6);
    expect(new Set(plan.cameraSpots.map((spot) => spot.label)).size).toBe(plan.cameraSpots.length);
    const { data, info } = await sharp(await renderPlanPng(plan.svg)).raw().toBuffer({ resolveWithObject: true });
    for (const spot of plan.cameraSpots) {
      expect(spot.xPercent).toBeGreaterThanOrEqual(0);
      expect(spot.xPercent).toBeLessThanOrEqual(100);
      expect(spot.yPercent).toBeGreaterThanOrEqual(0);
      expect(spot.yPercent).toBeLessThanOrEqual(100);
      // The page margin (and furniture) is pure white; a spot must sit on a room, corridor or yard fill.
      const x = Math.round((spot.xPercent / 100) * info.width);
      const y = Math.round((spot.yPercent / 100) * info.height);
      const at = (y * info.width + x) * info.channels;
      const rgb = [data[at], data[at + 1], data[at + 2]];
      expect({ spot: spot.label, white: rgb.every((v) => v === 255) }).toEqual({ spot: spot.label, white: false });
    }
  });

  it('is deterministic and passes the upload checks as a safe SVG', async () => {
    const plan = draw();
    expect(draw().svg).toBe(plan.svg);
    const info = await inspectImage(Buffer.from(plan.svg), { maxPixels: 200_000_000 });
    expect(info).toMatchObject({ contentType: 'image/svg+xml', width: 2400, height: 1600 });
  });
});

describe('demo plans', () => {
  it('are three different drawings', () => {
    const svgs = new Set(PLANS.map(([, draw]) => draw().svg));
    expect(svgs.size).toBe(3);
  });

  it('are all listed for the seed with distinct file names and floor names per building', () => {
    expect(DEMO_FLOOR_PLANS.map((plan) => plan.draw)).toEqual([officeGroundFloor, officeFirstFloor, warehouseFloor]);
    expect(new Set(DEMO_FLOOR_PLANS.map((plan) => plan.fileName)).size).toBe(DEMO_FLOOR_PLANS.length);
    expect(new Set(DEMO_FLOOR_PLANS.map((plan) => `${plan.building}/${plan.floorName}`)).size).toBe(DEMO_FLOOR_PLANS.length);
  });
});
