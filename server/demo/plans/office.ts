import { chair, deskBench, meetingTable, shelving } from './fixtures';
import { drawOfficeShell, officeDrawing, OFFICE } from './officeShell';
import type { PlanDrawing } from './svgKit';
import { FILL, WALL } from './svgKit';
import type { DemoPlanDrawing } from './types';

const { corridorNorth: cN, corridorSouth: cS, depth: D } = OFFICE;

/** Rows of server cabinets (0.6 × 1.0 m) in a room. */
function serverCabinets(d: PlanDrawing, x: number, y: number, perRow: number, rows: number): void {
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < perRow; i++) d.box(x + i * 0.62, y + r * 2.6, 0.6, 1.0, 'fill="#c9d1da" stroke="#3d3d3d" stroke-width="1.2"');
  }
}

/** Ground floor: café, support office, server room, reception with entrance vestibule, meeting rooms, security office. */
export function officeGroundFloor(): DemoPlanDrawing {
  const d = officeDrawing();
  drawOfficeShell(d, {
    ground: true,
    corridorNorthOpenings: [
      { at: 5.4, width: 2.0, kind: 'double-door', swing: -1 },
      { at: 18.2, width: 1.0, kind: 'door', swing: -1 },
      { at: 24.0, width: 1.0, kind: 'door', swing: -1 },
      { at: 38.5, width: 1.0, kind: 'door', swing: -1, hinge: 'end' },
      { at: 47.5, width: 1.0, kind: 'door', swing: -1 },
    ],
    corridorSouthOpenings: [
      { at: 18, width: 12, kind: 'opening' },
      { at: 33, width: 0.9, kind: 'door', swing: 1 },
      { at: 40, width: 0.9, kind: 'door', swing: 1 },
      { at: 47, width: 0.9, kind: 'door', swing: 1 },
    ],
    northWindows: [[0, 16], [16, 22], [22, 42]],
    southWindows: [[16, 21.5], [26.5, 32], [32, 38], [38, 44], [44, 52]],
  });

  // North of the corridor.
  d.room(0, 0, 16, cN, FILL.amenity, 'Café', { labelAt: [8, 12.2] });
  for (const [x, y] of [[2, 2.2], [6.5, 2.2], [11, 2.2], [2, 6.2], [6.5, 6.2], [11, 6.2]] as const) meetingTable(d, x, y, 2.4, 1.0);
  d.room(16, 0, 6, cN, FILL.amenity, 'Kitchen', { labelAt: [19, 9.5] });
  d.box(16.3, 0.3, 5.4, 0.7, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.box(17.5, 3.2, 3, 1.2, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.room(22, 0, 20, cN, FILL.office, 'Customer Support', { labelAt: [32, 12.6] });
  for (const y of [1.4, 5.6]) {
    deskBench(d, 23.6, y, 5);
    deskBench(d, 33.0, y, 5);
  }
  d.room(42, 0, 10, 7, FILL.technical, 'Server room', { labelAt: [47, 5.6] });
  serverCabinets(d, 43.2, 0.6, 12, 2);
  d.room(42, 7, 10, 7, FILL.storage, 'IT store', { labelAt: [47, 10.5] });
  shelving(d, 42.4, 7.4, 9.2, 0.6);
  d.wall([16, 0], [16, cN], WALL.interior);
  d.wall([22, 0], [22, cN], WALL.interior);
  d.wall([42, 0], [42, cN], WALL.interior);
  d.wall([42, 7], [52, 7], WALL.interior, [{ at: 1.5, width: 1.0, kind: 'door', swing: -1 }]);

  // South: reception with entrance vestibule, meeting rooms, security office, mail room, training.
  d.room(16, cS, 16, D - cS, FILL.circulation, 'Reception', { labelAt: [24, 21], size: 20 });
  d.box(21, 23.4, 6, 0.9, 'fill="#ffffff" stroke="#4d4d4d" stroke-width="1.5"', 0.45);
  chair(d, 23, 22.8);
  chair(d, 25, 22.8);
  for (const y of [26.5, 28.3]) d.box(17, y, 3.2, 0.9, 'fill="#dfe7d6" stroke="#6d6d6d" stroke-width="1.2"', 0.3);
  d.box(28.2, 26.5, 0.9, 3.2, 'fill="#dfe7d6" stroke="#6d6d6d" stroke-width="1.2"', 0.3);
  d.wall([21.5, 31], [21.5, D], WALL.partition);
  d.wall([26.5, 31], [26.5, D], WALL.partition);
  d.wall([21.5, 31], [26.5, 31], WALL.partition, [{ at: 1.3, width: 2.4, kind: 'double-door', swing: -1 }]);
  d.text(24, D + 1.1, 'MAIN ENTRANCE', { size: 16, weight: 'bold' });

  d.room(32, cS, 7, 8, FILL.meeting, 'Atlas', { labelAt: [35.5, 23.3] });
  meetingTable(d, 33.6, 20.2, 3.8, 1.2);
  d.room(39, cS, 7, 8, FILL.meeting, 'Boreal', { labelAt: [42.5, 23.3] });
  meetingTable(d, 40.6, 20.2, 3.8, 1.2);
  d.room(46, cS, 6, 8, FILL.meeting, 'Cirrus', { labelAt: [49, 23.3] });
  meetingTable(d, 47.5, 20.2, 3.0, 1.2);
  d.room(32, 25, 6, 8, FILL.technical, 'Security office', { labelAt: [35, 31] });
  d.box(32.5, 25.5, 5, 0.8, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  chair(d, 34, 26.8);
  chair(d, 36, 26.8);
  d.text(35, 28.2, 'CCTV monitors', { size: 12, fill: '#6b6b6b' });
  d.room(38, 25, 5, 8, FILL.storage, 'Mail room');
  shelving(d, 42.2, 25.5, 0.5, 7);
  d.room(43, 25, 9, 8, FILL.meeting, 'Training');
  for (const y of [26.2, 28.2, 30.2]) d.box(45.5, y, 5, 0.6, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.wall([32, cS], [32, D], WALL.interior, [{ at: 10, width: 1.0, kind: 'door', swing: 1 }]);
  d.wall([39, cS], [39, 25], WALL.interior);
  d.wall([46, cS], [46, 25], WALL.interior);
  d.wall([32, 25], [52, 25], WALL.interior, [{ at: 7.5, width: 0.9, kind: 'door', swing: -1 }, { at: 12, width: 0.9, kind: 'door', swing: -1 }]);
  d.wall([38, 25], [38, D], WALL.interior);
  d.wall([43, 25], [43, D], WALL.interior);

  d.titleBlock('Floorwatch Demo HQ — Ground floor', 'Level 0 · 52 × 33 m · 1 716 m²', 'Scale 1:100 at 40 px/m');
  return {
    svg: d.toSvg(),
    width: d.width,
    height: d.height,
    cameraSpots: [
      d.spot('Main entrance', 24, 29.8),
      d.spot('Reception', 18, 19),
      d.spot('Lift lobby', 13.7, 18.2),
      d.spot('Corridor west', 1.8, 15.5),
      d.spot('Corridor east', 50.5, 15.5),
      d.spot('Server room door', 48, 12.8),
      d.spot('Fire exit south-west', 7.2, 32),
      d.spot('Café', 14.5, 1.5),
      d.spot('Security office', 33, 32),
    ],
  };
}
