/**
 * Opens a PDF and renders its pages to PNG with pdf.js. Import this module lazily
 * (`await import('./pdfPages')`): it pulls in pdf.js and its worker, which no other
 * route needs.
 */
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pagePixelSize, type PageSizePt } from './pdfRaster';

GlobalWorkerOptions.workerSrc = workerUrl;

/** An opened PDF. Call `destroy()` when done, to end its worker. */
export interface PdfPages {
  /** Number of pages, at least 1. */
  readonly pageCount: number;
  /** Size of page `pageNumber` (1-based) in points, after its own rotation. */
  pageSize(pageNumber: number): Promise<PageSizePt>;
  /**
   * Renders page `pageNumber` (1-based) at `dpi` on white and encodes it as a PNG of
   * exactly `pagePixelSize(pageSize, dpi)` pixels.
   * @throws Error when the canvas cannot be made or encoded (e.g. too large for the browser)
   */
  renderPng(pageNumber: number, dpi: number): Promise<Blob>;
  destroy(): Promise<void>;
}

/**
 * Reads a PDF file and parses it in pdf.js's worker.
 * @param file the chosen PDF (a `File` is a `Blob`)
 * @throws pdf.js's error for a damaged or password-protected file
 */
export async function openPdf(file: Blob): Promise<PdfPages> {
  const task = getDocument({ data: new Uint8Array(await file.arrayBuffer()) });
  const document = await task.promise;
  const pageSize = async (pageNumber: number): Promise<PageSizePt> => {
    const viewport = (await document.getPage(pageNumber)).getViewport({ scale: 1 });
    return { width: viewport.width, height: viewport.height };
  };
  return {
    pageCount: document.numPages,
    pageSize,
    async renderPng(pageNumber, dpi) {
      const page = await document.getPage(pageNumber);
      const base = page.getViewport({ scale: 1 });
      const size = pagePixelSize({ width: base.width, height: base.height }, dpi);
      // Scale each axis to the rounded pixel size, so the PNG is exactly what the user was shown.
      const viewport = page.getViewport({ scale: size.width / base.width });
      const canvas = window.document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const transform = [1, 0, 0, size.height / viewport.height, 0, 0];
      await page.render({ canvas, viewport, transform, background: '#ffffff' }).promise;
      page.cleanup();
      const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      // Free the canvas's pixels now rather than at the next collection.
      canvas.width = 0;
      canvas.height = 0;
      if (!png) throw new Error(`The page could not be encoded at ${size.width} × ${size.height} px`);
      return png;
    },
    destroy: () => task.destroy(),
  };
}
