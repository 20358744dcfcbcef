/**
 * Resolution maths for turning a PDF page into a PNG floor plan. Pure: no DOM, no pdf.js.
 *
 * A PDF page is measured in points (1/72 inch); at a given DPI it becomes
 * `points × dpi / 72` pixels on each side, rounded to whole pixels.
 */

/** PDF user space: 72 points per inch. */
export const POINTS_PER_INCH = 72;

/** Resolutions offered, dots per inch: screen-sharp, detailed, print. */
export const PDF_DPI_CHOICES = [150, 200, 300] as const;

/** The server refuses a plan over 200 megapixels (server/http/upload.ts MAX_IMAGE_PIXELS). */
export const MAX_PLAN_PIXELS = 200_000_000;

/** Longest canvas side every current browser renders (Chrome and Firefox allow more, Safari 16 384). */
export const MAX_CANVAS_SIDE = 16_384;

/** A page's size in points, after its own rotation. */
export interface PageSizePt {
  width: number;
  height: number;
}

/** One resolution choice as the user sees it. */
export interface DpiOption {
  /** The DPI offered. */
  dpi: number;
  /** The DPI used: `dpi`, or less when that would pass the limits. */
  effectiveDpi: number;
  /** Resulting PNG size, px. */
  width: number;
  height: number;
  /** True when `effectiveDpi` < `dpi`. */
  capped: boolean;
}

/** Pixel size of a page rendered at `dpi`: each side `points × dpi / 72`, rounded, at least 1 px. */
export function pagePixelSize(page: PageSizePt, dpi: number): { width: number; height: number } {
  const scale = dpi / POINTS_PER_INCH;
  return { width: Math.max(1, Math.round(page.width * scale)), height: Math.max(1, Math.round(page.height * scale)) };
}

/**
 * The highest whole DPI at which the page stays within {@link MAX_PLAN_PIXELS} in area
 * and {@link MAX_CANVAS_SIDE} on its long side (checked after rounding).
 * @throws RangeError for a page without a positive size
 */
export function maxDpiFor(page: PageSizePt): number {
  if (!(page.width > 0) || !(page.height > 0)) throw new RangeError('The page has no size');
  const bySide = (POINTS_PER_INCH * MAX_CANVAS_SIDE) / Math.max(page.width, page.height);
  const byArea = POINTS_PER_INCH * Math.sqrt(MAX_PLAN_PIXELS / (page.width * page.height));
  let dpi = Math.max(1, Math.floor(Math.min(bySide, byArea)));
  // Rounding the sides up can push a boundary DPI just past a limit.
  while (dpi > 1 && !withinLimits(pagePixelSize(page, dpi))) dpi -= 1;
  return dpi;
}

function withinLimits(size: { width: number; height: number }): boolean {
  return size.width * size.height <= MAX_PLAN_PIXELS && Math.max(size.width, size.height) <= MAX_CANVAS_SIDE;
}

/** The offered resolutions for a page, each capped at {@link maxDpiFor}, with the pixel size it gives. */
export function dpiOptions(page: PageSizePt, choices: readonly number[] = PDF_DPI_CHOICES): DpiOption[] {
  const max = maxDpiFor(page);
  return choices.map((dpi) => {
    const effectiveDpi = Math.min(dpi, max);
    return { dpi, effectiveDpi, ...pagePixelSize(page, effectiveDpi), capped: effectiveDpi < dpi };
  });
}

/** `plan.pdf`, page 3 → `plan-page3.png`: the name the rendered page is uploaded under. */
export function pageFileName(pdfName: string, pageNumber: number): string {
  const base = pdfName.replace(/\.pdf$/i, '').trim() || 'plan';
  return `${base}-page${pageNumber}.png`;
}

/** True for a PDF by its type, or by its extension when the browser gave no type. */
export function isPdfFile(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
}
