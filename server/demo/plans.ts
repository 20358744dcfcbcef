import sharp from 'sharp';
import { officeGroundFloor } from './plans/office';
import { officeFirstFloor } from './plans/officeFirstFloor';
import type { DemoPlanDrawing } from './plans/types';
import { warehouseFloor } from './plans/warehouse';

export type { CameraSpot } from './plans/svgKit';
export type { DemoPlanDrawing } from './plans/types';
export { officeGroundFloor, officeFirstFloor, warehouseFloor };

/** A demo floor: the building it belongs to, its name and level, and its drawn plan. */
export interface DemoFloorPlan {
  building: 'Demo HQ' | 'Demo Logistics';
  floorName: string;
  level: number;
  /** File name to store the rendered PNG under. */
  fileName: string;
  draw: () => DemoPlanDrawing;
}

/** Every demo floor, in the order the seed should create them. */
export const DEMO_FLOOR_PLANS: readonly DemoFloorPlan[] = [
  { building: 'Demo HQ', floorName: 'Ground floor', level: 0, fileName: 'demo-hq-ground-floor.png', draw: officeGroundFloor },
  { building: 'Demo HQ', floorName: 'First floor', level: 1, fileName: 'demo-hq-first-floor.png', draw: officeFirstFloor },
  { building: 'Demo Logistics', floorName: 'Warehouse', level: 0, fileName: 'demo-logistics-warehouse.png', draw: warehouseFloor },
];

/**
 * Rasterizes a plan's SVG to PNG at its own pixel size (1 SVG unit = 1 px), flattened
 * on white so it stays visible on a dark theme. About 150 ms for a 2400 × 1600 plan.
 * @returns PNG bytes
 * @throws Error from sharp when the SVG cannot be parsed
 */
export async function renderPlanPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).flatten({ background: '#ffffff' }).png({ compressionLevel: 9 }).toBuffer();
}
