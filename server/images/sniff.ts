/** A raster format we accept, identified by its magic bytes. */
export type RasterFormat = 'png' | 'jpeg' | 'webp';

/** Result of looking at the first bytes of a file. */
export type SniffResult =
  | { kind: 'raster'; format: RasterFormat }
  /** Starts like markup (after an optional UTF-8 BOM and whitespace); may be SVG. */
  | { kind: 'markup' }
  /** A known image or document format we do not accept, named for the user. */
  | { kind: 'unsupported'; name: string }
  | { kind: 'unknown' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsWith(data: Buffer, bytes: readonly number[] | Buffer, offset = 0): boolean {
  if (data.length < offset + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (data[offset + i] !== bytes[i]) return false;
  return true;
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/** Known formats we refuse, by magic bytes, so the user learns what they sent. */
const UNSUPPORTED: ReadonlyArray<{ name: string; test: (data: Buffer) => boolean }> = [
  { name: 'GIF', test: (d) => startsWith(d, ascii('GIF87a')) || startsWith(d, ascii('GIF89a')) },
  { name: 'PDF', test: (d) => startsWith(d, ascii('%PDF-')) },
  { name: 'BMP', test: (d) => startsWith(d, ascii('BM')) && d.length >= 26 },
  { name: 'TIFF', test: (d) => startsWith(d, [0x49, 0x49, 0x2a, 0x00]) || startsWith(d, [0x4d, 0x4d, 0x00, 0x2a]) },
  { name: 'HEIF/AVIF', test: (d) => startsWith(d, ascii('ftyp'), 4) },
  { name: 'ICO', test: (d) => startsWith(d, [0x00, 0x00, 0x01, 0x00]) },
  { name: 'JPEG XL', test: (d) => startsWith(d, [0xff, 0x0a]) || startsWith(d, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20]) },
  { name: 'Photoshop', test: (d) => startsWith(d, ascii('8BPS')) },
  { name: 'Compressed (gzip, e.g. SVGZ)', test: (d) => startsWith(d, [0x1f, 0x8b]) },
  { name: 'ZIP', test: (d) => startsWith(d, ascii('PK\u0003\u0004')) },
];

/**
 * Identifies a file by its content, never its name: PNG signature, JPEG SOI marker
 * (FF D8 FF), WebP `RIFF....WEBP`, markup that may be SVG, a known unsupported format,
 * or unknown.
 */
export function sniffImage(data: Buffer): SniffResult {
  if (startsWith(data, PNG_SIGNATURE)) return { kind: 'raster', format: 'png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { kind: 'raster', format: 'jpeg' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return { kind: 'raster', format: 'webp' };
  const unsupported = UNSUPPORTED.find((format) => format.test(data));
  if (unsupported) return { kind: 'unsupported', name: unsupported.name };
  let i = startsWith(data, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x09 || data[i] === 0x0a || data[i] === 0x0d)) i++;
  if (data[i] === 0x3c) return { kind: 'markup' };
  return { kind: 'unknown' };
}
