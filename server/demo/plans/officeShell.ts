import { basins, lift, stairs, wcRow } from './fixtures';
import type { Opening } from './svgKit';
import { FILL, PlanDrawing, WALL } from './svgKit';

/**
 * The office building both office floors share: 52 × 33 m, an east-west corridor
 * (y 14..17 m), a core of stairs, two lifts, plant room and toilets in the south-west,
 * drawn at 40 px/m on a 2400 × 1600 canvas. Floors differ in the rooms north and south
 * of the corridor.
 */
export const OFFICE = { width: 52, depth: 33, corridorNorth: 14, corridorSouth: 17 } as const;

/** Canvas and scale of the office plans. */
export function officeDrawing(): PlanDrawing {
  return new PlanDrawing(2400, 1600, 40, [160, 90]);
}

/** Windows 1.8 m wide at a 3.2 m pitch, centred in [from, to] metres along a wall. */
export function windowRun(from: number, to: number, pitch = 3.2, width = 1.8): Opening[] {
  const count = Math.max(0, Math.floor((to - from - width) / pitch) + 1);
  const first = from + (to - from - (count - 1) * pitch - width) / 2;
  return Array.from({ length: count }, (_, i) => ({ at: first + i * pitch, width, kind: 'window' as const }));
}

export interface ShellOptions {
  ground: boolean;
  /** Openings in the corridor's north wall (y 14), beyond the core's none. */
  corridorNorthOpenings: Opening[];
  /** Openings in the corridor's south wall (y 17) east of the core (x >= 16). */
  corridorSouthOpenings: Opening[];
  /** Window runs on the north and south façades as [from, to] metre spans. */
  northWindows: Array<[number, number]>;
  southWindows: Array<[number, number]>;
}

/** Draws the shell, corridor, core and toilets shared by every office floor. */
export function drawOfficeShell(d: PlanDrawing, options: ShellOptions): void {
  const { width: W, depth: D, corridorNorth: cN, corridorSouth: cS } = OFFICE;
  d.area(0, cN, W, cS - cN, FILL.circulation);
  d.text(30, (cN + cS) / 2, 'CORRIDOR', { size: 14, fill: '#8a8a8a', weight: 'bold' });

  // Façades. The ground floor has the main entrance (in the vestibule), a west exit at the
  // corridor's end and a fire exit at the end of the toilets' corridor.
  const southEntrance: Opening[] = options.ground ? [{ at: 22.8, width: 2.4, kind: 'double-door', swing: -1 }, { at: 6.7, width: 1.0, kind: 'door', swing: 1 }] : [];
  const westExit: Opening[] = options.ground ? [{ at: 14.6, width: 1.8, kind: 'double-door', swing: -1 }] : [{ at: 14.8, width: 1.4, kind: 'window' }];
  const north = options.northWindows.flatMap(([a, b]) => windowRun(a, b));
  const south = options.southWindows.flatMap(([a, b]) => windowRun(a, b));
  d.wall([0, 0], [W, 0], WALL.exterior, north);
  d.wall([0, D], [W, D], WALL.exterior, [...south, ...southEntrance]);
  d.wall([0, 0], [0, D], WALL.exterior, [...windowRun(1, 13), ...westExit]);
  d.wall([W, 0], [W, D], WALL.exterior, [...windowRun(1, 13), { at: 14.8, width: 1.4, kind: 'window' }, ...windowRun(18, 32)]);

  // Corridor walls: core openings west of x = 16, the floor's own doors east of it.
  d.wall([0, cN], [W, cN], WALL.interior, options.corridorNorthOpenings);
  d.wall([0, cS], [W, cS], WALL.interior, [
    { at: 6.6, width: 1.3, kind: 'opening' },
    { at: 8.9, width: 1.0, kind: 'door', swing: 1 },
    { at: 12.2, width: 3.3, kind: 'opening' },
    ...options.corridorSouthOpenings,
  ]);

  // Toilets off a short corridor (x 6.5..8) running south.
  d.area(6.5, cS, 1.5, D - cS, FILL.circulation);
  d.room(0, cS, 6.5, 6.5, FILL.wet, "Men's WC", { labelAt: [3.25, 22.2] });
  d.room(0, 23.5, 6.5, 6.5, FILL.wet, "Women's WC", { labelAt: [3.25, 28.7] });
  d.room(0, 30, 6.5, 3, FILL.wet, 'Accessible WC', { showArea: false, size: 15, labelAt: [3.4, 31.5] });
  wcRow(d, 0.3, cS + 0.2, 4);
  basins(d, 0.4, 23, 3);
  wcRow(d, 0.3, 23.7, 5);
  basins(d, 0.4, 29.45, 3);
  d.box(0.4, 30.4, 0.55, 0.75, 'fill="#ffffff" stroke="#5d5d5d" stroke-width="1.2"', 0.2);
  d.wall([6.5, cS], [6.5, D], WALL.interior, [
    { at: 4.6, width: 0.9, kind: 'door', swing: -1 },
    { at: 10.3, width: 0.9, kind: 'door', swing: -1 },
    { at: 13.8, width: 1.0, kind: 'door', swing: -1, hinge: 'end' },
  ]);
  d.wall([0, 23.5], [6.5, 23.5], WALL.interior);
  d.wall([0, 30], [6.5, 30], WALL.interior);
  d.wall([8, cS], [8, D], WALL.interior);

  // Core: stairs, lift lobby with two lifts, plant room.
  d.area(8, cS, 3.5, 8, FILL.core);
  stairs(d, 8.3, cS + 0.3, 2.9, 7.4);
  d.area(11.5, cS, 4.5, 3, FILL.circulation);
  d.text(13.75, 18.6, 'Lift lobby', { size: 13, fill: '#6b6b6b' });
  d.area(11.5, 20, 4.5, 5, FILL.core);
  lift(d, 11.6, 20.3, 2.15);
  lift(d, 13.8, 20.3, 2.15);
  d.text(12.7, 24, 'L1', { size: 13, weight: 'bold' });
  d.text(14.9, 24, 'L2', { size: 13, weight: 'bold' });
  d.wall([11.5, cS], [11.5, 25], WALL.interior);
  d.wall([11.5, 20], [16, 20], WALL.interior, [{ at: 0.5, width: 1.1, kind: 'opening' }, { at: 2.7, width: 1.1, kind: 'opening' }]);
  d.wall([13.75, 20], [13.75, 25], WALL.partition);
  d.wall([8, 25], [16, 25], WALL.interior);
  d.room(8, 25, 8, 8, FILL.technical, 'Plant room');
  d.wall([16, cS], [16, D], WALL.interior, [{ at: 13, width: 1.0, kind: 'door', swing: -1 }]);
}
