/**
 * Content-Security-Policy for every served image. An SVG opened directly (not through
 * an `<img>`) is a document that could run script or load things: `default-src 'none'`
 * stops every load, `img-src data:` keeps embedded raster data, inline styles stay
 * (Inkscape writes them), and `sandbox` makes it a unique origin with no script.
 */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** Replaces what cannot go inside a quoted header parameter (quotes, backslashes, controls, non-ASCII). */
function asciiFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_')
    .trim();
  return ascii === '' ? 'image' : ascii;
}

/**
 * Response headers for serving a stored image (floor plan or building map) so that it
 * can only ever be an image: its sniffed content type, no MIME sniffing by the browser,
 * the CSP above, and `Content-Disposition: inline` with the file name (RFC 6266: an
 * ASCII `filename` plus a UTF-8 `filename*` when the name is not plain ASCII).
 *
 * @param contentType the type recorded at upload by inspectImage, e.g. 'image/svg+xml'
 * @param fileName the stored file name to suggest when saving
 * @returns header name to value, for `reply.headers(...)`
 */
export function imageResponseHeaders(contentType: string, fileName: string): Record<string, string> {
  const ascii = asciiFileName(fileName);
  const disposition =
    ascii === fileName ? `inline; filename="${ascii}"` : `inline; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
  return {
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': IMAGE_CONTENT_SECURITY_POLICY,
    'Content-Disposition': disposition,
  };
}

/** RFC 5987 value-chars: percent-encode everything but attr-chars. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
