import type { PlanDrawing } from './svgKit';

/** Furniture, sanitary ware, circulation and racking symbols, in plan metres. */

const FURNITURE = 'fill="#ffffff" stroke="#7d7d7d" stroke-width="1.5"';
const CHAIR = 'fill="#d5dbe3" stroke="#7d7d7d" stroke-width="1"';

/** One chair: a small rounded square centred on (x, y). */
export function chair(d: PlanDrawing, x: number, y: number): void {
  d.box(x - 0.25, y - 0.25, 0.5, 0.5, CHAIR, 0.12);
}

/**
 * A bench of desks: `pairs` desks of 1.6 × 0.8 m on each side of a spine, starting at
 * (x, y) and running east, with a chair at each desk.
 */
export function deskBench(d: PlanDrawing, x: number, y: number, pairs: number): void {
  for (let i = 0; i < pairs; i++) {
    const dx = x + i * 1.6;
    d.box(dx, y, 1.6, 0.8, FURNITURE);
    d.box(dx, y + 0.8, 1.6, 0.8, FURNITURE);
    chair(d, dx + 0.8, y - 0.35);
    chair(d, dx + 0.8, y + 1.95);
  }
}

/** A meeting table w × h metres with chairs spaced about 0.8 m along the long sides and one at each end. */
export function meetingTable(d: PlanDrawing, x: number, y: number, w: number, h: number): void {
  d.box(x, y, w, h, FURNITURE, Math.min(h / 2, 0.4));
  const seats = Math.max(1, Math.floor(w / 0.8) - 1);
  for (let i = 0; i < seats; i++) {
    const cx = x + (w / seats) * (i + 0.5);
    chair(d, cx, y - 0.35);
    chair(d, cx, y + h + 0.35);
  }
  chair(d, x - 0.35, y + h / 2);
  chair(d, x + w + 0.35, y + h / 2);
}

/** A staircase: treads across its short side and a walking line with an arrow pointing up the flight. */
export function stairs(d: PlanDrawing, x: number, y: number, w: number, h: number): void {
  d.box(x, y, w, h, 'fill="#ffffff" stroke="#4d4d4d" stroke-width="1.5"');
  const vertical = h >= w;
  const length = vertical ? h : w;
  const treads = Math.floor(length / 0.28);
  for (let i = 1; i < treads; i++) {
    const t = (length / treads) * i;
    d.line(vertical ? [[x, y + t], [x + w / 2 - 0.05, y + t]] : [[x + t, y], [x + t, y + h / 2 - 0.05]], 'stroke="#6d6d6d" stroke-width="1"');
    d.line(vertical ? [[x + w / 2 + 0.05, y + t], [x + w, y + t]] : [[x + t, y + h / 2 + 0.05], [x + t, y + h]], 'stroke="#6d6d6d" stroke-width="1"');
  }
  // Dog-leg stair: a central wall between the two flights, walking line up one and down the other.
  if (vertical) {
    d.box(x + w / 2 - 0.05, y + 1, 0.1, h - 1, 'fill="#111111"');
    d.line([[x + w / 4, y + h - 0.3], [x + w / 4, y + 0.5], [x + (3 * w) / 4, y + 0.5], [x + (3 * w) / 4, y + h - 0.6]], 'stroke="#111111" stroke-width="1.5" fill="none"');
    d.line([[x + (3 * w) / 4 - 0.2, y + h - 0.9], [x + (3 * w) / 4, y + h - 0.5], [x + (3 * w) / 4 + 0.2, y + h - 0.9]], 'stroke="#111111" stroke-width="1.5"');
  } else {
    d.box(x + 1, y + h / 2 - 0.05, w - 1, 0.1, 'fill="#111111"');
    d.line([[x + w - 0.3, y + h / 4], [x + 0.5, y + h / 4], [x + 0.5, y + (3 * h) / 4], [x + w - 0.6, y + (3 * h) / 4]], 'stroke="#111111" stroke-width="1.5" fill="none"');
  }
}

/** A lift car: a square with a cross. */
export function lift(d: PlanDrawing, x: number, y: number, size: number): void {
  d.box(x + 0.2, y + 0.2, size - 0.4, size - 0.4, 'fill="#ffffff" stroke="#4d4d4d" stroke-width="1.5"');
  d.line([[x + 0.2, y + 0.2], [x + size - 0.2, y + size - 0.2]], 'stroke="#6d6d6d" stroke-width="1"');
  d.line([[x + size - 0.2, y + 0.2], [x + 0.2, y + size - 0.2]], 'stroke="#6d6d6d" stroke-width="1"');
}

/** A row of `count` WC cubicles (1.1 × 1.6 m, pan at the north side) running east from (x, y). */
export function wcRow(d: PlanDrawing, x: number, y: number, count: number): void {
  for (let i = 0; i < count; i++) {
    const cx = x + i * 1.1;
    d.box(cx, y, 1.1, 1.6, 'fill="none" stroke="#5d5d5d" stroke-width="1.5"');
    const [px, py] = d.px(cx + 0.55, y + 0.45);
    d.fixture(`<ellipse cx="${px}" cy="${py}" rx="${d.len(0.2)}" ry="${d.len(0.28)}" fill="#ffffff" stroke="#5d5d5d" stroke-width="1.2"/>`);
    d.box(cx + 0.3, y + 0.05, 0.5, 0.15, 'fill="#ffffff" stroke="#5d5d5d" stroke-width="1.2"');
  }
}

/** A vanity counter with `count` basins, along a wall running east from (x, y). */
export function basins(d: PlanDrawing, x: number, y: number, count: number): void {
  d.box(x, y, count * 0.8, 0.55, 'fill="#ffffff" stroke="#5d5d5d" stroke-width="1.2"');
  for (let i = 0; i < count; i++) {
    const [px, py] = d.px(x + 0.4 + i * 0.8, y + 0.28);
    d.fixture(`<ellipse cx="${px}" cy="${py}" rx="${d.len(0.22)}" ry="${d.len(0.16)}" fill="#ffffff" stroke="#5d5d5d" stroke-width="1.2"/>`);
  }
}

/** A structural column, `size` metres square, centred on (x, y). */
export function column(d: PlanDrawing, x: number, y: number, size = 0.4): void {
  d.box(x - size / 2, y - size / 2, size, size, 'fill="#111111"');
}

/**
 * A run of pallet racking w × h metres, drawn as bays 2.7 m long with cross-bracing,
 * long side along x when `w >= h`.
 */
export function racking(d: PlanDrawing, x: number, y: number, w: number, h: number, label?: string): void {
  d.box(x, y, w, h, 'fill="#dfe3e8" stroke="#3d3d3d" stroke-width="1.5"');
  const horizontal = w >= h;
  const length = horizontal ? w : h;
  const bays = Math.max(1, Math.round(length / 2.7));
  for (let i = 0; i < bays; i++) {
    const a = (length / bays) * i;
    const b = (length / bays) * (i + 1);
    const cell = horizontal ? [[x + a, y], [x + b, y + h]] : [[x, y + a], [x + w, y + b]];
    const [[x1, y1], [x2, y2]] = cell as [[number, number], [number, number]];
    d.line([[x1, y1], [x2, y2]], 'stroke="#9aa3ad" stroke-width="1"');
    if (i > 0) d.line(horizontal ? [[x1, y], [x1, y + h]] : [[x, y1], [x + w, y1]], 'stroke="#3d3d3d" stroke-width="1.2"');
  }
  if (label) d.text(x + w / 2, y + h / 2, label, { size: 14, weight: 'bold', fill: '#2d3640', rotate: horizontal ? 0 : -90 });
}

/** A painted traffic lane: dashed centre line with direction arrows every `every` metres. */
export function laneMarking(d: PlanDrawing, from: readonly [number, number], to: readonly [number, number], every = 8): void {
  d.line([from, to], 'stroke="#d4a106" stroke-width="3" stroke-dasharray="18 12"');
  const horizontal = from[1] === to[1];
  const length = Math.abs(horizontal ? to[0] - from[0] : to[1] - from[1]);
  const direction = Math.sign(horizontal ? to[0] - from[0] : to[1] - from[1]);
  for (let t = every / 2; t < length; t += every) {
    const [cx, cy] = horizontal ? [from[0] + direction * t, from[1]] : [from[0], from[1] + direction * t];
    const tip = 0.6 * direction;
    d.line(horizontal ? [[cx - tip, cy - 0.5], [cx + tip, cy], [cx - tip, cy + 0.5]] : [[cx - 0.5, cy - tip], [cx, cy + tip], [cx + 0.5, cy - tip]], 'stroke="#d4a106" stroke-width="3" fill="none"');
  }
}

/** A hatched pedestrian walkway w × h metres. */
export function walkway(d: PlanDrawing, x: number, y: number, w: number, h: number): void {
  d.area(x, y, w, h, '#e3f4e0', 'stroke="#3f9b4a" stroke-width="2"');
  const step = 1.2;
  const horizontal = w >= h;
  const length = horizontal ? w : h;
  for (let t = step; t < length; t += step) {
    d.line(horizontal ? [[x + t, y], [x + t - Math.min(h, t), y + Math.min(h, t)]] : [[x, y + t], [x + Math.min(w, t), y + t - Math.min(w, t)]], 'stroke="#8cc795" stroke-width="1.2"');
  }
}

/** A trailer parked at a dock, outline dashed, `length` metres deep to the south of (x, y). */
export function trailer(d: PlanDrawing, x: number, y: number, width: number, length: number): void {
  d.box(x, y, width, length, 'fill="none" stroke="#8a8a8a" stroke-width="1.5" stroke-dasharray="8 6"');
}

/** A shelving run w × h metres, divided into units about 1 m long. */
export function shelving(d: PlanDrawing, x: number, y: number, w: number, h: number): void {
  d.box(x, y, w, h, 'fill="#efe6d8" stroke="#6d6d6d" stroke-width="1.2"');
  const horizontal = w >= h;
  const count = Math.round((horizontal ? w : h) / 1.0);
  for (let i = 1; i < count; i++) {
    const t = ((horizontal ? w : h) / count) * i;
    d.line(horizontal ? [[x + t, y], [x + t, y + h]] : [[x, y + t], [x + w, y + t]], 'stroke="#9d9080" stroke-width="1"');
  }
}
