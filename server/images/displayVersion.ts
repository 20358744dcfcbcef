import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { ImageRejectedError } from './imageRejectedError';
import type { ImageInfo } from './inspectImage';
import { oneAtATime } from './oneAtATime';

/** Longest side of a display version, px: browsers and GPUs handle 4096 everywhere. */
export const DISPLAY_MAX_SIDE = 4096;

/** A downscaled copy of a large raster, to show until the user zooms past its detail. */
export interface DisplayVersion {
  data: Buffer;
  contentType: ImageInfo['contentType'];
  extension: ImageInfo['extension'];
  /** Size in px; the long side is at most {@link DISPLAY_MAX_SIDE}. */
  width: number;
  height: number;
  /** Bytes. */
  size: number;
}

/** True when an accepted image needs a display version: a raster whose long side is over 4096 px (SVG scales itself). */
export function needsDisplayVersion(info: Pick<ImageInfo, 'contentType' | 'width' | 'height'>): boolean {
  return info.contentType !== 'image/svg+xml' && Math.max(info.width, info.height) > DISPLAY_MAX_SIDE;
}

// One resize at a time per process: see oneAtATime for why.
const queue = oneAtATime();

/** Encoder per source format: plans are line drawings, so PNG stays lossless; photos stay JPEG. */
function encode(pipeline: Sharp, contentType: ImageInfo['contentType']): Sharp {
  switch (contentType) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'image/webp':
      // effort 2 of 6: a few percent larger, several times faster than the default 4.
      return pipeline.webp({ quality: 90, effort: 2 });
    default:
      return pipeline.png();
  }
}

/**
 * Makes the display version of an accepted raster whose long side is over 4096 px:
 * auto-oriented (as the reported width and height are), fitted inside 4096 × 4096, in
 * the original's format. Returns null when none is needed (see {@link needsDisplayVersion}).
 *
 * libvips decodes in sequential strips and shrinks as it reads (`sequentialRead`), so a
 * 12 000 × 8 000 PNG never sits decoded in memory as a whole (about 384 MB); the work
 * runs on libvips threads, off the event loop, one resize at a time per process.
 *
 * @param data the whole original file, already accepted by inspectImage
 * @param info what inspectImage read from it
 * @param maxPixels sharp's own decompression-bomb guard, the same limit inspectImage applied
 * @throws ImageRejectedError 'corrupt' when the pixels cannot be decoded (e.g. a truncated file whose header was fine)
 */
export async function makeDisplayVersion(data: Buffer, info: ImageInfo, maxPixels: number): Promise<DisplayVersion | null> {
  if (!needsDisplayVersion(info)) return null;
  return queue(async () => {
    const pipeline = sharp(data, { limitInputPixels: maxPixels, sequentialRead: true, failOn: 'error' })
      .autoOrient()
      .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    try {
      const { data: output, info: out } = await encode(pipeline, info.contentType).toBuffer({ resolveWithObject: true });
      return { data: output, contentType: info.contentType, extension: info.extension, width: out.width, height: out.height, size: output.length };
    } catch (error) {
      throw new ImageRejectedError('corrupt', 'The image is damaged or incomplete and cannot be read.', { cause: error });
    }
  });
}
