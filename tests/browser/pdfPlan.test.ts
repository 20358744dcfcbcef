import { describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { dpiOptions, pagePixelSize } from '../../src/screens/floor/plans/pdfRaster';

/** The real vector PDF plan (A4 landscape, one page), read through the test runner (paths are relative to the project root). */
async function readPdf(): Promise<File> {
  const base64 = await commands.readFile('../shared/data/floorplans/centralesupelec_rennes_n2.pdf', 'base64');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new File([bytes], 'centralesupelec_rennes_n2.pdf', { type: 'application/pdf' });
}

/** Decodes a PNG blob in the browser and returns its size and the share of pixels that are not white. */
async function inspectPng(blob: Blob): Promise<{ width: number; height: number; inked: number }> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(bitmap, 0, 0);
  const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200 || (data[i + 1] ?? 255) < 200 || (data[i + 2] ?? 255) < 200) inked += 1;
  return { width: bitmap.width, height: bitmap.height, inked: inked / (data.length / 4) };
}

describe('PDF floor plans rendered with pdf.js (lazy module)', () => {
  it('opens the real PDF plan, counts its page, and renders page 1 to a PNG of the size its DPI gives', async () => {
    const { openPdf } = await import('../../src/screens/floor/plans/pdfPages');
    const pdf = await openPdf(await readPdf());
    try {
      expect(pdf.pageCount).toBe(1);
      const size = await pdf.pageSize(1);
      // A4 landscape: 297 × 210 mm = 841.89 × 595.28 pt (pdf.js rounds the box to the point).
      expect(size.width).toBeCloseTo(842, 0);
      expect(size.height).toBeCloseTo(595, 0);
      const option = dpiOptions(size).find((o) => o.dpi === 150);
      expect(option).toEqual({ dpi: 150, effectiveDpi: 150, ...pagePixelSize(size, 150), capped: false });

      const png = await pdf.renderPng(1, 150);
      expect(png.type).toBe('image/png');
      const decoded = await inspectPng(png);
      expect({ width: decoded.width, height: decoded.height }).toEqual(pagePixelSize(size, 150));
      // A floor plan: mostly white paper with walls and text drawn on it.
      expect(decoded.inked).toBeGreaterThan(0.005);
      expect(decoded.inked).toBeLessThan(0.6);
    } finally {
      await pdf.destroy();
    }
  });
});
