import { describe, expect, it } from 'vitest';
import { MAX_CANVAS_SIDE, MAX_PLAN_PIXELS, dpiOptions, isPdfFile, maxDpiFor, pageFileName, pagePixelSize } from '../../src/screens/floor/plans/pdfRaster';

/** ISO page sizes in points (1/72 inch), landscape. */
const A4 = { width: 841.89, height: 595.28 };
const A0 = { width: 3370.39, height: 2383.94 };

describe('pagePixelSize', () => {
  it('is points × dpi / 72, rounded', () => {
    expect(pagePixelSize(A4, 72)).toEqual({ width: 842, height: 595 });
    expect(pagePixelSize(A4, 150)).toEqual({ width: 1754, height: 1240 });
    expect(pagePixelSize(A4, 300)).toEqual({ width: 3508, height: 2480 });
    expect(pagePixelSize({ width: 0.1, height: 0.1 }, 72)).toEqual({ width: 1, height: 1 });
  });
});

describe('maxDpiFor and dpiOptions', () => {
  it('leaves an A4 page at every offered resolution', () => {
    expect(dpiOptions(A4)).toEqual([
      { dpi: 150, effectiveDpi: 150, width: 1754, height: 1240, capped: false },
      { dpi: 200, effectiveDpi: 200, width: 2339, height: 1654, capped: false },
      { dpi: 300, effectiveDpi: 300, width: 3508, height: 2480, capped: false },
    ]);
  });

  it('caps an A0 sheet at the browser canvas side limit (16 384 px)', () => {
    const max = maxDpiFor(A0);
    expect(max).toBe(350);
    expect(pagePixelSize(A0, max).width).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
    expect(pagePixelSize(A0, max + 1).width).toBeGreaterThan(MAX_CANVAS_SIDE);
    expect(dpiOptions(A0, [300, 400]).map((o) => [o.effectiveDpi, o.capped])).toEqual([[300, false], [350, true]]);
  });

  it("caps a square sheet at the server's 200-megapixel limit", () => {
    const square = { width: 3000, height: 3000 };
    const max = maxDpiFor(square);
    const at = pagePixelSize(square, max);
    expect(at.width * at.height).toBeLessThanOrEqual(MAX_PLAN_PIXELS);
    const above = pagePixelSize(square, max + 1);
    expect(above.width * above.height).toBeGreaterThan(MAX_PLAN_PIXELS);
  });

  it('refuses a page without a size', () => {
    expect(() => maxDpiFor({ width: 0, height: 100 })).toThrow(RangeError);
  });
});

describe('pageFileName and isPdfFile', () => {
  it('names the PNG after the PDF and the page', () => {
    expect(pageFileName('Rennes N2.pdf', 1)).toBe('Rennes N2-page1.png');
    expect(pageFileName('plan.PDF', 12)).toBe('plan-page12.png');
    expect(pageFileName('.pdf', 2)).toBe('plan-page2.png');
  });

  it('knows a PDF by type, or by extension when the type is missing', () => {
    expect(isPdfFile({ type: 'application/pdf', name: 'x' })).toBe(true);
    expect(isPdfFile({ type: '', name: 'plan.pdf' })).toBe(true);
    expect(isPdfFile({ type: 'image/png', name: 'plan.pdf' })).toBe(false);
    expect(isPdfFile({ type: '', name: 'plan.png' })).toBe(false);
  });
});
