/**
 * How one device marker is drawn, as the scene and hit functions of a single Konva shape
 * (issue 5 "Weight of the pages"): a marker was a group of six to nine nodes, and
 * creating 30 000 nodes for a floor of 5 000 cameras was the page's longest task. One
 * shape per marker keeps its id, name, position, scale, drag and hit region, and draws
 * the same picture with plain canvas calls, in marker-local CSS px (the layer
 * counter-scales markers, so these sizes hold at every zoom).
 */
import type { Context } from 'konva/lib/Context';
import type { Shape } from 'konva/lib/Shape';
import { MARKER_RADIUS_PX } from './geometry';
import { LABEL_OFFSET_PX } from './labels';
import { LABEL_BACKGROUND, LABEL_FONT_FAMILY, LABEL_FONT_SIZE_PX, LABEL_FONT_STYLE, LABEL_PADDING_PX } from './markerStyle';

/** Konva attributes a marker shape carries for its drawing (set as props on the `Shape`). */
export interface MarkerDrawingAttrs {
  /** Status colour of the disc and its halo. */
  readonly markerColour: string;
  /** The label's text (already shortened) or '' for no label. */
  readonly labelText: string;
  /** The label's text width, CSS px (`measureLabel`). */
  readonly labelWidth: number;
}

const TAU = Math.PI * 2;
const LABEL_FONT = `${LABEL_FONT_STYLE} ${LABEL_FONT_SIZE_PX}px ${LABEL_FONT_FAMILY}`;
/** Reach of the hit region (the halo), CSS px. */
const HIT_RADIUS_PX = MARKER_RADIUS_PX + 4;

let baselineOffset: number | null = null;

/**
 * Distance from the top of a text line to its alphabetic baseline, CSS px, as Konva's
 * `Text` places it (half the line plus half of ascent minus descent), measured once.
 */
function labelBaseline(ctx: CanvasRenderingContext2D): number {
  if (baselineOffset === null) {
    ctx.font = LABEL_FONT;
    const m = ctx.measureText('M');
    const ascent = m.fontBoundingBoxAscent ?? m.actualBoundingBoxAscent;
    const descent = m.fontBoundingBoxDescent ?? m.actualBoundingBoxDescent;
    baselineOffset = (ascent - descent) / 2 + LABEL_FONT_SIZE_PX / 2;
  }
  return baselineOffset;
}

function disc(ctx: CanvasRenderingContext2D, y: number, radius: number): void {
  ctx.beginPath();
  ctx.arc(0, y, radius, 0, TAU);
}

/**
 * Konva `sceneFunc` of a marker shape: a translucent halo, a soft shadow (an offset
 * disc: a blurred canvas shadow per marker made re-caching thousands cost seconds), the
 * status disc with a white rim, a white camera glyph and, when `labelText` is set, the
 * name on a dark rounded tag below. Reads {@link MarkerDrawingAttrs} from the shape.
 */
export function drawMarker(context: Context, shape: Shape): void {
  const ctx = context._context;
  const { markerColour, labelText, labelWidth } = shape.attrs as MarkerDrawingAttrs;
  const r = MARKER_RADIUS_PX;
  const alpha = ctx.globalAlpha;
  ctx.fillStyle = markerColour;
  ctx.globalAlpha = alpha * 0.22;
  disc(ctx, 0, r + 4);
  ctx.fill();
  ctx.fillStyle = '#000000';
  ctx.globalAlpha = alpha * 0.2;
  disc(ctx, 1.5, r + 1.5);
  ctx.fill();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = markerColour;
  disc(ctx, 0, r);
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(-7, -4.5, 9, 9, 2);
  ctx.moveTo(2.5, -1.5);
  ctx.lineTo(7, -4.5);
  ctx.lineTo(7, 4.5);
  ctx.lineTo(2.5, 1.5);
  ctx.closePath();
  ctx.fill();
  if (labelText === '') return;
  const width = labelWidth + 2 * LABEL_PADDING_PX;
  const left = -width / 2;
  ctx.fillStyle = LABEL_BACKGROUND;
  ctx.beginPath();
  ctx.roundRect(left, LABEL_OFFSET_PX, width, LABEL_FONT_SIZE_PX + 2 * LABEL_PADDING_PX, 4);
  ctx.fill();
  const baseline = labelBaseline(ctx);
  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(labelText, left + LABEL_PADDING_PX, LABEL_OFFSET_PX + LABEL_PADDING_PX + baseline);
}

/** Konva `hitFunc` of a marker shape: the halo's disc, where a press or hover lands on it. */
export function hitMarker(context: Context, shape: Shape): void {
  context.beginPath();
  context.arc(0, 0, HIT_RADIUS_PX, 0, TAU, false);
  context.closePath();
  context.fillShape(shape);
}
