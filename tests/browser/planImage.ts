/**
 * A generated office floor plan for scene tests: dark walls, door swings and room names on
 * a transparent background, as real CAD exports come, so the scene's white backing shows.
 */

interface Room {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  tint?: string;
}

const ROOMS: readonly Room[] = [
  { name: 'Lobby', x: 40, y: 40, w: 360, h: 300, tint: 'rgba(59, 130, 246, 0.06)' },
  { name: 'Open Office', x: 400, y: 40, w: 760, h: 520 },
  { name: 'Server Room', x: 1160, y: 40, w: 400, h: 260, tint: 'rgba(234, 179, 8, 0.08)' },
  { name: 'Conference A', x: 1160, y: 300, w: 400, h: 260 },
  { name: 'Reception', x: 40, y: 340, w: 360, h: 320 },
  { name: 'Corridor', x: 400, y: 560, w: 1160, h: 100, tint: 'rgba(100, 116, 139, 0.06)' },
  { name: 'Storage', x: 40, y: 660, w: 360, h: 300 },
  { name: 'Kitchen', x: 400, y: 660, w: 420, h: 300 },
  { name: 'Loading Dock', x: 820, y: 660, w: 740, h: 300, tint: 'rgba(100, 116, 139, 0.06)' },
];

/** Door openings: a gap in a wall and a quarter-circle swing, at x,y with radius r. */
const DOORS: readonly { x: number; y: number; r: number; start: number }[] = [
  { x: 400, y: 250, r: 50, start: Math.PI / 2 },
  { x: 1160, y: 200, r: 50, start: Math.PI / 2 },
  { x: 700, y: 560, r: 60, start: 0 },
  { x: 200, y: 660, r: 50, start: -Math.PI / 2 },
  { x: 1000, y: 660, r: 60, start: -Math.PI / 2 },
  { x: 200, y: 340, r: 50, start: 0 },
];

export const PLAN_WIDTH = 1600;
export const PLAN_HEIGHT = 1000;

/** Draws the plan and returns it as a PNG data URL (natural size PLAN_WIDTH x PLAN_HEIGHT). */
export function drawPlanImage(): string {
  const canvas = document.createElement('canvas');
  canvas.width = PLAN_WIDTH;
  canvas.height = PLAN_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');

  for (const room of ROOMS) {
    if (room.tint) {
      ctx.fillStyle = room.tint;
      ctx.fillRect(room.x, room.y, room.w, room.h);
    }
  }
  ctx.strokeStyle = '#1e293b';
  ctx.lineWidth = 6;
  for (const room of ROOMS) ctx.strokeRect(room.x, room.y, room.w, room.h);
  ctx.lineWidth = 12;
  ctx.strokeRect(40, 40, 1520, 920);

  for (const door of DOORS) {
    // Cut the opening out of the wall, then draw the leaf and its swing.
    ctx.clearRect(door.x - 8, door.y - 8, 16, 16);
    ctx.save();
    ctx.globalCompositeOperation = 'destination-out';
    ctx.beginPath();
    ctx.arc(door.x, door.y, door.r, door.start, door.start + Math.PI / 2);
    ctx.lineTo(door.x, door.y);
    ctx.fill();
    ctx.restore();
    ctx.strokeStyle = '#64748b';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(door.x, door.y, door.r, door.start, door.start + Math.PI / 2);
    ctx.stroke();
  }

  ctx.fillStyle = '#475569';
  ctx.font = '600 26px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const room of ROOMS) ctx.fillText(room.name.toUpperCase(), room.x + room.w / 2, room.y + room.h / 2);

  ctx.strokeStyle = '#94a3b8';
  ctx.lineWidth = 2;
  for (let i = 0; i < 8; i += 1) {
    // Desks in the open office.
    const x = 460 + (i % 4) * 170;
    const y = 120 + Math.floor(i / 4) * 220;
    ctx.strokeRect(x, y, 120, 60);
  }
  return canvas.toDataURL('image/png');
}
