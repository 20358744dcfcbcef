import sharp from 'sharp';
import { hashUnit } from './random';

/** What to draw in a simulated camera frame. */
export interface SnapshotFrame {
  deviceId: string;
  /** Burned in top left, as a camera's on-screen display shows it. */
  name: string;
  /** The frame's instant; burned in top right as ISO 8601 UTC, whole seconds. */
  at: Date;
  /** A failing camera: the frame carries a VIDEO SIGNAL ERROR banner. */
  fault?: boolean;
}

/** Size and quality of the JPEG. */
export interface SnapshotOptions {
  /** Pixels; default 640. */
  width?: number;
  /** Pixels; default 360 (16:9). */
  height?: number;
  /** JPEG quality, 1 to 100; default 72. */
  quality?: number;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** `2025-11-21T10:00:05Z`: whole seconds, as a camera's clock shows them. */
export function frameTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/**
 * The scene: a floor in perspective, a back wall with a door and shelves placed by a
 * hash of the device id (each camera looks at its own room), and a figure whose place
 * follows the time, so successive frames differ. Drawn on a 640 × 360 canvas.
 */
function sceneSvg(deviceId: string, atMs: number): string {
  const h = (salt: string) => hashUnit(`${deviceId}:${salt}`);
  const hue = Math.round(h('hue') * 360);
  const horizon = 140 + Math.round(h('horizon') * 50);
  const door = 60 + Math.round(h('door') * 440);
  const shelves = Array.from({ length: 2 + Math.floor(h('shelves') * 3) }, (_, i) => {
    const x = 20 + Math.round(h(`shelf${i}`) * 560);
    const w = 40 + Math.round(h(`shelfw${i}`) * 60);
    return `<rect x="${x}" y="${horizon - 70}" width="${w}" height="70" fill="#2a3138" stroke="#3a434c"/>`;
  }).join('');
  // One pass across the room per minute, from the left wall to the right.
  const phase = (atMs / 60_000 + h('phase')) % 1;
  const px = 40 + phase * 560;
  const py = horizon + 60 + Math.round(h('lane') * 80);
  const scale = 0.6 + ((py - horizon) / (360 - horizon)) * 0.8;
  return `
  <rect width="640" height="360" fill="url(#sky)"/>
  <polygon points="0,360 640,360 520,${horizon} 120,${horizon}" fill="hsl(${hue},8%,13%)"/>
  <g stroke="hsl(${hue},10%,22%)" stroke-width="1">
    <line x1="120" y1="${horizon}" x2="0" y2="360"/><line x1="520" y1="${horizon}" x2="640" y2="360"/>
    <line x1="320" y1="${horizon}" x2="320" y2="360"/><line x1="60" y1="${horizon + 40}" x2="580" y2="${horizon + 40}"/>
  </g>
  <rect x="${door}" y="${horizon - 95}" width="46" height="95" fill="#161b20" stroke="#46505a"/>
  ${shelves}
  <g transform="translate(${px.toFixed(1)},${py}) scale(${scale.toFixed(2)})" fill="#5b646d">
    <circle cx="0" cy="-62" r="9"/><rect x="-11" y="-52" width="22" height="40" rx="6"/>
    <rect x="-10" y="-14" width="8" height="26"/><rect x="2" y="-14" width="8" height="26"/>
  </g>`;
}

function osdText(x: number, y: number, anchor: 'start' | 'middle' | 'end', text: string, fill = '#f2f2f2'): string {
  const attrs = `x="${x}" y="${y}" text-anchor="${anchor}" font-family="DejaVu Sans Mono, monospace" font-size="17"`;
  return `<text ${attrs} fill="#000" opacity="0.8" dx="1.5" dy="1.5">${escapeXml(text)}</text><text ${attrs} fill="${fill}">${escapeXml(text)}</text>`;
}

/**
 * The SVG of one frame, 640 × 360 units: dark scene, grain, vignette, and the on-screen
 * display (device name, ISO time, device id, REC).
 */
export function snapshotSvg(frame: SnapshotFrame): string {
  const fault = frame.fault
    ? `<rect x="0" y="150" width="640" height="60" fill="#7a1010" opacity="0.85"/>${osdText(320, 187, 'middle', 'VIDEO SIGNAL ERROR')}`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2329"/><stop offset="1" stop-color="#0c0f12"/></linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></radialGradient>
    <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${Math.floor(frame.at.getTime() / 1000) % 1000}"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.10 0"/></filter>
  </defs>
  ${sceneSvg(frame.deviceId, frame.at.getTime())}
  <rect width="640" height="360" filter="url(#grain)"/>
  <rect width="640" height="360" fill="url(#vignette)"/>
  ${fault}
  ${osdText(14, 28, 'start', frame.name)}
  ${osdText(626, 28, 'end', frameTime(frame.at))}
  ${osdText(14, 344, 'start', frame.deviceId, '#c8c8c8')}
  <circle cx="568" cy="338" r="6" fill="#e23b3b"/>${osdText(626, 344, 'end', 'REC', '#e23b3b')}
</svg>`;
}

/**
 * Renders a simulated camera frame as a JPEG (sharp/librsvg), the device name and the
 * time burned in. About 20 ms at 640 × 360.
 * @returns JPEG bytes
 * @throws Error from sharp when rendering fails
 */
export async function renderSnapshotJpeg(frame: SnapshotFrame, options: SnapshotOptions = {}): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  return sharp(Buffer.from(snapshotSvg(frame)), { density: 72 })
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#000000' })
    .jpeg({ quality: options.quality ?? 72, mozjpeg: true })
    .toBuffer();
}
