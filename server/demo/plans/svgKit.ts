/**
 * A tiny drawing kit for the demo floor plans: plan coordinates are metres from the
 * building's top-left (north-west) corner, x to the east, y to the south; the kit turns
 * them into SVG pixels at a fixed scale. Everything is axis-aligned and deterministic.
 */

/** A suggested camera position on a plan, in percent of the image (0..100, origin top left). */
export interface CameraSpot {
  label: string;
  xPercent: number;
  yPercent: number;
}

/** A gap in a wall: a door (swinging leaf), double door, window, plain opening or loading-bay door. */
export interface Opening {
  /** Distance from the wall's start to the opening's first edge, in metres. */
  at: number;
  /** Clear width in metres. */
  width: number;
  kind: 'door' | 'double-door' | 'window' | 'opening' | 'bay';
  /** Side the leaf swings to: +1 is +y for a horizontal wall, +x for a vertical one. */
  swing?: 1 | -1;
  /** Which edge of the opening carries the hinge (single doors). */
  hinge?: 'start' | 'end';
}

export type Point = readonly [number, number];

/** Wall thicknesses in metres. */
export const WALL = { exterior: 0.35, interior: 0.15, partition: 0.1 } as const;

/** Light room fills, as on a facilities plan. */
export const FILL = {
  circulation: '#f3f3f1',
  office: '#eaf2fb',
  meeting: '#fdf1dc',
  wet: '#e3f2ef',
  core: '#e9e9e9',
  technical: '#f8e6e6',
  amenity: '#eaf5e1',
  storage: '#f1ece4',
  warehouse: '#f8f8f6',
  dock: '#fff5d1',
} as const;

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** Escapes text for SVG character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

const n = (value: number) => Number(value.toFixed(2));

/** One plan being drawn; call {@link PlanDrawing.toSvg} at the end. */
export class PlanDrawing {
  private readonly layers = { floor: [] as string[], fixtures: [] as string[], walls: [] as string[], doors: [] as string[], labels: [] as string[] };

  /**
   * @param width canvas width in px
   * @param height canvas height in px
   * @param scale px per metre
   * @param origin px position of the plan's (0, 0)
   */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale: number,
    readonly origin: Point,
  ) {}

  px(x: number, y: number): Point {
    return [n(this.origin[0] + x * this.scale), n(this.origin[1] + y * this.scale)];
  }

  len(metres: number): number {
    return n(metres * this.scale);
  }

  /** A filled area in metres, on the floor layer under the walls. */
  area(x: number, y: number, w: number, h: number, fill: string, extra = ''): void {
    const [px, py] = this.px(x, y);
    this.layers.floor.push(`<rect x="${px}" y="${py}" width="${this.len(w)}" height="${this.len(h)}" fill="${fill}" ${extra}/>`);
  }

  /** A room: its fill, and its name (with the area in m² unless `showArea` is false) at the centre or at `labelAt`. */
  room(x: number, y: number, w: number, h: number, fill: string, name: string, options: { showArea?: boolean; labelAt?: Point; size?: number } = {}): void {
    this.area(x, y, w, h, fill);
    const [lx, ly] = options.labelAt ?? [x + w / 2, y + h / 2];
    const size = options.size ?? 17;
    this.text(lx, ly, name, { size, weight: 'bold' });
    if (options.showArea !== false) this.text(lx, ly + (size + 4) / this.scale, `${Math.round(w * h)} m²`, { size: 13, fill: '#6b6b6b' });
  }

  /** Text centred on a point in metres; `size` in px. */
  text(x: number, y: number, content: string, style: { size?: number; weight?: 'bold' | 'normal'; fill?: string; anchor?: 'start' | 'middle' | 'end'; rotate?: number } = {}): void {
    const [px, py] = this.px(x, y);
    const rotate = style.rotate ? ` transform="rotate(${style.rotate} ${px} ${py})"` : '';
    this.layers.labels.push(
      `<text x="${px}" y="${py}" font-family="${FONT}" font-size="${style.size ?? 16}" font-weight="${style.weight ?? 'normal'}" fill="${style.fill ?? '#1d1d1d'}" text-anchor="${style.anchor ?? 'middle'}" dominant-baseline="middle"${rotate}>${escapeXml(content)}</text>`,
    );
  }

  /** Raw SVG on the fixtures layer (furniture, sanitary ware, racking); build coordinates with `px`/`len`. */
  fixture(svg: string): void {
    this.layers.fixtures.push(svg);
  }

  /** A fixture rectangle in metres. */
  box(x: number, y: number, w: number, h: number, style = 'fill="#ffffff" stroke="#8a8a8a" stroke-width="1.5"', rx = 0): void {
    const [px, py] = this.px(x, y);
    this.fixture(`<rect x="${px}" y="${py}" width="${this.len(w)}" height="${this.len(h)}" rx="${this.len(rx)}" ${style}/>`);
  }

  /** A fixture polyline in metres. */
  line(points: readonly Point[], style = 'stroke="#8a8a8a" stroke-width="1.5"'): void {
    const coords = points.map(([x, y]) => this.px(x, y).join(',')).join(' ');
    const fill = style.includes('fill=') ? '' : 'fill="none" ';
    this.fixture(`<polyline points="${coords}" ${fill}${style}/>`);
  }

  /**
   * A straight, axis-aligned wall from `from` to `to` (metres), `thickness` metres thick,
   * drawn solid black with gaps for its openings, and the door, window or bay symbol in
   * each gap.
   * @throws Error when the wall is not horizontal or vertical
   */
  wall(from: Point, to: Point, thickness: number, openings: readonly Opening[] = []): void {
    const horizontal = from[1] === to[1];
    if (!horizontal && from[0] !== to[0]) throw new Error('Walls must be horizontal or vertical');
    const axis = horizontal ? 0 : 1;
    const start = Math.min(from[axis], to[axis]);
    const end = Math.max(from[axis], to[axis]);
    const fixed = horizontal ? from[1] : from[0];
    const solid = (a: number, b: number) => {
      if (b - a <= 0) return;
      const [x, y, w, h] = horizontal
        ? [a, fixed - thickness / 2, b - a, thickness]
        : [fixed - thickness / 2, a, thickness, b - a];
      const [px, py] = this.px(x, y);
      this.layers.walls.push(`<rect x="${px}" y="${py}" width="${this.len(w)}" height="${this.len(h)}" fill="#111111"/>`);
    };
    let cursor = start - thickness / 2;
    for (const opening of [...openings].sort((a, b) => a.at - b.at)) {
      const a = start + opening.at;
      solid(cursor, a);
      this.openingSymbol(horizontal, fixed, a, opening, thickness);
      cursor = a + opening.width;
    }
    solid(cursor, end + thickness / 2);
  }

  /** Maps (along, across) wall coordinates to plan metres. */
  private wallPoint(horizontal: boolean, fixed: number, along: number, across: number): Point {
    return horizontal ? [along, fixed + across] : [fixed + across, along];
  }

  private openingSymbol(horizontal: boolean, fixed: number, a: number, opening: Opening, thickness: number): void {
    const at = (along: number, across: number) => this.px(...this.wallPoint(horizontal, fixed, along, across));
    const b = a + opening.width;
    const swing = opening.swing ?? 1;
    const leaf = (hinge: number, tip: number) => {
      const radius = Math.abs(tip - hinge);
      const steps = 16;
      const arc: string[] = [];
      for (let i = 0; i <= steps; i++) {
        const angle = (Math.PI / 2) * (i / steps);
        arc.push(at(hinge + Math.sign(tip - hinge) * radius * Math.sin(angle), swing * radius * Math.cos(angle)).join(','));
      }
      const [hx, hy] = at(hinge, 0);
      const [ex, ey] = at(hinge, swing * radius);
      this.layers.doors.push(
        `<line x1="${hx}" y1="${hy}" x2="${ex}" y2="${ey}" stroke="#111111" stroke-width="2.5"/>`,
        `<polyline points="${arc.join(' ')}" fill="none" stroke="#6d6d6d" stroke-width="1.2"/>`,
      );
    };
    const half = thickness / 2;
    switch (opening.kind) {
      case 'door':
        if (opening.hinge === 'end') leaf(b, a);
        else leaf(a, b);
        break;
      case 'double-door':
        leaf(a, (a + b) / 2);
        leaf(b, (a + b) / 2);
        break;
      case 'window': {
        const frame = [at(a, -half), at(b, -half), at(b, half), at(a, half)].map((p) => p.join(',')).join(' ');
        const [g1x, g1y] = at(a, 0);
        const [g2x, g2y] = at(b, 0);
        this.layers.walls.push(
          `<polygon points="${frame}" fill="#ffffff" stroke="#111111" stroke-width="1.5"/>`,
          `<line x1="${g1x}" y1="${g1y}" x2="${g2x}" y2="${g2y}" stroke="#111111" stroke-width="1"/>`,
        );
        break;
      }
      case 'bay': {
        // Sectional overhead door: dashed line where the door runs, with the track inside.
        const [s1x, s1y] = at(a, 0);
        const [s2x, s2y] = at(b, 0);
        const [t1x, t1y] = at(a, -swing * 0.9);
        const [t2x, t2y] = at(b, -swing * 0.9);
        this.layers.doors.push(
          `<line x1="${s1x}" y1="${s1y}" x2="${s2x}" y2="${s2y}" stroke="#111111" stroke-width="3" stroke-dasharray="10 6"/>`,
          `<line x1="${t1x}" y1="${t1y}" x2="${t2x}" y2="${t2y}" stroke="#8a8a8a" stroke-width="1.2" stroke-dasharray="4 4"/>`,
        );
        break;
      }
      case 'opening':
        break;
    }
  }

  /** A camera spot at plan metres, as percent of the canvas. */
  spot(label: string, x: number, y: number): CameraSpot {
    const [px, py] = this.px(x, y);
    return { label, xPercent: n((px / this.width) * 100), yPercent: n((py / this.height) * 100) };
  }

  /** Title block, scale bar and north arrow along the bottom edge. */
  titleBlock(title: string, subtitle: string, scaleText: string): void {
    const { width: w, height: h } = this;
    const bar = this.len(10);
    this.layers.labels.push(
      `<g font-family="${FONT}" fill="#1d1d1d">`,
      `<rect x="${w - 640}" y="${h - 118}" width="600" height="88" fill="#ffffff" stroke="#111111" stroke-width="2"/>`,
      `<line x1="${w - 640}" y1="${h - 74}" x2="${w - 40}" y2="${h - 74}" stroke="#111111" stroke-width="1"/>`,
      `<text x="${w - 624}" y="${h - 90}" font-size="22" font-weight="bold">${escapeXml(title)}</text>`,
      `<text x="${w - 624}" y="${h - 46}" font-size="16">${escapeXml(subtitle)}</text>`,
      `<text x="${w - 56}" y="${h - 46}" font-size="16" text-anchor="end">${escapeXml(scaleText)}</text>`,
      `<rect x="60" y="${h - 70}" width="${bar / 2}" height="10" fill="#111111"/>`,
      `<rect x="${60 + bar / 2}" y="${h - 70}" width="${bar / 2}" height="10" fill="#ffffff" stroke="#111111" stroke-width="1.5"/>`,
      `<text x="60" y="${h - 84}" font-size="14" text-anchor="middle">0</text>`,
      `<text x="${60 + bar / 2}" y="${h - 84}" font-size="14" text-anchor="middle">5</text>`,
      `<text x="${60 + bar}" y="${h - 84}" font-size="14" text-anchor="middle">10 m</text>`,
      `<g transform="translate(${80 + bar + 60} ${h - 66})"><polygon points="0,-34 12,6 0,-2 -12,6" fill="#111111"/><text x="0" y="26" font-size="16" font-weight="bold" text-anchor="middle">N</text></g>`,
      `</g>`,
    );
  }

  /** The finished SVG document, white background, layers in drawing order. */
  toSvg(): string {
    const { floor, fixtures, walls, doors, labels } = this.layers;
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">`,
      `<rect width="${this.width}" height="${this.height}" fill="#ffffff"/>`,
      `<g id="floor">${floor.join('')}</g>`,
      `<g id="fixtures">${fixtures.join('')}</g>`,
      `<g id="walls">${walls.join('')}</g>`,
      `<g id="doors">${doors.join('')}</g>`,
      `<g id="labels">${labels.join('')}</g>`,
      `</svg>`,
    ].join('\n');
  }
}
