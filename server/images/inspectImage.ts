import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { ACCEPTED_FORMATS_TEXT, ImageRejectedError } from './imageRejectedError';
import type { RasterFormat } from './sniff';
import { sniffImage } from './sniff';
import { assertSafeSvg } from './svgSafety';

/** What an accepted image is, read from its content. `size` is in bytes. */
export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  extension: 'png' | 'jpg' | 'webp' | 'svg';
  /** Natural width and height in pixels (SVG: see {@link inspectImage}). */
  width: number;
  height: number;
  size: number;
}

/** Limits applied by {@link inspectImage}. */
export interface InspectImageOptions {
  /** Largest width × height accepted (decompression-bomb guard), e.g. 200 000 000. */
  maxPixels: number;
}

/** An SVG whose long side is shorter than this, in pixels, is reported scaled up to it. */
export const SVG_MIN_LONG_SIDE = 1024;

/** librsvg's reference density: one SVG user unit is one pixel at 72 dpi. */
const SVG_BASE_DENSITY = 72;
/** sharp refuses densities above this. */
const MAX_DENSITY = 100_000;

const RASTER_TYPES: Readonly<Record<RasterFormat, Pick<ImageInfo, 'contentType' | 'extension'>>> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

const corrupt = (cause?: unknown) =>
  new ImageRejectedError('corrupt', 'The image is damaged or incomplete and cannot be read.', { cause });

/**
 * Reads the header only (sharp/libvips `metadata()` never decodes pixels, so a 62 Mpx
 * plan takes about 2 ms), with sharp's own pixel limit off: we apply ours afterwards
 * so the user gets a clear reason.
 */
async function readMetadata(data: Buffer, density?: number): Promise<Metadata> {
  try {
    return await sharp(data, { limitInputPixels: false, ...(density === undefined ? {} : { density }) }).metadata();
  } catch (error) {
    throw corrupt(error);
  }
}

/**
 * Size of an SVG in pixels. SVG is vector, so its width and height are nominal: we
 * keep the document's own size when its long side is at least {@link SVG_MIN_LONG_SIDE}
 * px, and otherwise scale it up (re-reading at a higher density, as librsvg would
 * render it) until the long side is about that long. Why: an SVG in small user units
 * (e.g. a viewBox of 1.5 × 0.8) rounds to a size with the wrong aspect ratio (2 × 1),
 * and the width and height are what a client rasterizes at; percent positions do not
 * depend on the scale, only on the aspect ratio, which scaling keeps.
 */
async function svgSize(data: Buffer): Promise<{ width: number; height: number }> {
  let density = SVG_BASE_DENSITY;
  let meta = await readMetadata(data, density);
  // Two corrections: the first size is rounded, so one step can land a pixel short.
  for (let step = 0; step < 2; step++) {
    const longSide = Math.max(meta.width ?? 0, meta.height ?? 0, 1);
    if (longSide >= SVG_MIN_LONG_SIDE || density >= MAX_DENSITY) break;
    density = Math.min(MAX_DENSITY, (density * SVG_MIN_LONG_SIDE) / longSide);
    meta = await readMetadata(data, density);
  }
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Display size of a raster: width and height swap for EXIF orientations 5–8, as browsers show them. */
function rasterSize(meta: Metadata): { width: number; height: number } {
  return meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
}

function checkPixels(width: number, height: number, maxPixels: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw corrupt();
  if (width * height > maxPixels) {
    const megapixels = (n: number) => `${Math.round(n / 100_000) / 10}`;
    throw new ImageRejectedError(
      'too-many-pixels',
      `The image is ${width} × ${height} pixels (${megapixels(width * height)} megapixels); the limit is ${megapixels(maxPixels)} megapixels.`,
    );
  }
}

/**
 * Identifies an uploaded image by its content, never its file name, and reads its size
 * without decoding it. Accepts PNG, JPEG and WebP (by magic bytes) and SVG (an XML
 * document with an `<svg>` root that passes {@link assertSafeSvg}).
 *
 * @param data the whole uploaded file
 * @returns type, extension to store it under, width and height in pixels, size in bytes
 * @throws ImageRejectedError 'empty' | 'not-an-image' | 'unsupported-type' (a known
 * format such as GIF or PDF) | 'too-many-pixels' (width × height over
 * `options.maxPixels`) | 'unsafe-svg' | 'corrupt' (header unreadable, or sharp reads a
 * different format than the magic bytes say).
 */
export async function inspectImage(data: Buffer, options: InspectImageOptions): Promise<ImageInfo> {
  if (data.length === 0) throw new ImageRejectedError('empty', 'The file is empty.');
  const sniffed = sniffImage(data);
  switch (sniffed.kind) {
    case 'raster': {
      const meta = await readMetadata(data);
      if (meta.format !== sniffed.format) throw corrupt();
      const { width, height } = rasterSize(meta);
      checkPixels(width, height, options.maxPixels);
      return { ...RASTER_TYPES[sniffed.format], width, height, size: data.length };
    }
    case 'markup': {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(data);
      } catch (error) {
        const lenient = new TextDecoder('utf-8').decode(data);
        if (!/<(?:[\w.-]+:)?svg[\s>/]/.test(lenient)) throw new ImageRejectedError('not-an-image', `The file is not an image. ${ACCEPTED_FORMATS_TEXT}`);
        throw new ImageRejectedError('unsupported-type', 'SVG files must be UTF-8 encoded.', { cause: error });
      }
      assertSafeSvg(text);
      const meta = await readMetadata(data);
      if (meta.format !== 'svg') throw corrupt();
      const { width, height } = await svgSize(data);
      checkPixels(width, height, options.maxPixels);
      return { contentType: 'image/svg+xml', extension: 'svg', width, height, size: data.length };
    }
    case 'unsupported':
      throw new ImageRejectedError('unsupported-type', `${sniffed.name} files are not supported. ${ACCEPTED_FORMATS_TEXT}`);
    case 'unknown':
      throw new ImageRejectedError('not-an-image', `The file is not an image. ${ACCEPTED_FORMATS_TEXT}`);
  }
}
