import {
  LABEL_FONT_FAMILY,
  LABEL_FONT_SIZE_PX,
  LABEL_FONT_STYLE,
  LABEL_MAX_TEXT_PX,
} from './markerStyle';

/** A device name as a label shows it: possibly shortened, and its width in CSS px. */
export interface MeasuredLabel {
  readonly text: string;
  readonly width: number;
}

let context: CanvasRenderingContext2D | null = null;
const cache = new Map<string, MeasuredLabel>();

function measure(text: string): number {
  if (context === null) {
    context = document.createElement('canvas').getContext('2d');
    // Set once: this canvas is ours alone, and parsing the font string on every call
    // was half the cost of measuring a floor's 5 000 names (issue 5).
    if (context !== null) context.font = `${LABEL_FONT_STYLE} ${LABEL_FONT_SIZE_PX}px ${LABEL_FONT_FAMILY}`;
  }
  if (context === null) return text.length * LABEL_FONT_SIZE_PX * 0.6;
  return context.measureText(text).width;
}

/**
 * Measures a device name in the label font (the same font Konva draws with) and cuts it
 * with an ellipsis to fit {@link LABEL_MAX_TEXT_PX}. Results are cached per name.
 */
export function measureLabel(name: string): MeasuredLabel {
  const cached = cache.get(name);
  if (cached) return cached;
  let text = name;
  let width = measure(text);
  if (width > LABEL_MAX_TEXT_PX) {
    let kept = name.length;
    do {
      kept -= 1;
      text = `${name.slice(0, kept).trimEnd()}…`;
      width = measure(text);
    } while (kept > 1 && width > LABEL_MAX_TEXT_PX);
  }
  const result = { text, width: Math.ceil(width) };
  cache.set(name, result);
  return result;
}
