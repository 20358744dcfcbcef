import { chair, deskBench, meetingTable, shelving } from './fixtures';
import { drawOfficeShell, officeDrawing, OFFICE } from './officeShell';
import { FILL, WALL } from './svgKit';
import type { DemoPlanDrawing } from './types';

const { corridorNorth: cN, corridorSouth: cS, depth: D } = OFFICE;
const SOFA = 'fill="#dfe7d6" stroke="#6d6d6d" stroke-width="1.2"';

/** First floor: engineering open plan, focus rooms, boardroom, break-out, meeting rooms, finance. */
export function officeFirstFloor(): DemoPlanDrawing {
  const d = officeDrawing();
  drawOfficeShell(d, {
    ground: false,
    corridorNorthOpenings: [
      { at: 4, width: 1.8, kind: 'double-door', swing: -1 },
      { at: 22, width: 1.8, kind: 'double-door', swing: -1 },
      { at: 31, width: 0.9, kind: 'door', swing: -1 },
      { at: 34, width: 0.9, kind: 'door', swing: -1 },
      { at: 36.9, width: 1.8, kind: 'double-door', swing: -1 },
    ],
    corridorSouthOpenings: [
      { at: 17, width: 14, kind: 'opening' },
      { at: 33, width: 0.9, kind: 'door', swing: 1 },
      { at: 40, width: 0.9, kind: 'door', swing: 1 },
      { at: 47, width: 0.9, kind: 'door', swing: 1 },
    ],
    northWindows: [[0, 30], [30, 36], [36, 52]],
    southWindows: [[16, 32], [32, 52]],
  });

  // North of the corridor.
  d.room(0, 0, 30, cN, FILL.office, 'Engineering', { labelAt: [15, 12.4], size: 20 });
  for (const y of [1.4, 5.8]) {
    deskBench(d, 1.4, y, 8);
    deskBench(d, 15.6, y, 8);
  }
  d.room(30, 0, 6, 9, FILL.storage, 'Print & copy', { labelAt: [33, 6.5] });
  shelving(d, 30.4, 0.4, 5.2, 0.6);
  d.box(31.2, 2.4, 1.6, 0.9, 'fill="#c9d1da" stroke="#3d3d3d" stroke-width="1.2"');
  d.box(33.4, 2.4, 1.6, 0.9, 'fill="#c9d1da" stroke="#3d3d3d" stroke-width="1.2"');
  d.room(30, 9, 3, 5, FILL.meeting, 'Focus 1', { showArea: false, size: 13, labelAt: [31.5, 10.4] });
  d.room(33, 9, 3, 5, FILL.meeting, 'Focus 2', { showArea: false, size: 13, labelAt: [34.5, 10.4] });
  d.box(30.4, 11.4, 1.2, 0.7, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.box(33.4, 11.4, 1.2, 0.7, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.room(36, 0, 16, cN, FILL.meeting, 'Boardroom', { labelAt: [44, 10.8], size: 20 });
  meetingTable(d, 39, 4.4, 10, 2);
  d.box(51.4, 2.5, 0.3, 4, 'fill="#3d3d3d"');
  d.wall([30, 0], [30, cN], WALL.interior);
  d.wall([36, 0], [36, cN], WALL.interior);
  d.wall([30, 9], [36, 9], WALL.interior, [{ at: 2, width: 0.9, kind: 'door', swing: -1 }]);
  d.wall([33, 9], [33, cN], WALL.partition);

  // South: break-out, meeting rooms, finance.
  d.room(16, cS, 16, D - cS, FILL.amenity, 'Break-out & kitchen', { labelAt: [24, 21.2], size: 20 });
  d.box(16.4, 30.6, 7, 0.7, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  d.box(18, 27.6, 4, 1.1, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"');
  for (const x of [25.5, 28.5]) {
    d.box(x, 23.5, 2.2, 0.8, SOFA, 0.3);
    d.box(x, 26.2, 2.2, 0.8, SOFA, 0.3);
    d.box(x + 0.5, 24.7, 1.2, 1.1, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"', 0.5);
  }
  for (const x of [17.5, 20.5]) {
    d.box(x, 23.6, 1.2, 1.2, 'fill="#ffffff" stroke="#6d6d6d" stroke-width="1.2"', 0.6);
    chair(d, x - 0.35, 24.2);
    chair(d, x + 1.55, 24.2);
  }
  d.room(32, cS, 7, 8, FILL.meeting, 'Delta', { labelAt: [35.5, 23.3] });
  meetingTable(d, 33.6, 20.2, 3.8, 1.2);
  d.room(39, cS, 7, 8, FILL.meeting, 'Equinox', { labelAt: [42.5, 23.3] });
  meetingTable(d, 40.6, 20.2, 3.8, 1.2);
  d.room(46, cS, 6, 8, FILL.meeting, 'Fjord', { labelAt: [49, 23.3] });
  meetingTable(d, 47.5, 20.2, 3.0, 1.2);
  d.room(32, 25, 20, 8, FILL.office, 'Finance', { labelAt: [42, 31.9] });
  deskBench(d, 34, 26.6, 5);
  deskBench(d, 43, 26.6, 5);
  d.wall([32, cS], [32, D], WALL.interior, [{ at: 9.5, width: 4, kind: 'opening' }]);
  d.wall([39, cS], [39, 25], WALL.interior);
  d.wall([46, cS], [46, 25], WALL.interior);
  d.wall([32, 25], [52, 25], WALL.partition);

  d.titleBlock('Floorwatch Demo HQ — First floor', 'Level 1 · 52 × 33 m · 1 716 m²', 'Scale 1:100 at 40 px/m');
  return {
    svg: d.toSvg(),
    width: d.width,
    height: d.height,
    cameraSpots: [
      d.spot('Lift lobby', 13.7, 18.2),
      d.spot('Stair door', 9.4, 16.2),
      d.spot('Corridor west', 1.8, 15.5),
      d.spot('Corridor east', 50.5, 15.5),
      d.spot('Engineering', 28.8, 1.2),
      d.spot('Boardroom door', 37.8, 12.8),
      d.spot('Break-out', 31, 32),
      d.spot('Finance', 51, 32),
    ],
  };
}
