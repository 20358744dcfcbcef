import { basins, column, deskBench, laneMarking, racking, shelving, trailer, walkway, wcRow } from './fixtures';
import type { Opening } from './svgKit';
import { FILL, PlanDrawing, WALL } from './svgKit';
import type { DemoPlanDrawing } from './types';

/** Building 64 × 36 m; the yard south of it is drawn 12 m deep. */
const W = 64;
const D = 36;
/** Centres of the six dock doors along the south wall, metres from the west wall. */
const DOCKS = [5, 12, 19, 26, 33, 40] as const;
const DOCK_DOOR = 3.0;
/** Rack rows (west edge, depth in metres): a single row on the west wall, then back-to-back pairs with 3.2 m aisles. */
const RACK_ROWS: ReadonlyArray<readonly [number, number]> = [
  [0.6, 1.1], [4.9, 2.2], [10.3, 2.2], [15.7, 2.2], [21.1, 2.2], [26.5, 2.2], [31.9, 2.2], [37.3, 2.2], [42.7, 1.1],
];
const RACK_TOP = 1.2;
const RACK_BOTTOM = 22.8;

function drawShell(d: PlanDrawing): void {
  const docks: Opening[] = DOCKS.map((x) => ({ at: x - DOCK_DOOR / 2, width: DOCK_DOOR, kind: 'bay', swing: 1 }));
  d.wall([0, 0], [W, 0], WALL.exterior, [{ at: 24.5, width: 1.0, kind: 'door', swing: -1 }, { at: 52, width: 1.8, kind: 'window' }, { at: 56, width: 1.8, kind: 'window' }, { at: 60, width: 1.8, kind: 'window' }]);
  d.wall([0, D], [W, D], WALL.exterior, [...docks, { at: 46, width: 4.5, kind: 'bay', swing: 1 }]);
  d.wall([0, 0], [0, D], WALL.exterior, [{ at: 25.5, width: 1.0, kind: 'door', swing: -1 }]);
  d.wall([W, 0], [W, D], WALL.exterior, [
    { at: 2, width: 1.0, kind: 'door', swing: 1 },
    { at: 4.5, width: 1.2, kind: 'window' },
    { at: 30, width: 1.0, kind: 'door', swing: 1, hinge: 'end' },
  ]);
}

function drawStorage(d: PlanDrawing): void {
  RACK_ROWS.forEach(([x, depth], i) => {
    racking(d, x, RACK_TOP, depth, RACK_BOTTOM - RACK_TOP, `Row ${String.fromCharCode(65 + i)}`);
  });
  for (const x of [11.4, 22.2, 33.0]) for (const y of [8, 16.6]) column(d, x, y);
  for (const x of [15.5, 29.5, 43.5]) column(d, x, 31);
  column(d, 48, 31);
  for (const y of [8, 16.6]) column(d, 48, y);
  // Aisle numbers at the cross-aisle end of each aisle.
  for (let i = 0; i < RACK_ROWS.length - 1; i++) {
    const [x, depth] = RACK_ROWS[i] ?? [0, 0];
    d.text(x + depth + 1.6, RACK_BOTTOM + 0.6, `Aisle ${i + 1}`, { size: 12, fill: '#6b6b6b' });
  }
}

function drawDocks(d: PlanDrawing): void {
  d.area(0, 28.5, 46, D - 28.5, FILL.dock);
  d.text(23, 29.2, 'DISPATCH MARSHALLING', { size: 14, weight: 'bold', fill: '#8a7420' });
  DOCKS.forEach((x, i) => {
    // Staging lane, dock leveller (hatched) and the bumpers outside.
    d.box(x - 2.4, 30, 4.8, 3.2, 'fill="none" stroke="#c29b0c" stroke-width="2" stroke-dasharray="10 6"');
    for (const [px, py] of [[x - 1.9, 30.5], [x + 0.2, 30.5], [x - 1.9, 31.9], [x + 0.2, 31.9]] as const) d.box(px, py, 1.2, 1.0, 'fill="#d8c7a6" stroke="#7d6a45" stroke-width="1"');
    d.box(x - 1.1, 33.5, 2.2, 2.3, 'fill="#d5d5d5" stroke="#3d3d3d" stroke-width="1.5"');
    d.line([[x - 1.1, 33.5], [x + 1.1, 35.8]], 'stroke="#3d3d3d" stroke-width="1"');
    d.line([[x + 1.1, 33.5], [x - 1.1, 35.8]], 'stroke="#3d3d3d" stroke-width="1"');
    d.box(x - 1.9, D + 0.2, 0.35, 0.5, 'fill="#111111"');
    d.box(x + 1.55, D + 0.2, 0.35, 0.5, 'fill="#111111"');
    d.text(x, D + 1.3, `Dock ${i + 1}`, { size: 15, weight: 'bold' });
  });
  // Yard: apron with guide lines and a few trailers backed onto the docks.
  d.area(0, D + 0.2, 52, 12, '#efefef');
  DOCKS.forEach((x) => d.line([[x - 1.6, D + 2], [x - 1.6, D + 12]], 'stroke="#ffffff" stroke-width="4"'));
  for (const x of [5, 12, 26, 33]) trailer(d, x - 1.3, D + 2.2, 2.6, 9.5);
  d.text(44, D + 7, 'YARD', { size: 18, weight: 'bold', fill: '#8a8a8a' });
  d.text(48.25, D + 1.3, 'Drive-in door', { size: 13, weight: 'bold' });
}

function drawSupportAreas(d: PlanDrawing): void {
  d.room(50, 0, 14, 6, FILL.office, 'Warehouse office', { labelAt: [57, 4.6] });
  deskBench(d, 51.5, 1.3, 3);
  d.room(50, 6, 6.5, 6, FILL.amenity, 'Break room');
  d.box(50.4, 6.4, 5.6, 0.6, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.room(56.5, 6, 3.5, 6, FILL.wet, 'WC', { size: 15, labelAt: [58.25, 9.6] });
  wcRow(d, 56.65, 6.2, 2);
  basins(d, 56.9, 11.2, 2);
  d.room(60, 6, 4, 6, FILL.storage, 'Lockers', { size: 15 });
  shelving(d, 63.1, 6.4, 0.5, 5.2);
  d.wall([50, 0], [50, 12], WALL.interior, [{ at: 2.2, width: 1.0, kind: 'door', swing: -1 }]);
  d.wall([50, 6], [64, 6], WALL.interior);
  d.wall([50, 12], [64, 12], WALL.interior, [{ at: 2.5, width: 1.0, kind: 'door', swing: 1 }, { at: 7.2, width: 0.9, kind: 'door', swing: 1 }, { at: 11, width: 0.9, kind: 'door', swing: 1 }]);
  d.wall([56.5, 6], [56.5, 12], WALL.interior);
  d.wall([60, 6], [60, 12], WALL.interior);

  d.room(52, 14, 9, 7, FILL.technical, 'Battery charging', { labelAt: [56.5, 19.6] });
  for (let i = 0; i < 5; i++) d.box(52.6 + i * 1.7, 14.4, 1.1, 0.7, 'fill="#c9d1da" stroke="#3d3d3d" stroke-width="1.2"');
  for (let i = 0; i < 3; i++) d.box(53 + i * 2.6, 15.8, 1.2, 2.2, 'fill="none" stroke="#8a8a8a" stroke-width="1.2" stroke-dasharray="5 4"');
  d.wall([52, 14], [61, 14], WALL.partition);
  d.wall([52, 14], [52, 21], WALL.partition, [{ at: 4.2, width: 2.6, kind: 'opening' }]);
  d.wall([52, 21], [61, 21], WALL.partition);
  d.room(46, 14, 5.2, 7, FILL.storage, 'Returns cage', { labelAt: [48.6, 17.5], size: 14 });
  d.box(46, 14, 5.2, 7, 'fill="none" stroke="#4d4d4d" stroke-width="2" stroke-dasharray="3 3"');
}

/** Warehouse: pallet racking in rows A–I, a forklift cross aisle, six loading docks and a drive-in door, yard, office corner, battery charging. */
export function warehouseFloor(): DemoPlanDrawing {
  const d = new PlanDrawing(2400, 1600, 30, [240, 70]);
  d.area(0, 0, W, D, FILL.warehouse);
  // Forklift cross aisle and the pedestrian walkway along the east wall.
  d.area(0, 23.6, 61.2, 4.9, '#fbf7e6');
  laneMarking(d, [1, 25], [60, 25], 10);
  laneMarking(d, [60, 27.1], [1, 27.1], 10);
  d.text(30.5, 26.05, 'FORKLIFT LANE', { size: 13, weight: 'bold', fill: '#a07c06' });
  walkway(d, 61.5, 12.3, 2.2, 23.5);
  d.text(62.6, 22, 'PEDESTRIAN WALKWAY', { size: 12, weight: 'bold', fill: '#2f7a39', rotate: -90 });
  drawStorage(d);
  drawDocks(d);
  drawSupportAreas(d);
  drawShell(d);
  d.titleBlock('Floorwatch Demo Logistics — Warehouse', 'Level 0 · 64 × 36 m · 2 304 m²', 'Scale 1:133 at 30 px/m');
  return {
    svg: d.toSvg(),
    width: d.width,
    height: d.height,
    cameraSpots: [
      ...DOCKS.map((x, i) => d.spot(`Dock ${i + 1}`, x, 33)),
      d.spot('Drive-in door', 48.25, 34.5),
      d.spot('Cross aisle west', 1.5, 26),
      d.spot('Cross aisle east', 59.5, 26),
      d.spot('Staff entrance', 62.8, 2.5),
      d.spot('Office door', 49, 2.7),
      d.spot('Battery charging', 60.4, 20.4),
      d.spot('Returns cage', 46.5, 20.5),
      d.spot('North fire exit', 25, 1),
      d.spot('Yard', 24, D + 10.5),
    ],
  };
}
